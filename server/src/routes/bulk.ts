import {
  BULK_ACTIONS,
  BULK_ENDPOINTS,
  BULK_TARGET_FIELD,
  MAX_BULK_USERS,
  codedRefusal,
  isBulkAccessAction,
  type BulkAction,
  type BulkRequestBody,
  type BulkResult,
  type BulkUserResult,
} from '@shared/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerContext } from '../context'
import { GROUP, ROLE, findAccess } from '../db/access'
import type { Caller } from '../auth/guard'
import { requireReauthForAdministration } from '../auth/reauth'
import { permissionsOfGroup, permissionsOfRole } from '../db/permissions'
import { selectUserIds } from '../db/bulk-selection'
import { ApiError, badRequest, databaseFailure, refusalError } from '../errors'
import { applyBulkChunk } from './bulk-chunk'
import { resource } from './serve'
import { changeUserAccess, checkedGrantEnd } from './user-access'
import { applyStatusAction } from './user-status'

/** Users decided and changed together, in one transaction: a few statements for all of them. */
const SET_SIZE = 500

/** What changing one user does, by action: the very function its single-user endpoint runs. */
function userChange(ctx: ServerContext, action: BulkAction, body: BulkRequestBody) {
  if (!isBulkAccessAction(action)) {
    return (caller: Caller, id: number) => applyStatusAction(ctx, caller, id, action)
  }
  const kind = action === 'assign-role' ? ROLE : GROUP
  const targetId = body[BULK_TARGET_FIELD[action]]!
  const change =
    action === 'remove-from-group'
      ? ({ change: 'remove' } as const)
      : body.until !== undefined
        ? ({ change: 'grant', grant: { until: body.until, reason: body.reason } } as const)
        : ({ change: 'add' } as const)
  return (caller: Caller, id: number) => changeUserAccess(ctx, caller, kind, change, id, targetId)
}

/**
 * The users of a chunk changed one at a time, each in its own transaction: a failure is that
 * user's answer, the one their own request would have had, never a 500 of the whole request.
 */
async function eachAlone(
  ctx: ServerContext,
  action: BulkAction,
  body: BulkRequestBody,
  caller: Caller,
  ids: number[],
  log: FastifyBaseLogger,
): Promise<(ApiError | undefined)[]> {
  const change = userChange(ctx, action, body)
  const answers: (ApiError | undefined)[] = []
  for (const id of ids) {
    try {
      await change(caller, id)
      answers.push(undefined)
    } catch (error) {
      const known = error instanceof ApiError ? error : databaseFailure(error)
      if (!known) log.error({ err: error, userId: id }, 'bulk change of a user failed')
      answers.push(known ?? refusalError(500, codedRefusal('internal_error')))
    }
  }
  return answers
}

/**
 * `POST /api/admin/users/bulk/{action}`: the users named by ids, or matching a filter as the list
 * would show them, decided and changed SET_SIZE at a time (`bulk-chunk.ts`), each user with
 * their own audit entry and the same rules as one at a time. One user's refusal does not stop
 * the others; the answer says, per user, what happened.
 */
export const bulkRoutes = resource(({ serve }, ctx) => {
  const { db } = ctx
  for (const action of BULK_ACTIONS) {
    serve(BULK_ENDPOINTS[action], async ({ body, caller, request }): Promise<BulkResult> => {
      const selection = body as BulkRequestBody
      // An unknown role or group is the request's fault: refused before anyone is changed.
      if (isBulkAccessAction(action)) {
        const field = BULK_TARGET_FIELD[action]
        const targetId = selection[field]!
        await findAccess(db, field === 'roleId' ? ROLE : GROUP, targetId)
        // Asked once for the whole request, before anyone is changed.
        if (action !== 'remove-from-group') {
          const granted = await (field === 'roleId' ? permissionsOfRole : permissionsOfGroup)(
            db,
            targetId,
          )
          await requireReauthForAdministration(db, caller, granted)
          if (selection.until !== undefined) {
            checkedGrantEnd(
              { until: selection.until, reason: selection.reason },
              granted,
              new Date(ctx.config.clock.now()),
            )
          }
        }
      }
      let ids: number[]
      if ('ids' in selection && selection.ids) ids = selection.ids
      else {
        ids = await selectUserIds(
          db,
          { ...('filter' in selection ? selection.filter : {}), now: ctx.config.clock.now() },
          MAX_BULK_USERS,
        )
        if (ids.length > MAX_BULK_USERS) {
          throw badRequest('bulk_filter_too_broad', { max: MAX_BULK_USERS })
        }
      }
      const usernames = new Map(
        (
          await db.query<{ id: number; username: string }>(
            'SELECT id, username FROM users WHERE id = ANY($1::int[])',
            [ids],
          )
        ).map((row) => [row.id, row.username]),
      )
      const results: BulkUserResult[] = []
      const answer = (id: number, error: ApiError | undefined) =>
        results.push(
          error
            ? {
                id,
                username: usernames.get(id),
                ok: false,
                status: error.statusCode,
                message: error.message,
              }
            : { id, username: usernames.get(id), ok: true },
        )
      for (let start = 0; start < ids.length; start += SET_SIZE) {
        const chunk = ids.slice(start, start + SET_SIZE)
        let answers: (ApiError | undefined)[]
        try {
          // A grant with an end is given one user at a time, by the one-user grant itself.
          answers =
            selection.until === undefined
              ? await applyBulkChunk(ctx, caller, action, selection, chunk)
              : await eachAlone(ctx, action, selection, caller, chunk, request.log)
        } catch (error) {
          // Nothing of the chunk was applied: each user alone, as their own request, says
          // whose change the database refuses, and the others are applied.
          request.log.warn({ err: error }, 'bulk chunk failed; its users are changed one by one')
          answers = await eachAlone(ctx, action, selection, caller, chunk, request.log)
        }
        chunk.forEach((id, i) => answer(id, answers[i]))
      }
      const ok = results.filter((result) => result.ok).length
      return { results, ok, failed: results.length - ok }
    })
  }
})
