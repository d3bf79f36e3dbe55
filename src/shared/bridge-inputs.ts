import { z } from 'zod'
import type { Channel } from './bridge'
import {
  changePasswordSchema,
  createUserSchema,
  groupInputSchema,
  loginRequestSchema,
  roleInputSchema,
  updateUserSchema,
  userListQuerySchema,
} from './contract'

const id = z.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647)
const idInput = z.object({ id })
const assignmentInput = z.object({ id, targetId: id })
const nothing = z
  .undefined({ error: 'this call takes no input' })
  .or(z.null())
  .transform(() => undefined)

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
  'app.info': nothing,
}
