import type { MessageId, Translate } from '@shared/i18n/catalogues'

/** The items whose name contains the search, ignoring case and surrounding spaces. */
export function filterByName<T extends { name: string }>(items: T[], search: string): T[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return items
  return items.filter((item) => item.name.toLowerCase().includes(needle))
}

/** What an empty table says: nothing at all (`none`), or nothing that matches the search. */
export function emptyText(
  t: Translate,
  { none, noneMatch }: { none: MessageId; noneMatch: MessageId },
  search: string,
): string {
  const term = search.trim()
  return term ? t(noneMatch, { search: term }) : t(none)
}
