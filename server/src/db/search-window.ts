/** A fragment this many times as common as the rarest one still narrows the lookup enough. */
const SPREAD = 8

/** Below this many users, a fragment's entries in the trigram index are few enough to read. */
const FEW = 1_000

/**
 * The part of a search (lower case, as PostgreSQL lowers it) that the trigram index is asked
 * for: the run around its rarest 3-character fragment of fragments at most `SPREAD` times as
 * common. `totals[i]` is the number of users whose search text holds the fragment at character
 * `i`. The index reads every entry of every trigram it is given, and a user number's "use"
 * and "ser" are held by every user; the whole search is then checked on the rows found.
 */
export function searchWindow(search: string, totals: readonly number[]): string {
  const chars = Array.from(search)
  if (totals.length === 0 || totals.length !== chars.length - 2) return search
  let rarest = 0
  totals.forEach((total, at) => {
    if (total < totals[rarest]!) rarest = at
  })
  const bound = Math.max(SPREAD * totals[rarest]!, FEW)
  let from = rarest
  let to = rarest
  while (from > 0 && totals[from - 1]! <= bound) from -= 1
  while (to < totals.length - 1 && totals[to + 1]! <= bound) to += 1
  return chars.slice(from, to + 3).join('')
}
