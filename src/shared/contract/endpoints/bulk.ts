import { bulkBodySchemas, bulkResultSchema, MAX_BULK_USERS, type BulkAction } from '../bulk'
import { endpoint, type Endpoint } from '../endpoint'

const SELECTED = `ids (at most ${MAX_BULK_USERS}) or the list's filter; answers each user's result`

/** One action on many users (issue 12), each user in a transaction of its own. */
export const bulkEndpoints = {
  bulkActivateUsers: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/activate',
    summary: `Activate many users: ${SELECTED}`,
    tag: 'users',
    access: 'users.status',
    body: bulkBodySchemas.activate,
    output: bulkResultSchema,
    errors: [404],
  }),
  bulkDeactivateUsers: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/deactivate',
    summary: `Deactivate many users: ${SELECTED}`,
    tag: 'users',
    access: 'users.status',
    body: bulkBodySchemas.deactivate,
    output: bulkResultSchema,
    errors: [404],
  }),
  bulkLockUsers: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/lock',
    summary: `Lock many users: ${SELECTED}`,
    tag: 'users',
    access: 'users.status',
    body: bulkBodySchemas.lock,
    output: bulkResultSchema,
    errors: [404],
  }),
  bulkUnlockUsers: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/unlock',
    summary: `Unlock many users: ${SELECTED}`,
    tag: 'users',
    access: 'users.status',
    body: bulkBodySchemas.unlock,
    output: bulkResultSchema,
    errors: [404],
  }),
  bulkAssignRole: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/assign-role',
    summary: `Give many users a role: ${SELECTED}`,
    tag: 'users',
    access: 'users.assign',
    reauth: 'when-rights-move',
    body: bulkBodySchemas['assign-role'],
    output: bulkResultSchema,
    errors: [404],
  }),
  bulkAddToGroup: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/add-to-group',
    summary: `Add many users to a group: ${SELECTED}`,
    tag: 'users',
    access: 'users.assign',
    reauth: 'when-rights-move',
    body: bulkBodySchemas['add-to-group'],
    output: bulkResultSchema,
    errors: [404],
  }),
  bulkRemoveFromGroup: endpoint({
    method: 'POST',
    path: '/api/admin/users/bulk/remove-from-group',
    summary: `Take many users out of a group: ${SELECTED}`,
    tag: 'users',
    access: 'users.assign',
    body: bulkBodySchemas['remove-from-group'],
    output: bulkResultSchema,
    errors: [404],
  }),
}

/** The endpoint of each bulk action. */
export const BULK_ENDPOINTS = {
  activate: bulkEndpoints.bulkActivateUsers,
  deactivate: bulkEndpoints.bulkDeactivateUsers,
  lock: bulkEndpoints.bulkLockUsers,
  unlock: bulkEndpoints.bulkUnlockUsers,
  'assign-role': bulkEndpoints.bulkAssignRole,
  'add-to-group': bulkEndpoints.bulkAddToGroup,
  'remove-from-group': bulkEndpoints.bulkRemoveFromGroup,
} satisfies Record<BulkAction, Endpoint>
