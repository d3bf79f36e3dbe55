import enAuth from './en/auth.json'
import enSettings from './en/settings.json'
import enShell from './en/shell.json'
import type { Locale } from './locales'

/**
 * The English catalogue, one file per area of the console: its keys are every message the
 * console has, and its texts are the spec's, to the letter.
 */
export const EN = { ...enShell, ...enAuth, ...enSettings }

export type MessageId = keyof typeof EN

/** The values a message's ICU arguments take. */
export type MessageValues = Record<string, string | number | Date>

/** Formats the console's messages in one language. */
export type Translate = (id: MessageId, values?: MessageValues) => string

/** A language's messages in ICU MessageFormat; a test holds Arabic to English's keys. */
export type Catalogue = Record<MessageId, string>

/** The messages of `locale`: Arabic's loaded only by those who read it. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return locale === 'ar' ? (await import('./ar')).AR : EN
}
