import type { Page, User, UserListQuery } from '@shared/contract'
import type { UserBatch } from './user-batch'

/**
 * The list followed by its `next` cursors from a first page already read. Each page names the
 * next, so they come one at a time; the next is asked for before this one is handed on, so the
 * network works while the caller writes.
 */
export async function* cursorPages(
  listUsers: (query: UserListQuery) => Promise<Page<User>>,
  /** The list's query without a page number: each request adds its cursor. */
  query: Omit<UserListQuery, 'page' | 'cursor'>,
  first: Page<User>,
): AsyncGenerator<UserBatch> {
  let page = first
  for (;;) {
    const pending =
      page.next && page.content.length > 0 ? listUsers({ ...query, cursor: page.next }) : undefined
    // Asked ahead: if the caller stops first, its failure is nobody's concern.
    pending?.catch(() => undefined)
    yield { users: page.content, total: page.page.totalElements }
    if (!pending) return
    page = await pending
  }
}
