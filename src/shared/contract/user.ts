import { z } from 'zod'
import {
  CONTROL_CHARACTERS,
  createUserSchema,
  profileUpdateSchema,
  updateUserSchema,
} from '../validation'
import { USER_SORTS, type UserFilterKey, type UserSortField } from '../user-list-fields'
import { pageQueryFields, pageSchema } from './page'
import type { Permission } from './permissions'

/**
 * What can be done to one user (issue 56), each by the permission of its route; the console
 * offers these in the list and on the details page.
 */
export const USER_ACTION_PERMISSIONS = {
  edit: 'users.edit',
  activate: 'users.status',
  deactivate: 'users.status',
  lock: 'users.status',
  unlock: 'users.status',
  resetPassword: 'users.credentials',
  setTemporaryPassword: 'users.credentials',
  endSessions: 'users.credentials',
  resetTwoStep: 'users.credentials',
  assign: 'users.assign',
} as const satisfies Record<string, Permission>
export type UserAction = keyof typeof USER_ACTION_PERMISSIONS
export const USER_ACTIONS = Object.keys(USER_ACTION_PERMISSIONS) as [UserAction, ...UserAction[]]

/**
 * The caller's rights on one user, by the rule the server enforces: each action whose permission
 * the caller holds, null when they may take it, else why not, in words. An action of a
 * permission the caller lacks is absent.
 */
export const userActionRightsSchema = z.partialRecord(z.enum(USER_ACTIONS), z.string().nullable())
export type UserActionRights = z.infer<typeof userActionRightsSchema>

/** SPEC.md section 3. Dates are ISO 8601 text; a missing one is null. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  isLocked: z.boolean(),
  lastLogin: z.string().nullable(),
  createdDate: z.string().nullable(),
  updatedDate: z.string().nullable(),
  /**
   * Our server's extensions, optional so that other servers of the contract still validate:
   * the end of a temporary lockout after failed sign-ins (null when none), and the delivery of
   * the newest password-reset email.
   */
  loginBlockedUntil: z.string().nullable().optional(),
  resetEmailStatus: z.enum(['pending', 'sent', 'failed']).nullable().optional(),
  /** Whether the user has two-step sign-in enrolled, a confirmed second factor (issue 30). */
  twoStep: z.boolean().optional(),
  /**
   * What the caller may do to the user (issue 56), in the list and from `getUser`; a server that
   * sends none leaves the console judging by the caller's permissions alone.
   */
  actions: userActionRightsSchema.optional(),
  /**
   * The nearest end of the user's direct roles and memberships (issue 57), null when none ends.
   * Sent by a server that takes grants with an end: the console offers "Until" only then.
   */
  accessEndsAt: z.string().nullable().optional(),
})
export type User = z.infer<typeof userSchema>

export const userPageSchema = pageSchema(userSchema)

export { createUserSchema, profileUpdateSchema, updateUserSchema }
export type CreateUserRequest = z.input<typeof createUserSchema>
export type UpdateUserRequest = z.input<typeof updateUserSchema>

/** SPEC.md section 2: the nine sortable fields, as `USER_SORTS` declares them. */
export const USER_SORT_FIELDS = Object.keys(USER_SORTS) as [UserSortField, ...UserSortField[]]
export type { UserSortField }

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

export const USERS_PAGE_SIZE = 20
export const MAX_SEARCH_LENGTH = 200

export const USER_STATUS_FILTERS = ['active', 'inactive'] as const
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number]
export const USER_LOCK_FILTERS = ['true', 'false'] as const
export const USER_TWO_STEP_FILTERS = ['on', 'off'] as const
export const MAX_CURSOR_LENGTH = 1000
/**
 * The last-sign-in filter's choices (issue 57): never signed in, or not in the last 30, 90 or
 * 180 days; an ISO instant (`lastSignIn` of the query) is "not since then". A user who never
 * signed in counts from their creation: one created since has not been away that long.
 */
export const USER_SIGN_IN_FILTERS = ['never', 'over30d', 'over90d', 'over180d'] as const
export type UserSignInChoice = (typeof USER_SIGN_IN_FILTERS)[number]
const SIGN_IN_ERROR = `lastSignIn must be one of ${USER_SIGN_IN_FILTERS.join(', ')} or an ISO 8601 date and time`

/** The access-ending filter's choices (issue 57): a grant whose end comes within 24 hours or 7 days. */
export const USER_ACCESS_ENDING_FILTERS = ['24h', '7d'] as const
export type UserAccessEndingChoice = (typeof USER_ACCESS_ENDING_FILTERS)[number]

const filterId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int({ error: `${name} must be a positive whole number` })
    .min(1, { error: `${name} must be a positive whole number` })
    .max(2_147_483_647, { error: `${name} must be a positive whole number` })
    .optional()

/**
 * The list's filters, combined with the search (issue 12): status, lock, and a role or group
 * held (a role directly or through an active group), two-step sign-in enrolled or not
 * (issue 30), and the last sign-in (issue 57). The same fields select the users of a
 * bulk action and of an export.
 */
export const userFilterFields = {
  status: z
    .enum(USER_STATUS_FILTERS, { error: 'status must be active or inactive' })
    .optional()
    .describe('Only active or only inactive users'),
  locked: z
    .enum(USER_LOCK_FILTERS, { error: 'locked must be true or false' })
    .optional()
    .describe('Only locked (true) or only unlocked (false) users'),
  roleId: filterId('roleId').describe(
    'Only users holding this role, directly or through an active group',
  ),
  groupId: filterId('groupId').describe('Only members of this group'),
  twoStep: z
    .enum(USER_TWO_STEP_FILTERS, { error: 'twoStep must be on or off' })
    .optional()
    .describe('Only users with (on) or without (off) two-step sign-in enrolled'),
  lastSignIn: z
    .union([
      z.enum(USER_SIGN_IN_FILTERS, { error: SIGN_IN_ERROR }),
      z.iso.datetime({ offset: true, error: SIGN_IN_ERROR }),
    ])
    .optional()
    .describe(
      'Only users who never signed in (never), or who have not signed in for 30, 90 or 180 days (over30d, over90d, over180d) or since an ISO 8601 instant; a user who never signed in counts from their creation',
    ),
  accessEnding: z
    .enum(USER_ACCESS_ENDING_FILTERS, { error: 'accessEnding must be 24h or 7d' })
    .optional()
    .describe(
      'Only users with a direct role or group given until a time that comes within 24 hours (24h) or 7 days (7d)',
    ),
} satisfies Record<Exclude<UserFilterKey, 'search'>, z.ZodType>
export const userFilterSchema = z.object(userFilterFields)
export type UserFilter = z.input<typeof userFilterSchema>

export const userListQuerySchema = z.object({
  ...pageQueryFields(USERS_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, { error: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: 'search must not contain control characters',
    })
    .optional(),
  sort: z
    .enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(', ')}` })
    .default('id'),
  direction: z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }).default('asc'),
  ...userFilterFields,
  /** Our server's keyset paging: a page's `next` or `prev`, in place of `page` (issue 14). */
  cursor: z
    .string()
    .max(MAX_CURSOR_LENGTH, { error: `cursor must be at most ${MAX_CURSOR_LENGTH} characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'cursor is not one this server gave' })
    .optional()
    .describe(
      'The `next` or `prev` of a page of this same list (sort, direction, search, filters and size); replaces `page`. A cursor of another list, or one this server did not give, answers 400.',
    ),
})
export type UserListQuery = z.input<typeof userListQuerySchema>
/** The query after defaults: what the server works with. */
export type UserListParams = z.output<typeof userListQuerySchema>
