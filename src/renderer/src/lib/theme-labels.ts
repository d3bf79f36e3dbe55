import type { MessageId } from '@shared/i18n/catalogues'
import type { ThemeChoice } from '@shared/theme'

/** The theme choices as the avatar menu and Settings name them, in their order. */
export const THEME_LABELS: { theme: ThemeChoice; label: MessageId }[] = [
  { theme: 'system', label: 'theme.system' },
  { theme: 'light', label: 'theme.light' },
  { theme: 'dark', label: 'theme.dark' },
]
