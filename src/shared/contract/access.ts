import { z } from 'zod'
import { accessNameSchema } from '../validation'
import { pageQueryFields, pageSchema } from './page'

/** Roles and groups link to each other; each side lists the other by id and name. */
export const accessRefSchema = z.object({ id: z.number().int(), name: z.string() })
export type AccessRef = z.infer<typeof accessRefSchema>

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  groups: z.array(accessRefSchema),
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

/** POST/PUT /api/admin/roles: links to groups are replaced when groupIds is given. */
export const roleInputSchema = z.object({
  name: accessNameSchema,
  groupIds: idList('groupIds').optional(),
})
export type RoleInput = z.input<typeof roleInputSchema>

/** POST/PUT /api/admin/groups: links to roles are replaced when roleIds is given. */
export const groupInputSchema = z.object({
  name: accessNameSchema,
  roleIds: idList('roleIds').optional(),
})
export type GroupInput = z.input<typeof groupInputSchema>

/** GET /api/admin/users/{id}/roles and /groups: what the user holds directly. */
export const assignmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
})
export type Assignment = z.infer<typeof assignmentSchema>
export const assignmentListSchema = z.array(assignmentSchema)
