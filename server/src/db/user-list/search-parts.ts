/** A 3-character fragment held by more than this share of users narrows a lookup too little. */
const COMMON_SHARE = 0.05

/**
 * The parts of a search (lower case, as PostgreSQL lowers it) that the trigram index is asked
 * for, when leaving its common fragments out saves reading them: the index reads every entry
 * of every trigram it is given, and the "use" and "ser" of a user number are held by every
 * user. `totals[i]` is the number of users, of `users`, whose search text holds the fragment at
 * character `i`. Each part is a run of characters that rarer fragments cover; the whole search
 * is then checked on the rows found. Undefined when the whole search is the better lookup: no
 * fragment is common, or every one is.
 */
export function searchParts(
  search: string,
  totals: readonly number[],
  users: number,
): string[] | undefined {
  const chars = Array.from(search)
  if (totals.length === 0 || totals.length !== chars.length - 2) return undefined
  const rare = totals.map((total) => total <= COMMON_SHARE * users)
  if (rare.every(Boolean) || !rare.some(Boolean)) return undefined
  const parts: string[] = []
  let from = -1
  rare.forEach((isRare, at) => {
    if (isRare && from < 0) from = at
    const runEnds = isRare && (at === rare.length - 1 || !rare[at + 1])
    if (runEnds) {
      parts.push(chars.slice(from, at + 3).join(''))
      from = -1
    }
  })
  return parts
}
