import {
  EFFECT_ENDPOINTS,
  MAX_BULK_USERS,
  bulkResultSchema,
  endpoints,
  type BulkRequestBody,
  type EffectOperation,
} from '@shared/contract'
import { authenticate, type Caller } from '../auth/guard'
import { selectUserIds } from '../db/bulk-selection'
import type { Queryable } from '../db/database'
import { keepPermissionsBefore, measureEffect, startEffect, type Reach } from '../db/effect'
import { notFound } from '../errors'
import { resource, type SignedInHandler } from './serve'

/** A change as its endpoint's schemas parsed it. */
interface Parts {
  params: Record<string, number>
  body: Record<string, unknown>
}

/** Everyone who holds or could hold the role `$1`: directly, or through any group linked to it. */
const ROLE_HOLDERS = `SELECT user_id FROM user_roles WHERE role_id = $1
  UNION SELECT ug.user_id FROM user_groups ug JOIN group_roles gr ON gr.group_id = ug.group_id
  WHERE gr.role_id = $1`

const GROUP_MEMBERS = 'SELECT user_id FROM user_groups WHERE group_id = $1'

const THE_USER = 'SELECT $1::int'

const role = ({ params }: Parts): Reach => ({ sql: ROLE_HOLDERS, params: [params.id] })
const group = ({ params }: Parts): Reach => ({ sql: GROUP_MEMBERS, params: [params.id] })
const user = ({ params }: Parts): Reach => ({ sql: THE_USER, params: [params.id] })

/** The chosen users, or those the filter selects as the bulk route selects them. */
async function selected(db: Queryable, { body }: Parts): Promise<Reach> {
  const selection = body as BulkRequestBody
  const ids =
    'ids' in selection ? selection.ids : await selectUserIds(db, selection.filter, MAX_BULK_USERS)
  return { sql: 'SELECT unnest($1::int[])', params: [ids] }
}

/**
 * Whom each change could reach: a superset of those whose permissions it can move (the property
 * test compares its measure with every user's). Which of them it moves, and how, the change
 * itself decides.
 */
const REACH: {
  [N in EffectOperation]: (parts: Parts, db: Queryable) => Reach | Promise<Reach>
} = {
  // Linked to groups at once: their members.
  createRole: ({ body }) => ({
    sql: 'SELECT user_id FROM user_groups WHERE group_id = ANY ($1::int[])',
    params: [body.groupIds ?? []],
  }),
  // Its holders, and the members of the groups it is about to be linked to.
  updateRole: ({ params, body }) => ({
    sql: `${ROLE_HOLDERS} UNION SELECT user_id FROM user_groups WHERE group_id = ANY ($2::int[])`,
    params: [params.id, body.groupIds ?? []],
  }),
  activateRole: role,
  deactivateRole: role,
  updateGroup: group,
  activateGroup: group,
  deactivateGroup: group,
  addUserRole: user,
  removeUserRole: user,
  addUserGroup: user,
  removeUserGroup: user,
  bulkAssignRole: (parts, db) => selected(db, parts),
  bulkAddToGroup: (parts, db) => selected(db, parts),
  bulkRemoveFromGroup: (parts, db) => selected(db, parts),
}

/** Issue 57: what changes would do to who may do what, by making them and rolling them back. */
export const effectRoutes = resource(({ serve }, ctx, handlers) => {
  const { db } = ctx
  serve(endpoints.previewEffect, async ({ body, request, reply }) => {
    const callers = new Map<string, Caller>()
    const changes: {
      operation: EffectOperation
      handler: SignedInHandler
      caller: Caller
      parts: Parts
    }[] = []
    for (const change of body.changes) {
      const endpoint = EFFECT_ENDPOINTS[change.operation]
      const handler = handlers.get(endpoint)
      if (!handler) throw notFound('operation_not_served', { operation: change.operation })
      // Who may not make a change may not see its effect: the same check, the same refusal.
      const caller =
        callers.get(endpoint.access) ?? (await authenticate(ctx, request, endpoint.access))
      callers.set(endpoint.access, caller)
      const parts: Parts = {
        params: ('params' in change ? change.params : {}) as Parts['params'],
        body: ('body' in change ? change.body : {}) as Parts['body'],
      }
      changes.push({ operation: change.operation, handler, caller, parts })
    }
    return db.dryRun(async () => {
      await startEffect(db)
      for (const { operation, parts } of changes) {
        await keepPermissionsBefore(db, await REACH[operation](parts, db))
      }
      let refused: number | undefined
      for (const { handler, caller, parts } of changes) {
        const answer = await handler({ ...parts, query: undefined, caller, request, reply })
        const bulk = bulkResultSchema.safeParse(answer)
        if (bulk.success) refused = (refused ?? 0) + bulk.data.failed
      }
      return { ...(await measureEffect(db)), ...(refused !== undefined && { refused }) }
    })
  })
})
