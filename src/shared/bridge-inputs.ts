import { z } from 'zod'
import type { Channel } from './bridge'
import {
  USER_SORT_FIELDS,
  SORT_DIRECTIONS,
  changePasswordSchema,
  createUserSchema,
  groupInputSchema,
  loginRequestSchema,
  roleInputSchema,
  updateUserSchema,
  userFilterSchema,
  userListQuerySchema,
} from './contract'
import { THEME_CHOICES } from './theme'
import { EXPORTABLE_USER_COLUMNS } from './user-columns'

const id = z.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647)
const idInput = z.object({ id })
const assignmentInput = z.object({ id, targetId: id })
const nothing = z
  .undefined({ error: 'this call takes no input' })
  .or(z.null())
  .transform(() => undefined)

const exportId = z
  .string({ error: 'exportId must be text' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'exportId must be 1 to 64 letters, digits or dashes' })

const userExport = z.object({
  exportId,
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }),
  search: userListQuerySchema.shape.search,
  filter: userFilterSchema.optional(),
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

/**
 * How the main process checks what the renderer sends on each channel, before anything goes
 * to the server. A channel missing here would be a type error.
 */
export const bridgeInputs: Record<Channel, z.ZodType> = {
  'auth.login': loginRequestSchema,
  'auth.logout': nothing,
  'auth.session': nothing,
  'auth.changePassword': changePasswordSchema,
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
  'users.roles': idInput,
  'users.addRole': assignmentInput,
  'users.removeRole': assignmentInput,
  'users.groups': idInput,
  'users.addGroup': assignmentInput,
  'users.removeGroup': assignmentInput,
  'roles.list': nothing,
  'roles.create': roleInputSchema,
  'roles.update': roleInputSchema.extend({ id }),
  'roles.activate': idInput,
  'roles.deactivate': idInput,
  'groups.list': nothing,
  'groups.create': groupInputSchema,
  'groups.update': groupInputSchema.extend({ id }),
  'groups.activate': idInput,
  'groups.deactivate': idInput,
  'exports.users': userExport,
  'exports.cancel': z.object({ exportId }),
  'app.info': nothing,
  'app.restartToUpdate': nothing,
  'app.setTheme': z.object({
    theme: z.enum(THEME_CHOICES, { error: `theme must be one of ${THEME_CHOICES.join(', ')}` }),
  }),
}
