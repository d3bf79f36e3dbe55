/** The texts of the CSV import (issue 32): the main process says them, the renderer shows them. */
export const IMPORT_MESSAGES = {
  passwordColumn: 'Passwords cannot be imported. New users get a link to set their own.',
  noUsernameColumn: 'The file has no username column.',
  noRows: 'The file has no rows to import.',
  binary: 'This is not a CSV file: it holds binary data.',
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and choose it again.',
  tooLarge: 'The file is larger than 50 MB.',
  tooManyRows: 'The file has more than 200,000 rows.',
  tooManyFields: (row: number) => `Row ${row} has more fields than the header.`,
  activeWord: 'Active must be true, false, yes, no, 1 or 0',
  repeated: (field: 'username' | 'email', value: string, firstRow: number) =>
    `${field === 'username' ? 'Username' : 'Email'} "${value}" is also in row ${firstRow}`,
} as const

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * The preview's counts (issue 32 point 3), "1 new user" and "2 new users", and, when present
 * users are to be updated, how many of them would change (issue 56).
 */
export const importPreviewCounts = (counts: {
  created: number
  present: number
  /** Given when "Update users already present" is ticked. */
  updated?: number
  failed: number
}) =>
  `${counted(counts.created, 'new user', 'new users')}, ${counts.present} already present${counts.updated === undefined ? '' : ` (${counts.updated} to update)`}, ${counted(counts.failed, 'row', 'rows')} with errors`

/** The preview of a file that would change nothing: Apply still gives its report (issue 56). */
export const NOTHING_TO_CHANGE =
  'Nothing will change: every user in the file is already as it says.'
export const NOTHING_TO_CHANGE_UNTICKED = `Nothing will change: the users in the file are already present, and are left as they are unless "Update users already present" is ticked.`

/** Why a row was left alone, in the preview and the saved report (issue 56). */
export const unchangedReason = (updateExisting: boolean) =>
  updateExisting
    ? 'Already present with these values'
    : 'Already present; not updated, as "Update users already present" is not ticked'

/** The final report's counts (issue 32 point 5). */
export const importReportCounts = (counts: {
  created: number
  updated: number
  unchanged: number
  failed: number
}) =>
  `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed`

export const UPDATE_PRESENT_LABEL = 'Update users already present'
export const SEND_LINK_LABEL = 'Email each new user a link to set their password'
