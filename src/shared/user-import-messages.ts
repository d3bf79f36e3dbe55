import en from './i18n/en/import.json'

/**
 * What the main process says of a CSV import (issue 32), in English: in its errors and in the
 * saved report. Their texts are the catalogue's, and take plain `{name}` arguments only, so they
 * are filled in without an ICU formatter; the renderer shows them in the console's language by
 * `importMessageOf`.
 */
const SAID_BY_MAIN = [
  'import.passwordColumn',
  'import.noUsernameColumn',
  'import.noRows',
  'import.binary',
  'import.notUtf8',
  'import.tooLarge',
  'import.tooManyRows',
  'import.tooManyFields',
  'import.activeWord',
  'import.repeatedUsername',
  'import.repeatedEmail',
  'import.unchangedAsGiven',
  'import.unchangedNotUpdated',
] as const satisfies readonly (keyof typeof en)[]

export type ImportMessageId = (typeof SAID_BY_MAIN)[number]

const ARGUMENT = /\{(\w+)\}/g

const fill = (id: ImportMessageId, values: Record<string, string | number>) =>
  en[id].replace(ARGUMENT, (_, name: string) => String(values[name]))

export const IMPORT_MESSAGES = {
  passwordColumn: en['import.passwordColumn'],
  noUsernameColumn: en['import.noUsernameColumn'],
  noRows: en['import.noRows'],
  binary: en['import.binary'],
  notUtf8: en['import.notUtf8'],
  tooLarge: en['import.tooLarge'],
  tooManyRows: en['import.tooManyRows'],
  tooManyFields: (row: number) => fill('import.tooManyFields', { row }),
  activeWord: en['import.activeWord'],
  repeated: (field: 'username' | 'email', value: string, firstRow: number) =>
    fill(field === 'username' ? 'import.repeatedUsername' : 'import.repeatedEmail', {
      value,
      firstRow,
    }),
} as const

/** Why a row was left alone, in the preview and the saved report (issue 56). */
export const unchangedReasonId = (updateExisting: boolean): ImportMessageId =>
  updateExisting ? 'import.unchangedAsGiven' : 'import.unchangedNotUpdated'

export const unchangedReason = (updateExisting: boolean) => en[unchangedReasonId(updateExisting)]

const escaped = (text: string) => text.replace(/[.*+?^$|()[\]\\]/g, '\\$&')

/** Each message as a pattern whose groups are its arguments, in their order. */
const PATTERNS = SAID_BY_MAIN.map((id) => {
  const names = [...en[id].matchAll(ARGUMENT)].map((match) => match[1]!)
  const pattern = escaped(en[id]).replace(ARGUMENT, '(.*)')
  return { id, names, pattern: new RegExp(`^${pattern}$`, 's') }
})

/** The message an English text of the main process was made from, and its values, if one was. */
export function importMessageOf(
  text: string,
): { id: ImportMessageId; values: Record<string, string> } | undefined {
  for (const { id, names, pattern } of PATTERNS) {
    const match = pattern.exec(text)
    if (match)
      return { id, values: Object.fromEntries(names.map((name, at) => [name, match[at + 1]!])) }
  }
  return undefined
}
