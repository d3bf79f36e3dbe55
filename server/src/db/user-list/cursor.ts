import { createHash } from 'node:crypto'
import { z } from 'zod'
import { REFUSAL_MESSAGES, type UserListParams, type UserSortField } from '@shared/contract'
import { filterKey, USER_SORTS, type SortDeclaration } from '@shared/user-list-fields'
import { invalid } from '../refusal'

/** The sort key of a row as the database compares it: text, a boolean, or null (no last login). */
export type SortKey = string | boolean | null

/**
 * Where a keyset page starts: after (`next`) or before (`prev`) the row with this sort key and
 * id, in the list's order, and the number of the page it leads to. Opaque to clients.
 */
export interface UserCursor {
  travel: 'next' | 'prev'
  page: number
  key: SortKey
  id: number
  /** The list the cursor belongs to (see `listFingerprint`). */
  list: string
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** What a boundary key must look like for a sort's type: the key of `id` is the id itself. */
const KEY_SCHEMAS: Record<SortDeclaration['type'], z.ZodType<SortKey>> = {
  int: z.null(),
  text: z.string().max(400),
  boolean: z.boolean(),
  timestamptz: z.string().regex(TIMESTAMP),
}

const keySchema = (sort: UserSortField) => {
  const { type, nullable } = USER_SORTS[sort]
  return nullable ? KEY_SCHEMAS[type].nullable() : KEY_SCHEMAS[type]
}

const cursorSchema = z.strictObject({
  t: z.enum(['n', 'p']),
  p: z.number().int().min(0).max(1e9),
  k: z.union([z.string(), z.boolean(), z.null()]),
  i: z.number().int().min(0).max(2_147_483_647),
  l: z.string(),
})

/** Identifies a list's sort, direction, search, filters and page size: a cursor serves one list. */
export function listFingerprint(query: UserListParams): string {
  const list = [query.sort, query.direction, ...filterKey(query), query.size]
  return createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, 16)
}

export function encodeCursor(cursor: UserCursor): string {
  const { travel, page, key, id, list } = cursor
  const json = JSON.stringify({ t: travel === 'next' ? 'n' : 'p', p: page, k: key, i: id, l: list })
  return Buffer.from(json).toString('base64url')
}

export const MALFORMED_CURSOR = REFUSAL_MESSAGES.cursor_malformed
export const FOREIGN_CURSOR = REFUSAL_MESSAGES.cursor_foreign

/** The cursor of `text` for the list of `query`, or a refusal that says what is wrong with it. */
export function decodeCursor(text: string, query: UserListParams): UserCursor {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalid('cursor_malformed')
  }
  const parsed = cursorSchema.safeParse(decoded)
  if (!parsed.success) throw invalid('cursor_malformed')
  const { t, p, k, i, l } = parsed.data
  if (l !== listFingerprint(query)) throw invalid('cursor_foreign')
  if (!keySchema(query.sort).safeParse(k).success) throw invalid('cursor_malformed')
  return { travel: t === 'n' ? 'next' : 'prev', page: p, key: k, id: i, list: l }
}
