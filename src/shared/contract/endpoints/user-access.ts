import { z } from 'zod'
import { assignmentListSchema, effectiveRoleListSchema, grantInputSchema } from '../access'
import { endpoint, idParams, pathId } from '../endpoint'

const roleParams = z.object({ id: pathId, roleId: pathId })
const groupParams = z.object({ id: pathId, groupId: pathId })

/** The roles and groups a user holds directly, and the roles they hold in effect. */
export const userAccessEndpoints = {
  listUserEffectiveRoles: endpoint({
    method: 'GET',
    path: '/api/admin/users/{id}/effective-roles',
    summary:
      'Every role a user holds, directly and/or through active groups (viaGroups); inactive roles are listed with active false',
    tag: 'users',
    access: 'users.read',
    params: idParams,
    output: effectiveRoleListSchema,
    errors: [404],
  }),
  listUserRoles: endpoint({
    method: 'GET',
    path: '/api/admin/users/{id}/roles',
    summary: 'The roles a user holds directly',
    tag: 'users',
    access: 'users.read',
    params: idParams,
    output: assignmentListSchema,
    errors: [404],
  }),
  addUserRole: endpoint({
    method: 'PUT',
    path: '/api/admin/users/{id}/roles/{roleId}',
    summary: "Give a user a role (idempotent); answers the user's roles",
    tag: 'users',
    access: 'users.assign',
    reauth: 'when-rights-move',
    params: roleParams,
    output: assignmentListSchema,
    errors: [404, 409],
  }),
  removeUserRole: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/{id}/roles/{roleId}',
    summary: "Take from a user a role (idempotent); answers the user's roles",
    tag: 'users',
    access: 'users.assign',
    params: roleParams,
    output: assignmentListSchema,
    errors: [404, 409],
  }),
  grantUserRole: endpoint({
    method: 'PUT',
    path: '/api/admin/users/{id}/role-grants/{roleId}',
    summary:
      "Give a user a role until a time (until; null: with no end) or change the end of one held, with the reason (required when it ends and grants a permission); answers the user's roles. Our server's extension (issue 57)",
    tag: 'users',
    access: 'users.assign',
    reauth: 'when-rights-move',
    params: roleParams,
    body: grantInputSchema,
    output: assignmentListSchema,
    errors: [404, 409],
  }),
  listUserGroups: endpoint({
    method: 'GET',
    path: '/api/admin/users/{id}/groups',
    summary: 'The groups a user holds directly',
    tag: 'users',
    access: 'users.read',
    params: idParams,
    output: assignmentListSchema,
    errors: [404],
  }),
  addUserGroup: endpoint({
    method: 'PUT',
    path: '/api/admin/users/{id}/groups/{groupId}',
    summary: "Give a user a group (idempotent); answers the user's groups",
    tag: 'users',
    access: 'users.assign',
    reauth: 'when-rights-move',
    params: groupParams,
    output: assignmentListSchema,
    errors: [404, 409],
  }),
  grantUserGroup: endpoint({
    method: 'PUT',
    path: '/api/admin/users/{id}/group-grants/{groupId}',
    summary:
      "Give a user a group until a time (until; null: with no end) or change the end of a membership, with the reason (required when it ends and grants a permission); answers the user's groups. Our server's extension (issue 57)",
    tag: 'users',
    access: 'users.assign',
    reauth: 'when-rights-move',
    params: groupParams,
    body: grantInputSchema,
    output: assignmentListSchema,
    errors: [404, 409],
  }),
  removeUserGroup: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/{id}/groups/{groupId}',
    summary: "Take from a user a group (idempotent); answers the user's groups",
    tag: 'users',
    access: 'users.assign',
    params: groupParams,
    output: assignmentListSchema,
    errors: [404, 409],
  }),
}
