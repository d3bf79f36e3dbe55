import type { BulkSelectionInput } from '@shared/bridge-inputs'
import type { User, UserFilter, UserListQuery } from '@shared/contract'
import { filterKey, LIST_FILTER_KEYS } from '@shared/user-list-fields'

/** What the list selects by: its search and its filters (not its sort or page). */
export interface SelectionScope {
  search?: string
  filter: UserFilter
}

/**
 * The users chosen for a bulk action: some, by id (with their usernames, in the order chosen),
 * or every user the scope matches, however many pages that is.
 */
export type Selection =
  | { kind: 'some'; users: ReadonlyMap<number, string> }
  | { kind: 'all'; total: number; scope: SelectionScope }

export const NOTHING_SELECTED: Selection = { kind: 'some', users: new Map() }

export function scopeOf(query: UserListQuery): SelectionScope {
  const given = LIST_FILTER_KEYS.filter((key) => query[key] !== undefined)
  const filter = Object.fromEntries(given.map((key) => [key, query[key]])) as UserFilter
  return { ...(query.search ? { search: query.search } : {}), filter }
}

/** Two scopes select the same users when their search and filters agree. */
export const scopeKey = (scope: SelectionScope) =>
  JSON.stringify(filterKey({ ...scope.filter, search: scope.search }))

export const selectedCount = (selection: Selection) =>
  selection.kind === 'all' ? selection.total : selection.users.size

export const isSelected = (selection: Selection, id: number) =>
  selection.kind === 'all' || selection.users.has(id)

/** The header checkbox: checked when every row of the page is, mixed when some are. */
export function pageState(selection: Selection, page: readonly User[]): 'all' | 'some' | 'none' {
  const chosen = page.filter((user) => isSelected(selection, user.id)).length
  if (page.length > 0 && chosen === page.length) return 'all'
  return chosen > 0 ? 'some' : 'none'
}

/** "All matching" is left as the page's rows, so unticking one row keeps the others. */
const asSome = (selection: Selection, page: readonly User[]) =>
  selection.kind === 'some'
    ? new Map(selection.users)
    : new Map(page.map((user) => [user.id, user.username]))

export function toggleUser(selection: Selection, page: readonly User[], user: User): Selection {
  const users = asSome(selection, page)
  if (selection.kind === 'some' && users.has(user.id)) users.delete(user.id)
  else if (selection.kind === 'all') users.delete(user.id)
  else users.set(user.id, user.username)
  return { kind: 'some', users }
}

/** Ticks every row of the page, or, when all are ticked, unticks them. */
export function togglePage(selection: Selection, page: readonly User[]): Selection {
  const users = asSome(selection, page)
  const clearing = pageState(selection, page) === 'all'
  for (const user of page) {
    if (clearing) users.delete(user.id)
    else users.set(user.id, user.username)
  }
  return { kind: 'some', users }
}

/** What the main process is told to work on. */
export function selectionInput(selection: Selection): BulkSelectionInput {
  if (selection.kind === 'some') return { ids: [...selection.users.keys()] }
  const { search, filter } = selection.scope
  return { ...(search ? { search } : {}), filter }
}
