/** The items whose name contains the search, ignoring case and surrounding spaces. */
export function filterByName<T extends { name: string }>(items: T[], search: string): T[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return items
  return items.filter((item) => item.name.toLowerCase().includes(needle))
}

/** What an empty table says: nothing at all, or nothing that matches the search. */
export function emptyText(plural: string, search: string): string {
  return search.trim()
    ? `No ${plural.toLowerCase()} match "${search.trim()}".`
    : `No ${plural.toLowerCase()} found.`
}
