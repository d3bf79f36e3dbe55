import { z } from 'zod'
import type { Channel } from './bridge'
import {
  BULK_ACTIONS,
  MAX_BULK_USERS,
  USER_SORT_FIELDS,
  SORT_DIRECTIONS,
  auditFilterSchema,
  auditQuerySchema,
  changePasswordSchema,
  createUserSchema,
  groupInputSchema,
  isBulkAccessAction,
  loginRequestSchema,
  memberListQuerySchema,
  roleInputSchema,
  sessionIdSchema,
  updateUserSchema,
  userFilterSchema,
  userListQuerySchema,
} from './contract'
import { THEME_CHOICES } from './theme'
import { EXPORTABLE_USER_COLUMNS } from './user-columns'
import { newPasswordSchema } from './validation'

const id = z.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647)
const idInput = z.object({ id })
const assignmentInput = z.object({ id, targetId: id })
const membersInput = memberListQuerySchema.extend({ id })
const nothing = z
  .undefined({ error: 'this call takes no input' })
  .or(z.null())
  .transform(() => undefined)

const exportId = z
  .string({ error: 'exportId must be text' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'exportId must be 1 to 64 letters, digits or dashes' })

const selectedIds = z
  .array(id, { error: 'ids must be a list of user ids' })
  .min(1, { error: 'ids must name at least one user' })
  .max(MAX_BULK_USERS, { error: `ids may hold at most ${MAX_BULK_USERS} users` })

const userExport = z.object({
  exportId,
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }),
  search: userListQuerySchema.shape.search,
  filter: userFilterSchema.optional(),
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
})

const bulkId = z
  .string({ error: 'bulkId must be text' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'bulkId must be 1 to 64 letters, digits or dashes' })

const bulkRequest = z
  .strictObject({
    bulkId,
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    selection: z.union(
      [
        z.strictObject({ ids: selectedIds }),
        z.strictObject({
          search: userListQuerySchema.shape.search,
          filter: userFilterSchema.strict().optional(),
        }),
      ],
      { error: 'selection must be { ids } or { search, filter }' },
    ),
    targetId: id.optional(),
  })
  .refine((request) => isBulkAccessAction(request.action) === (request.targetId !== undefined), {
    error:
      'targetId names the role or group of assign-role, add-to-group and remove-from-group, and only of those',
  })
const auditExport = z.object({
  exportId,
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }),
  filter: auditFilterSchema.optional(),
})

/**
 * How the main process checks what the renderer sends on each channel, before anything goes
 * to the server. A channel missing here would be a type error.
 */
export const bridgeInputs: Record<Channel, z.ZodType> = {
  'auth.login': loginRequestSchema,
  'auth.logout': nothing,
  'auth.session': nothing,
  'auth.changePassword': changePasswordSchema,
  'auth.completePasswordChange': z.object({ newPassword: newPasswordSchema }),
  'users.list': userListQuerySchema,
  'users.get': idInput,
  'users.create': createUserSchema,
  'users.update': z.object({
    id,
    changes: updateUserSchema,
    etag: z.string().max(200).nullish(),
  }),
  'users.activate': idInput,
  'users.deactivate': idInput,
  'users.lock': idInput,
  'users.unlock': idInput,
  'users.resetPassword': idInput,
  'users.setTemporaryPassword': idInput,
  'users.sessions': idInput,
  'users.endSession': z.object({ id, sessionId: sessionIdSchema }),
  'users.endAllSessions': idInput,
  'users.roles': idInput,
  'users.addRole': assignmentInput,
  'users.removeRole': assignmentInput,
  'users.groups': idInput,
  'users.addGroup': assignmentInput,
  'users.removeGroup': assignmentInput,
  'users.effectiveRoles': idInput,
  'users.bulk': bulkRequest,
  'users.bulkCancel': z.object({ bulkId }),
  'roles.list': nothing,
  'roles.create': roleInputSchema,
  'roles.update': roleInputSchema.extend({ id }),
  'roles.activate': idInput,
  'roles.deactivate': idInput,
  'roles.members': membersInput,
  'groups.list': nothing,
  'groups.create': groupInputSchema,
  'groups.update': groupInputSchema.extend({ id }),
  'groups.activate': idInput,
  'groups.deactivate': idInput,
  'groups.members': membersInput,
  'audit.list': auditQuerySchema,
  'exports.users': userExport,
  'exports.audit': auditExport,
  'exports.cancel': z.object({ exportId }),
  'app.info': nothing,
  'app.restartToUpdate': nothing,
  'app.setTheme': z.object({
    theme: z.enum(THEME_CHOICES, { error: `theme must be one of ${THEME_CHOICES.join(', ')}` }),
  }),
}
