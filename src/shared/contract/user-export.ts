import { z } from 'zod'
import { userListQuerySchema, userSchema } from './user'

/**
 * Our server's streaming export (issue 14): every user the list's search and filters select,
 * in the list's sort, one JSON user per line. Other servers of the contract do not have it.
 */
export const USER_EXPORT_CONTENT_TYPE = 'application/x-ndjson'
/** The number of users the export will send, known before the first line. */
export const USER_EXPORT_TOTAL_HEADER = 'x-total-count'

/** What an export can send of each user: every field of the contract's user but the caller's rights. */
const exportableUserSchema = userSchema.omit({ actions: true })
export type UserExportField = keyof typeof exportableUserSchema.shape
export const USER_EXPORT_FIELDS = Object.keys(exportableUserSchema.shape) as UserExportField[]
const isExportField = (name: string): name is UserExportField =>
  (USER_EXPORT_FIELDS as string[]).includes(name)

/**
 * The fields of each user an export of `fields` sends: those named, and the id always; every
 * field when none are named.
 */
export const exportedFields = (fields: string | undefined): UserExportField[] =>
  fields === undefined
    ? USER_EXPORT_FIELDS
    : ['id', ...new Set(fields.split(',').filter((name) => isExportField(name) && name !== 'id'))]

/** The contract's check of the users of an export of `fields`: those fields, no others. */
export const exportedUserSchema = (fields: readonly UserExportField[]) =>
  exportableUserSchema.pick(
    Object.fromEntries(fields.map((field) => [field, true])) as Partial<
      Record<UserExportField, true>
    >,
  )

export const userExportQuerySchema = userListQuerySchema
  .omit({ page: true, size: true, cursor: true })
  .extend({
    fields: z
      .string()
      .refine((value) => value.split(',').every(isExportField), {
        error: `fields must be a comma-separated list of ${USER_EXPORT_FIELDS.join(', ')}`,
      })
      .optional()
      .describe(
        'The fields of each user to send, comma-separated (id is always sent); every field when absent. An export that writes a few columns reads and sends only those.',
      ),
  })
export type UserExportQuery = z.input<typeof userExportQuerySchema>
export type UserExportParams = z.output<typeof userExportQuerySchema>
