/**
 * The Users list as it was when a user's page was opened from it (search, sort, page, filters),
 * kept in that page's history entry so "Back to Users" restores it, after a reload too.
 */
export interface FromUsersList {
  usersList: string
}

export const fromUsersList = (listSearch: string): FromUsersList => ({ usersList: listSearch })

/** Where "Back to Users" goes: the list as it was left, or the plain list. */
export function backToUsersPath(historyState: unknown): string {
  const listSearch = (historyState as Partial<FromUsersList> | null)?.usersList
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `/users${listSearch}`
    : '/users'
}
