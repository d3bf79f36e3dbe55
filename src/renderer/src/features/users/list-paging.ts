import type { Page, UserListQuery } from '@shared/contract'
import type { Result } from '@shared/result'
import { USER_FILTER_KEYS } from '@shared/user-list-fields'

/** A page on screen and the request it answers. */
export interface ShownPage {
  query: UserListQuery
  answer: Pick<Page<unknown>, 'page' | 'next' | 'prev'>
}

/** A page to be fetched through a cursor the server gave, in place of its number. */
export interface CursorStep {
  /** The page, asked for by number. */
  query: UserListQuery
  cursor: string
}

/** What makes a page of a list: the list's sort and direction, its search and filters. */
const QUERY_FIELDS: readonly (keyof UserListQuery)[] = [
  'page',
  'size',
  'sort',
  'direction',
  ...USER_FILTER_KEYS,
]

const sameList = (a: UserListQuery, b: UserListQuery, except?: 'page') =>
  QUERY_FIELDS.every((field) => field === except || a[field] === b[field])

/**
 * Next and Prev on a server that offers keyset cursors (issue 14) go by its `next`/`prev`: the
 * same list, one page on from the one shown. Anything else (a jump, a reload, a new search,
 * sort or filter, or a server of the contract without cursors) goes by page number.
 */
export function cursorStep(
  shown: ShownPage | undefined,
  target: UserListQuery,
): CursorStep | undefined {
  if (!shown || !sameList(shown.query, target, 'page') || target.page === undefined)
    return undefined
  const at = shown.answer.page.number
  const cursor =
    target.page === at + 1 ? shown.answer.next : target.page === at - 1 ? shown.answer.prev : null
  return cursor ? { query: target, cursor } : undefined
}

/** What is sent for `query`: the cursor replaces `page` when the step leads to this very page. */
export function listRequest(query: UserListQuery, step: CursorStep | undefined): UserListQuery {
  if (!step || !sameList(step.query, query)) return query
  const { page: _byCursor, ...rest } = query
  return { ...rest, cursor: step.cursor }
}

/**
 * Fetches `query`, through the step's cursor when it leads there. A cursor the server no longer
 * takes (400: say it restarted with other keys) costs nothing but the same page by number.
 */
export async function fetchListPage<T>(
  list: (query: UserListQuery) => Promise<Result<T>>,
  query: UserListQuery,
  step: CursorStep | undefined,
): Promise<Result<T>> {
  const request = listRequest(query, step)
  const answer = await list(request)
  if (answer.ok || request.cursor === undefined || answer.error.status !== 400) return answer
  return list(query)
}

/**
 * A page past the end (an old link, or users gone since) shows nothing while others match:
 * the last page that has users, or undefined when the page shown is fine.
 */
export function lastPageIfBeyond(
  answer: Pick<Page<unknown>, 'content' | 'page'>,
): number | undefined {
  const { number, size, totalElements } = answer.page
  if (answer.content.length > 0 || totalElements === 0 || number === 0) return undefined
  return Math.max(0, Math.ceil(totalElements / Math.max(size, 1)) - 1)
}
