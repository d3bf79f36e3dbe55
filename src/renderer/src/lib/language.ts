import { create } from 'zustand'
import type { AppInfo } from '@shared/bridge'
import {
  chooseLocale,
  formatTag,
  isLanguageChoice,
  systemLocale,
  textDirection,
  type LanguageChoice,
  type Locale,
} from '@shared/i18n/locales'
import { EN, loadCatalogue, loadRefusalWords, type Catalogue } from '@shared/i18n/catalogues'
import { admin } from './bridge'
import { wordRefusalsWith } from './refusal-words'
import { readStored, writeStored } from './storage'

/** Stored as "app:language" and "app:latinDigits" (SPEC.md section 9: the "app:" prefix). */
const LANGUAGE_KEY = 'language'
const LATIN_DIGITS_KEY = 'latinDigits'

function storedChoice(): LanguageChoice {
  const stored = readStored(LANGUAGE_KEY)
  return isLanguageChoice(stored) ? stored : 'system'
}

/** Writes the page in `locale`: the document's language and direction. */
function writePageIn(locale: Locale): void {
  const root = document.documentElement
  root.lang = locale
  root.dir = textDirection(locale)
}

/** Writes the console in `locale`, the host's dialogs and menus too. */
function applyLocale(locale: Locale): void {
  writePageIn(locale)
  void admin().app.setLanguage({ locale })
}

/** A language with its messages, loaded, and its words for refusals put in force. */
async function wordsOf(locale: Locale) {
  const [messages, refusals] = await Promise.all([loadCatalogue(locale), loadRefusalWords(locale)])
  const { latinDigits } = useLanguage.getState()
  wordRefusalsWith(refusals, formatTag(locale, latinDigits))
  return { locale, messages }
}

interface LanguageState {
  choice: LanguageChoice
  latinDigits: boolean
  /** What the host says: IT's fixed language, and the system's languages, most preferred first. */
  host: AppInfo['language']
  locale: Locale
  /** The messages of `locale`, loaded before it is drawn. */
  messages: Catalogue
  chooseLanguage(choice: LanguageChoice): Promise<void>
  chooseLatinDigits(latin: boolean): void
}

const choiceOf = (state: Pick<LanguageState, 'choice' | 'host'>) =>
  chooseLocale(state.host.fixed, state.choice, state.host.system)

/** The console's language: IT's by policy, or the administrator's choice, or the computer's. */
export const useLanguage = create<LanguageState>()((set, get) => ({
  choice: storedChoice(),
  latinDigits: readStored(LATIN_DIGITS_KEY) === true,
  host: { fixed: null, system: [] },
  locale: 'en',
  messages: EN,
  chooseLanguage: async (choice) => {
    writeStored(LANGUAGE_KEY, choice)
    set({ choice })
    const words = await wordsOf(choiceOf({ ...get(), choice }))
    // A later choice made while this one's messages loaded wins.
    if (get().choice !== choice) return
    applyLocale(words.locale)
    set(words)
  },
  chooseLatinDigits: (latinDigits) => {
    writeStored(LATIN_DIGITS_KEY, latinDigits)
    set({ latinDigits })
    // The refusals' numbers too.
    void wordsOf(get().locale)
  },
}))

/** A page opened outside the app, with no host to ask: the browser's language. */
export async function startBrowserLanguage(): Promise<void> {
  const words = await wordsOf(systemLocale(navigator.languages))
  writePageIn(words.locale)
  useLanguage.setState(words)
}

/** Before the first paint: the language the host's facts and the stored choice give. */
export async function startLanguage(): Promise<void> {
  const info = await admin().app.info()
  const host = info.ok ? info.data.language : { fixed: null, system: [...navigator.languages] }
  const words = await wordsOf(choiceOf({ choice: useLanguage.getState().choice, host }))
  applyLocale(words.locale)
  useLanguage.setState({ host, ...words })
}
