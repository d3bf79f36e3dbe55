import type { BulkSummary } from '@shared/bridge'
import type { BulkRequest } from '@shared/bridge-inputs'
import {
  BULK_TARGET_FIELD,
  REAUTH_REQUIRED,
  isBulkAccessAction,
  type BulkAction,
  type BulkResult,
  type Page,
  type User,
  type UserListQuery,
} from '@shared/contract'
import { ApiFailure } from '../api/http'

/**
 * Users sent per request: as many as the reference server applies in one transaction, so that
 * 10,000 users are 20 requests (a status action of them took 0.65-0.8 of its time sent 200 at a
 * time, docs/PERFORMANCE.md); few enough that progress moves and Cancel takes effect within a
 * moment (a request of 500 took 0.1-0.2 s at a million users).
 */
export const BULK_CHUNK_SIZE = 500
/** The largest list page the contract allows: the fewest round trips while selecting. */
export const SELECTION_PAGE_SIZE = 200

/** One request's body: these users, and the role or group of an access action. */
export interface BulkChunk {
  ids: number[]
  roleId?: number
  groupId?: number
  /** A role or group given for a while (issue 57): its end and reason. */
  until?: string | null
  reason?: string
}

export interface BulkJob {
  request: BulkRequest
  listUsers(query: UserListQuery): Promise<Page<User>>
  /** One request of the bulk endpoint, for these ids. */
  applyChunk(action: BulkAction, body: BulkChunk): Promise<BulkResult>
  signal: AbortSignal
  progress(phase: 'selecting' | 'applying', done: number, total: number): void
}

/**
 * Runs a bulk action: "all matching" is first resolved to ids by listing the matching pages,
 * then the ids go to the server BULK_CHUNK_SIZE at a time. Resolving first fixes the set the
 * administrator confirmed (the list's own total and query), which the changes themselves
 * cannot move: deactivating "every active user" page by page would skip users as they leave
 * the filter. Cancel stops before the next request; what was sent stays applied and counted.
 */
export async function runBulk(job: BulkJob): Promise<BulkSummary> {
  const summary: BulkSummary = { ok: 0, failed: 0, failures: [], cancelled: false }
  let ids: number[]
  try {
    ids = await selectedIds(job)
  } catch (error) {
    if (error instanceof Cancelled) return { ...summary, cancelled: true }
    throw error
  }
  const { action, targetId, grant } = job.request
  const target = isBulkAccessAction(action)
    ? { [BULK_TARGET_FIELD[action]]: targetId!, ...grant }
    : {}
  job.progress('applying', 0, ids.length)
  for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
    if (job.signal.aborted) return { ...summary, cancelled: true }
    let answer: BulkResult
    try {
      answer = await job.applyChunk(action, {
        ids: ids.slice(start, start + BULK_CHUNK_SIZE),
        ...target,
      })
    } catch (error) {
      // Earlier chunks are applied: the summary says how far it got, and why it stopped.
      if (!(error instanceof ApiFailure)) throw error
      // Refused as a whole before anyone changed: the console confirms it is them, then runs
      // the whole action again.
      if (start === 0 && error.code === REAUTH_REQUIRED) throw error
      return { ...summary, error: error.message }
    }
    summary.ok += answer.ok
    summary.failed += answer.failed
    for (const result of answer.results) if (!result.ok) summary.failures.push(result)
    job.progress('applying', summary.ok + summary.failed, ids.length)
  }
  return summary
}

class Cancelled extends Error {}

/** The chosen ids as they are, or the ids of every user the search and filter match, by id. */
async function selectedIds({ request, listUsers, signal, progress }: BulkJob): Promise<number[]> {
  const { selection } = request
  if ('ids' in selection) return [...new Set(selection.ids)]
  const ids: number[] = []
  for (let page = 0; ; page += 1) {
    if (signal.aborted) throw new Cancelled()
    const answer = await listUsers({
      page,
      size: SELECTION_PAGE_SIZE,
      search: selection.search,
      ...selection.filter,
      sort: 'id',
      direction: 'asc',
    })
    for (const user of answer.content) ids.push(user.id)
    progress('selecting', ids.length, Math.max(answer.page.totalElements, ids.length))
    if (answer.content.length < SELECTION_PAGE_SIZE || ids.length >= answer.page.totalElements) {
      return [...new Set(ids)]
    }
  }
}
