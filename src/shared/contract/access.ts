import { z } from 'zod'
import { grantInputSchema } from '../grant-ends'
import { accessNameSchema } from '../validation'
import { pageQueryFields, pageSchema } from './page'
import { permissionListSchema, permissionSchema } from './permissions'
import { USERS_PAGE_SIZE, userListQuerySchema, userSchema } from './user'

/** Roles and groups link to each other; each side lists the other by id and name. */
export const accessRefSchema = z.object({ id: z.number().int(), name: z.string() })
export type AccessRef = z.infer<typeof accessRefSchema>

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  groups: z.array(accessRefSchema),
  /**
   * What the role grants when active, sorted; the administrator role grants every one. A server
   * without delegated administration sends none.
   */
  permissions: z.array(permissionSchema).optional(),
  /**
   * True on the administrator role only (at first the role the server's ADMIN_ROLE_NAME names;
   * it stays the administrator role when renamed): its permissions are every one and cannot be
   * changed, nor can it be deactivated, so the console shows them as fixed.
   */
  administrator: z.literal(true).optional(),
})
export type Role = z.infer<typeof roleSchema>

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  roles: z.array(accessRefSchema),
})
export type Group = z.infer<typeof groupSchema>

export const rolePageSchema = pageSchema(roleSchema)
export const groupPageSchema = pageSchema(groupSchema)

/** Roles and groups are few: the console fetches page 0 of size 200 (SPEC.md section 9). */
export const ACCESS_PAGE_SIZE = 200
export const accessListQuerySchema = z.object(pageQueryFields(ACCESS_PAGE_SIZE))

const idList = (field: string) =>
  z
    .array(
      z
        .number({ error: `${field} must hold whole numbers` })
        .int()
        .positive(),
      {
        error: `${field} must be a list of ids`,
      },
    )
    .max(1000, { error: `${field} may hold at most 1000 ids` })

/**
 * POST/PUT /api/admin/roles: links to groups are replaced when groupIds is given, the
 * permissions when permissions is (a new role without them grants none).
 */
export const roleInputSchema = z.object({
  name: accessNameSchema,
  groupIds: idList('groupIds').optional(),
  permissions: permissionListSchema.optional(),
})
export type RoleInput = z.input<typeof roleInputSchema>

/** POST/PUT /api/admin/groups: links to roles are replaced when roleIds is given. */
export const groupInputSchema = z.object({
  name: accessNameSchema,
  roleIds: idList('roleIds').optional(),
})
export type GroupInput = z.input<typeof groupInputSchema>

/**
 * Our server's extension (issue 57): when a grant ends (null: never) and why it was given for a
 * while. A server whose answers carry `until` takes grants with an end (the role-grants and
 * group-grants endpoints): the console offers "Until" only then.
 */
const grantEndFields = {
  until: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
}

/** GET /api/admin/users/{id}/roles and /groups: what the user holds directly. */
export const assignmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  ...grantEndFields,
})
export type Assignment = z.infer<typeof assignmentSchema>
export const assignmentListSchema = z.array(assignmentSchema)

/**
 * GET /api/admin/users/{id}/effective-roles: every role the user holds, assigned directly
 * and/or granted through groups. Only active groups grant; an inactive role is still listed
 * (active: false) so the administrator sees it, although it grants nothing.
 */
export const effectiveRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** Assigned to the user directly. */
  direct: z.boolean(),
  /** When the direct assignment ends (our server's extension). */
  until: grantEndFields.until,
  /** The active groups of the user that grant the role, by name, and when each membership ends. */
  viaGroups: z.array(accessRefSchema.extend({ until: grantEndFields.until })),
})
export type EffectiveRole = z.infer<typeof effectiveRoleSchema>
export const effectiveRoleListSchema = z.array(effectiveRoleSchema)

/** A member as the members list shows it: enough to recognise the user and open their page. */
export const memberUserSchema = userSchema.pick({
  id: true,
  username: true,
  fullName: true,
  email: true,
  isActive: true,
  isLocked: true,
})
export type MemberUser = z.infer<typeof memberUserSchema>

/**
 * One holder of a role (directly and/or through active groups) or one member of a group
 * (always direct, no groups).
 */
export const memberSchema = z.object({
  user: memberUserSchema,
  direct: z.boolean(),
  viaGroups: z.array(accessRefSchema),
})
export type Member = z.infer<typeof memberSchema>
export const memberPageSchema = pageSchema(memberSchema)

/**
 * GET /api/admin/roles/{id}/members and /groups/{id}/members: paged like the users list, with
 * its search (the same fields, matched the same way), in the order of the users' ids.
 */
export const MEMBERS_PAGE_SIZE = USERS_PAGE_SIZE
export const memberListQuerySchema = z.object({
  ...pageQueryFields(MEMBERS_PAGE_SIZE),
  search: userListQuerySchema.shape.search,
})
export type MemberListQuery = z.input<typeof memberListQuerySchema>
export type MemberListParams = z.output<typeof memberListQuerySchema>

export { grantInputSchema }
export type { GrantInput } from '../grant-ends'
