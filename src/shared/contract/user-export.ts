import type { z } from 'zod'
import { userListQuerySchema } from './user'

/**
 * Our server's streaming export (issue 14): every user the list's search and filters select,
 * in the list's sort, one JSON user per line. Other servers of the contract do not have it.
 */
export const USER_EXPORT_CONTENT_TYPE = 'application/x-ndjson'
/** The number of users the export will send, known before the first line. */
export const USER_EXPORT_TOTAL_HEADER = 'x-total-count'

export const userExportQuerySchema = userListQuerySchema.omit({
  page: true,
  size: true,
  cursor: true,
})
export type UserExportQuery = z.input<typeof userExportQuerySchema>
export type UserExportParams = z.output<typeof userExportQuerySchema>
