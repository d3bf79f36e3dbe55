import type { Page, User, UserListQuery } from '@shared/contract'
import type { UserBatch } from './user-batch'

/** Page requests an export keeps open at once when it pages by number. */
export const PAGES_IN_FLIGHT = 4

/**
 * The list by page number from a first page already read, for servers without cursors: up to
 * PAGES_IN_FLIGHT pages asked for at once, handed on in order. It ends at the first short page
 * or at the newest total the server gave.
 */
export async function* numberedPages(
  listUsers: (query: UserListQuery) => Promise<Page<User>>,
  query: UserListQuery & { size: number },
  first: Page<User>,
): AsyncGenerator<UserBatch> {
  const { size } = query
  let total = first.page.totalElements
  yield { users: first.content, total }
  if (first.content.length < size) return
  const inFlight: Promise<Page<User>>[] = []
  let asked = first.page.number + 1
  for (;;) {
    while (inFlight.length < PAGES_IN_FLIGHT && asked * size < total) {
      const pending = listUsers({ ...query, page: asked })
      // Asked ahead: if the caller stops first, its failure is nobody's concern.
      pending.catch(() => undefined)
      inFlight.push(pending)
      asked += 1
    }
    const next = inFlight.shift()
    if (!next) return
    const page = await next
    total = page.page.totalElements
    if (page.content.length > 0) yield { users: page.content, total }
    if (page.content.length < size) return
  }
}
