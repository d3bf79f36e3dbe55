import { create } from 'zustand'
import { isThemeChoice, type ThemeChoice } from '@shared/theme'
import { admin } from './bridge'
import { readStored, writeStored } from './storage'

/** Stored as "app:theme" (SPEC.md section 9: every key has the "app:" prefix). */
const THEME_KEY = 'theme'

export function storedTheme(): ThemeChoice {
  const stored = readStored(THEME_KEY)
  return isThemeChoice(stored) ? stored : 'system'
}

/**
 * Draws the console in `theme` (styles.css: data-theme on the root, none for System so the OS's
 * prefers-color-scheme decides) and tells the host, so native menus and dialogs follow.
 */
export function applyTheme(theme: ThemeChoice): void {
  const root = document.documentElement
  if (theme === 'system') delete root.dataset.theme
  else root.dataset.theme = theme
  void admin().app.setTheme({ theme })
}

interface ThemeState {
  theme: ThemeChoice
  chooseTheme(theme: ThemeChoice): void
}

/** The administrator's theme choice, remembered across runs. */
export const useTheme = create<ThemeState>()((set) => ({
  theme: storedTheme(),
  chooseTheme: (theme) => {
    writeStored(THEME_KEY, theme)
    applyTheme(theme)
    set({ theme })
  },
}))
