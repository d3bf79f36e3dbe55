import type { ThemeChoice } from '../../../shared/theme'

/** The theme choices as the avatar menu and Settings name them, in their order. */
export const THEME_LABELS: { theme: ThemeChoice; label: string }[] = [
  { theme: 'system', label: 'System' },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
]
