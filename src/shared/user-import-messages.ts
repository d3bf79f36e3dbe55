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

/** The preview's counts (issue 32 point 3), "1 new user" and "2 new users" (issue 56). */
export const importPreviewCounts = (created: number, present: number, failed: number) =>
  `${counted(created, 'new user', 'new users')}, ${present} already present, ${counted(failed, 'row', 'rows')} with errors`

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
