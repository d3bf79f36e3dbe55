import { USER_SIGN_IN_FILTERS, USER_SORT_FIELDS } from '@shared/contract'
import { FIRST_NAMES, LAST_NAMES } from '../src/seed/names'

/** What an administrator does with the list, for the figures per kind. */
export type RequestKind = 'browse' | 'filter' | 'signIn' | 'cursor' | 'search'

export interface ListRequest {
  kind: RequestKind
  /** The query string of GET /api/admin/users. */
  query: string
}

/** An answered request: its next page's cursor, if any, can be followed later. */
export interface Answered {
  request: ListRequest
  next: string | null
}

export interface DataSet {
  users: number
  roleIds: number[]
  groupIds: number[]
}

/** mulberry32: a small deterministic generator, so that every run sends the same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Fragments found in a large share of names (the slow case of issue 14) and ones in few. */
const BROAD = ['ha', 'ar', 'an', 'ma', 'has', 'rre', 'ara', 'ali', 'ama', 'ish', 'a', 'e']
const SIZE = 20

/**
 * A fixed, seeded sequence of distinct list requests: sorts, directions, pages near and deep,
 * filters, broad and narrow searches (name fragments, full names, user numbers, phone digits),
 * and Next by the cursor of an earlier answer. No request is made twice.
 */
export function requestMaker(seed: number, data: DataSet) {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const int = (from: number, to: number) => from + Math.floor(random() * (to - from + 1))
  const made = new Set<string>()
  const followed = new Set<number>()
  const lastPage = Math.max(0, Math.ceil(data.users / SIZE) - 1)

  const order = () => `sort=${pick(USER_SORT_FIELDS)}&direction=${pick(['asc', 'desc'])}`
  const filter = () => {
    const parts = new Map<string, string>()
    const roll = random()
    if (roll < 0.3) parts.set('status', pick(['active', 'inactive']))
    else if (roll < 0.5) parts.set('locked', pick(['true', 'false']))
    else if (roll < 0.75 && data.roleIds.length > 0) parts.set('roleId', String(pick(data.roleIds)))
    else if (data.groupIds.length > 0) parts.set('groupId', String(pick(data.groupIds)))
    if (random() < 0.25 && !parts.has('status')) parts.set('status', pick(['active', 'inactive']))
    return [...parts].map(([name, value]) => `${name}=${value}`).join('&')
  }
  // Issue 57: the last-sign-in filter, relative or since a day of the seed's year, with a status.
  const signIn = () => {
    const since =
      random() < 0.8
        ? pick(USER_SIGN_IN_FILTERS)
        : new Date(Date.UTC(2026, int(0, 10), int(1, 28))).toISOString()
    const status = random() < 0.4 ? `&status=${pick(['active', 'inactive'])}` : ''
    return `lastSignIn=${encodeURIComponent(since)}${status}`
  }
  const page = () => {
    const roll = random()
    if (roll < 0.35) return 0
    if (roll < 0.65) return int(1, 20)
    if (roll < 0.8) return int(21, 2_000)
    return int(2_001, lastPage)
  }
  const search = () => {
    const roll = random()
    if (roll < 0.3) return pick(BROAD)
    if (roll < 0.45) return `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`
    if (roll < 0.55) return pick(random() < 0.5 ? FIRST_NAMES : LAST_NAMES).slice(0, int(3, 6))
    if (roll < 0.7) return `user${int(1, data.users)}`
    if (roll < 0.85) return String(int(10, 999_999))
    return `5${int(0, 9)} ${String(int(0, 9999)).padStart(4, '0')}`
  }

  function candidate(answered: Answered[]): ListRequest {
    const roll = random()
    if (roll < 0.2) {
      const open = answered.flatMap((a, i) => (a.next && !followed.has(i) ? [i] : []))
      if (open.length > 0) {
        const index = pick(open)
        followed.add(index)
        const from = answered[index]!
        const base = from.request.query.replace(/(^|&)(page|cursor)=[^&]*/g, '')
        return { kind: 'cursor', query: `${base}&cursor=${from.next}`.replace(/^&/, '') }
      }
    }
    if (roll < 0.45) return { kind: 'browse', query: `${order()}&page=${page()}` }
    if (roll < 0.65) {
      const pageOfFilter = random() < 0.7 ? 0 : int(1, 30)
      return { kind: 'filter', query: `${order()}&${filter()}&page=${pageOfFilter}` }
    }
    if (roll < 0.72) {
      const pageOfFilter = random() < 0.7 ? 0 : int(1, 30)
      return { kind: 'signIn', query: `${order()}&${signIn()}&page=${pageOfFilter}` }
    }
    const term = encodeURIComponent(search())
    const filtered = random() < 0.2 ? `&${filter()}` : ''
    const pageOfSearch = random() < 0.8 ? 0 : int(1, 5)
    return { kind: 'search', query: `search=${term}&${order()}${filtered}&page=${pageOfSearch}` }
  }

  return (answered: Answered[]): ListRequest => {
    for (;;) {
      const request = candidate(answered)
      if (!made.has(request.query)) {
        made.add(request.query)
        return request
      }
    }
  }
}
