/**
 * The schemas the main process checks the renderer's inputs with, before anything goes to the
 * server; the table of operations in bridge.ts names which one checks each call.
 */
import { z } from 'zod'
import {
  BULK_ACTIONS,
  MAX_BULK_USERS,
  MAX_EFFECT_CHANGES,
  USER_SORT_FIELDS,
  SORT_DIRECTIONS,
  auditFilterSchema,
  grantInputSchema,
  bulkBodySchemas,
  groupInputSchema,
  isBulkAccessAction,
  takesGrantEnd,
  memberListQuerySchema,
  recoveryCodeSchema,
  roleInputSchema,
  totpCodeSchema,
  userFilterSchema,
  userListQuerySchema,
  type EffectOperation,
} from './contract'
import { isTimeZone } from './dates'
import { EXPORTABLE_USER_COLUMNS } from './user-columns'

export const id = z.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647)
export const idInput = z.object({ id })
export type IdInput = z.infer<typeof idInput>
export const roleAssignmentInput = z.object({ id, roleId: id })
export const groupAssignmentInput = z.object({ id, groupId: id })
export const roleGrantInput = grantInputSchema.extend({ id, roleId: id })
export const groupGrantInput = grantInputSchema.extend({ id, groupId: id })
export const membersInput = memberListQuerySchema.extend({ id })
export const roleUpdateInput = roleInputSchema.extend({ id })
export const groupUpdateInput = groupInputSchema.extend({ id })

/** A change previewed, as its own operation takes it (the same schema checks it). */
const previewed = <N extends EffectOperation, S extends z.ZodType>(operation: N, input: S) =>
  z.object({ operation: z.literal(operation), input })

/**
 * The effect of a change before it is made (issue 57): the change named by its endpoint, with
 * the input its own operation of the bridge takes (a bulk one: its endpoint's body).
 */
const effectChangeInput = z.discriminatedUnion('operation', [
  previewed('createRole', roleInputSchema),
  previewed('updateRole', roleUpdateInput),
  previewed('activateRole', idInput),
  previewed('deactivateRole', idInput),
  previewed('updateGroup', groupUpdateInput),
  previewed('activateGroup', idInput),
  previewed('deactivateGroup', idInput),
  previewed('addUserRole', roleAssignmentInput),
  previewed('removeUserRole', roleAssignmentInput),
  previewed('addUserGroup', groupAssignmentInput),
  previewed('removeUserGroup', groupAssignmentInput),
  previewed('bulkAssignRole', bulkBodySchemas['assign-role']),
  previewed('bulkAddToGroup', bulkBodySchemas['add-to-group']),
  previewed('bulkRemoveFromGroup', bulkBodySchemas['remove-from-group']),
])
// Every change the server previews can be asked for.
true satisfies [EffectOperation] extends [z.infer<typeof effectChangeInput>['operation']]
  ? true
  : never

/** The changes of one save, previewed together as they would be made, one after the other. */
export const effectPreviewInput = z.object({
  changes: z.array(effectChangeInput).min(1).max(MAX_EFFECT_CHANGES),
})
/** The input of a call that takes none: nothing, or null as IPC may carry it. */
export const nothing = z
  .undefined({ error: 'this call takes no input' })
  .or(z.null())
  .transform(() => undefined)

export const exportId = z
  .string({ error: 'exportId must be text' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'exportId must be 1 to 64 letters, digits or dashes' })

/** The zone an export writes its times in: one the runtime knows by its IANA name. */
const timeZone = z
  .string({ error: 'timeZone must be text' })
  .refine(isTimeZone, { error: 'timeZone must be a time zone such as Europe/Berlin' })
  .optional()

/** The formats a report is saved in. */
export const exportFormat = z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' })
export type ExportFormat = z.infer<typeof exportFormat>

const selectedIds = z
  .array(id, { error: 'ids must be a list of user ids' })
  .min(1, { error: 'ids must name at least one user' })
  .max(MAX_BULK_USERS, { error: `ids may hold at most ${MAX_BULK_USERS} users` })

/** Every user matching the list's search and filters, in its sort, with its visible columns. */
export const userExportInput = z.object({
  /** Chosen by the renderer, so it can follow progress and cancel. */
  exportId,
  format: exportFormat,
  search: userListQuerySchema.shape.search,
  filter: userFilterSchema.optional(),
  /** Export Selected: only these users, in this order (search and filter then do not apply). */
  ids: selectedIds.optional(),
  sort: z.enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(', ')}` }),
  direction: z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }),
  columns: z
    .array(
      z.enum(EXPORTABLE_USER_COLUMNS, {
        error: `columns must be among ${EXPORTABLE_USER_COLUMNS.join(', ')}`,
      }),
    )
    .min(1, { error: 'columns must name at least one column' })
    .refine((columns) => new Set(columns).size === columns.length, {
      error: 'columns must not repeat',
    }),
  /** The zone the console shows times in (Settings); absent, this computer's. */
  timeZone,
})
export type UserExportRequest = z.infer<typeof userExportInput>

export const bulkId = z
  .string({ error: 'bulkId must be text' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'bulkId must be 1 to 64 letters, digits or dashes' })

/** The users of a bulk action: chosen ones, or every one the list's search and filters match. */
const bulkSelectionInput = z.union(
  [
    z.strictObject({ ids: selectedIds }),
    z.strictObject({
      search: userListQuerySchema.shape.search,
      filter: userFilterSchema.strict().optional(),
    }),
  ],
  { error: 'selection must be { ids } or { search, filter }' },
)
/** As the renderer sends it: the list's filters as it holds them. */
export type BulkSelectionInput = z.input<typeof bulkSelectionInput>

export const bulkRequestInput = z
  .strictObject({
    /** Chosen by the renderer, so it can follow progress and cancel. */
    bulkId,
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    selection: bulkSelectionInput,
    /** The role (assign-role) or group (add-to-group, remove-from-group) of an access action. */
    targetId: id.optional(),
    /** Given for a while (assign-role, add-to-group; issue 57): the end and its reason. */
    grant: grantInputSchema.optional(),
  })
  .refine((request) => isBulkAccessAction(request.action) === (request.targetId !== undefined), {
    error:
      'targetId names the role or group of assign-role, add-to-group and remove-from-group, and only of those',
  })
  .refine((request) => request.grant === undefined || takesGrantEnd(request.action), {
    error: 'grant gives the role or group of assign-role and add-to-group, and only of those',
  })
export type BulkRequest = z.infer<typeof bulkRequestInput>

/** Every audit entry matching the Audit Log's filters, newest first. */
export const auditExportInput = z.object({
  exportId,
  format: exportFormat,
  filter: auditFilterSchema.optional(),
  timeZone,
})
export type AuditExportRequest = z.infer<typeof auditExportInput>

/** Chosen by the renderer when it opens a file: the preview, apply, cancel and report name it. */
export const importId = z
  .string({ error: 'importId must be text' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'importId must be 1 to 64 letters, digits or dashes' })

const choice = (name: string) => z.boolean({ error: `${name} must be true or false` })

export const importPreviewInput = z.strictObject({
  importId,
  updateExisting: choice('updateExisting'),
})

export const importApplyInput = z.strictObject({
  importId,
  updateExisting: choice('updateExisting'),
  sendSetPasswordLink: choice('sendSetPasswordLink'),
})

/** The second step of a sign-in: a code of the app, or one of the recovery codes. */
export const secondStepInput = z.union(
  [z.strictObject({ code: totpCodeSchema }), z.strictObject({ recoveryCode: recoveryCodeSchema })],
  { error: 'give either code or recoveryCode' },
)
export type SecondStepInput = z.infer<typeof secondStepInput>

/** The ten recovery codes just shown, to save as a file. */
export const recoveryCodesInput = z.object({
  recoveryCodes: z
    .array(recoveryCodeSchema, { error: 'recoveryCodes must be a list of codes' })
    .min(1, { error: 'recoveryCodes must hold a code' })
    .max(10, { error: 'recoveryCodes holds too many codes' }),
})
