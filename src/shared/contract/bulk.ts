import { z } from 'zod'
import type { Permission } from './permissions'
import { grantInputSchema } from '../grant-ends'
import { userFilterFields, userListQuerySchema } from './user'

/** The actions of `POST /api/admin/users/bulk/{action}` (issue 12 point 6). */
export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'lock',
  'unlock',
  'assign-role',
  'add-to-group',
  'remove-from-group',
] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** The actions that need a role or group to give or take away, and the field that names it. */
export const BULK_TARGET_FIELD = {
  'assign-role': 'roleId',
  'add-to-group': 'groupId',
  'remove-from-group': 'groupId',
} as const satisfies Partial<Record<BulkAction, 'roleId' | 'groupId'>>
export type BulkAccessAction = keyof typeof BULK_TARGET_FIELD

export const isBulkAccessAction = (action: BulkAction): action is BulkAccessAction =>
  Object.hasOwn(BULK_TARGET_FIELD, action)

/** The actions that give a role or group, and so may give it for a while (issue 57). */
export const takesGrantEnd = (action: BulkAction) =>
  action === 'assign-role' || action === 'add-to-group'

/**
 * The permission each bulk action requires (issue 29), as its one-user route does: the server's
 * bulk routes state it and the console's bulk bar offers only the actions it allows.
 */
export const BULK_ACTION_PERMISSIONS = {
  activate: 'users.status',
  deactivate: 'users.status',
  lock: 'users.status',
  unlock: 'users.status',
  'assign-role': 'users.assign',
  'add-to-group': 'users.assign',
  'remove-from-group': 'users.assign',
} as const satisfies Record<BulkAction, Permission>

/** The users one request may change: each is its own transaction, so a request stays bounded. */
export const MAX_BULK_USERS = 10_000

const ID_ERROR = 'must be a whole number from 1 to 2147483647'
const bulkId = (field: string) =>
  z
    .number({ error: `${field} ${ID_ERROR}` })
    .int({ error: `${field} ${ID_ERROR}` })
    .min(1, { error: `${field} ${ID_ERROR}` })
    .max(2_147_483_647, { error: `${field} ${ID_ERROR}` })

/** The users of a bulk action as the list selects them: its search and its filters. */
export const bulkFilterSchema = z.strictObject({
  search: userListQuerySchema.shape.search,
  ...userFilterFields,
})
export type BulkFilter = z.input<typeof bulkFilterSchema>

const selectionFields = {
  /** Chosen users, in the order their results come back; repeats are applied once. */
  ids: z
    .array(bulkId('ids'), { error: 'ids must be a list of user ids' })
    .min(1, { error: 'ids must name at least one user' })
    .max(MAX_BULK_USERS, { error: `ids may hold at most ${MAX_BULK_USERS} users` })
    .transform((ids) => [...new Set(ids)])
    .optional(),
  /** Every user matching, as the list would show them (at most MAX_BULK_USERS). */
  filter: bulkFilterSchema.optional(),
}

const ONE_SELECTION = 'send either ids or filter, not both'
const oneSelection = (body: { ids?: unknown; filter?: unknown }) =>
  (body.ids === undefined) !== (body.filter === undefined)

const statusBody = z.strictObject(selectionFields).refine(oneSelection, { error: ONE_SELECTION })
/**
 * Giving a role or group for a while (issue 57, our server's extension): its end and reason, as
 * the one-user grant takes them; without `until`, given as the one-user add gives it.
 */
const grantEndFields = {
  until: grantInputSchema.shape.until.optional(),
  reason: grantInputSchema.shape.reason,
}
const roleBody = z
  .strictObject({ ...selectionFields, roleId: bulkId('roleId'), ...grantEndFields })
  .refine(oneSelection, { error: ONE_SELECTION })
const groupBody = z
  .strictObject({ ...selectionFields, groupId: bulkId('groupId'), ...grantEndFields })
  .refine(oneSelection, { error: ONE_SELECTION })
const removeGroupBody = z
  .strictObject({ ...selectionFields, groupId: bulkId('groupId') })
  .refine(oneSelection, { error: ONE_SELECTION })

/** Each action's body: who (ids or filter) and, for the access actions, which role or group. */
export const bulkBodySchemas = {
  activate: statusBody,
  deactivate: statusBody,
  lock: statusBody,
  unlock: statusBody,
  'assign-role': roleBody,
  'add-to-group': groupBody,
  'remove-from-group': removeGroupBody,
} as const satisfies Record<BulkAction, z.ZodType>

export type BulkSelection = { ids: number[] } | { filter: BulkFilter }
export type BulkRequestBody = BulkSelection & {
  roleId?: number
  groupId?: number
  until?: string | null
  reason?: string
}

/** One user's outcome: its username when the user exists, the reason when it failed. */
export const bulkUserResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.number().int(), username: z.string().optional(), ok: z.literal(true) }),
  z.object({
    id: z.number().int(),
    username: z.string().optional(),
    ok: z.literal(false),
    status: z.number().int(),
    message: z.string(),
  }),
])
export type BulkUserResult = z.infer<typeof bulkUserResultSchema>

export const bulkResultSchema = z.object({
  results: z.array(bulkUserResultSchema),
  ok: z.number().int().min(0),
  failed: z.number().int().min(0),
})
export type BulkResult = z.infer<typeof bulkResultSchema>
