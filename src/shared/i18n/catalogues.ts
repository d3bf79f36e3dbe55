import enAccess from './en/access.json'
import enAudit from './en/audit.json'
import enAuth from './en/auth.json'
import enBulk from './en/bulk.json'
import enCells from './en/cells.json'
import enComponents from './en/components.json'
import enDashboard from './en/dashboard.json'
import enEvents from './en/events.json'
import enExports from './en/exports.json'
import enHost from './en/host.json'
import enImport from './en/import.json'
import enPasswords from './en/passwords.json'
import enSecondFactor from './en/secondFactor.json'
import enSessions from './en/sessions.json'
import enSettings from './en/settings.json'
import enShell from './en/shell.json'
import enUpdates from './en/updates.json'
import enUserDetails from './en/userDetails.json'
import enUsers from './en/users.json'
import type { Locale } from './locales'

/**
 * The English catalogue, one file per area of the console: its keys are every message the
 * console has, and its texts are the spec's, to the letter.
 */
export const EN = {
  ...enShell,
  ...enAuth,
  ...enSettings,
  ...enCells,
  ...enUsers,
  ...enBulk,
  ...enImport,
  ...enUserDetails,
  ...enSecondFactor,
  ...enSessions,
  ...enAccess,
  ...enAudit,
  ...enDashboard,
  ...enEvents,
  ...enComponents,
  ...enPasswords,
  ...enUpdates,
  ...enExports,
  ...enHost,
}

export type MessageId = keyof typeof EN

/** The values a message's ICU arguments take. */
export type MessageValues = Record<string, string | number | Date>

/** Formats the console's messages in one language. */
export type Translate = (id: MessageId, values?: MessageValues) => string

/** A language's messages in ICU MessageFormat; a test holds Arabic to English's keys. */
export type Catalogue = Record<MessageId, string>

/**
 * A language's words for the server's refusals, by code (ICU, naming the refusal's params).
 * English has none: the server's own message is English.
 */
export type RefusalWords = Readonly<Record<string, string>>

/** The messages of `locale`: Arabic's loaded only by those who read it. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return locale === 'ar' ? (await import('./ar')).AR : EN
}

/** The refusal words of `locale`, loaded with its messages. */
export async function loadRefusalWords(locale: Locale): Promise<RefusalWords> {
  return locale === 'ar' ? (await import('./ar')).AR_REFUSALS : {}
}
