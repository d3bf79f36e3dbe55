import { exportedFields, type UserExportParams } from '@shared/contract'
import type { Database, Queryable } from './database'
import { filterConditions, searchCondition, type AtNow } from './user-list/filters'
import { listUsers } from './user-list/list-users'
import { SORTS, tableKey } from './user-list/sorts'
import { orderedRows } from './user-list/walked-tables'
import { exportedUserJsonSql } from './users'

/** Rows read per query: round trips stay few, and a batch is small next to the whole export. */
export const EXPORT_BATCH_ROWS = 1_000
/**
 * A selection this small is read in one query: a narrow search finds its matches through the
 * trigram index and sorts them, work that each batch would otherwise repeat.
 */
export const WHOLE_SELECTION_ROWS = 20_000

/** The rows per query for a selection of `total` users. */
export const exportBatchRows = (total: number) =>
  total <= WHOLE_SELECTION_ROWS ? Math.max(total, EXPORT_BATCH_ROWS) : EXPORT_BATCH_ROWS

/**
 * A stretch of the sort that one keyset walks: the whole list, or for a nullable key
 * (last login) the users with one and those without, who come last ascending and first
 * descending, as in the list's ORDER BY.
 */
interface Stretch {
  condition?: string
  /** Ordered by the sort key then the id; otherwise by the id alone. */
  keyed: boolean
}

function stretches(params: UserExportParams): Stretch[] {
  const { key, column, nullable } = SORTS[params.sort]
  if (key === 'id') return [{ keyed: false }]
  if (!nullable) return [{ keyed: true }]
  const dated = { condition: `${column} IS NOT NULL`, keyed: true }
  const never = { condition: `${column} IS NULL`, keyed: false }
  return params.direction === 'asc' ? [dated, never] : [never, dated]
}

/** A user's JSON as the export sends it (`exportedUserJsonSql`), and where it stands in the sort. */
interface KeyedRow {
  user: string
  id: number
  sort_key: string | null
}

/**
 * The JSON of every user the export's search and filters select (`exportedUserJsonSql`), in its
 * sort, a batch at a time: through a cursor where the database has one to spare (PostgreSQL),
 * otherwise each batch starting after the last row of the one before (keyset on the sort's
 * index), so the millionth row costs what the first one does. Either way the next batch is read
 * while the caller sends this one.
 */
export async function* selectedUserBatches(
  db: Queryable & Pick<Database, 'streamRows'>,
  params: AtNow<UserExportParams>,
  batchRows: number,
): AsyncGenerator<string[]> {
  const sort = SORTS[params.sort]
  const { key, type } = sort
  const dir = params.direction === 'desc' ? 'DESC' : 'ASC'
  const user = exportedUserJsonSql(exportedFields(params.fields))
  if (db.streamRows) {
    // One statement through a cursor: one snapshot, and one plan for the whole selection.
    const values: unknown[] = []
    const conditions = [
      ...searchCondition(params.search, values),
      ...filterConditions(params, values),
    ]
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''
    const batches = db.streamRows<Pick<KeyedRow, 'user'>>(
      `SELECT ${user} AS "user" FROM ${orderedRows(params)} ${where}
       ORDER BY ${tableKey(sort)} ${dir}, id ${dir}`,
      values,
      batchRows,
    )
    for await (const rows of batches) yield rows.map((row) => row.user)
    return
  }
  const after = params.direction === 'desc' ? '<' : '>'
  const read = (stretch: Stretch, last?: KeyedRow) => {
    const values: unknown[] = []
    const conditions = [
      ...searchCondition(params.search, values),
      ...filterConditions(params, values),
    ]
    const param = (value: unknown) => `$${values.push(value)}`
    if (stretch.condition) conditions.push(stretch.condition)
    if (last && stretch.keyed) {
      conditions.push(`(${key}, id) ${after} (${param(last.sort_key)}::${type}, ${param(last.id)})`)
    } else if (last) conditions.push(`id ${after} ${param(last.id)}`)
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''
    const order = stretch.keyed ? `${tableKey(sort)} ${dir}, id ${dir}` : `id ${dir}`
    const pending = db.query<KeyedRow>(
      `SELECT ${user} AS "user", id, (${key})::text AS sort_key FROM ${orderedRows(params)} ${where}
       ORDER BY ${order} LIMIT ${param(batchRows)}`,
      values,
    )
    // A batch read ahead may be abandoned when the client goes away: not an unhandled failure.
    pending.catch(() => undefined)
    return pending
  }
  for (const stretch of stretches(params)) {
    let pending = read(stretch)
    for (;;) {
      const rows = await pending
      const full = rows.length === batchRows
      if (full) pending = read(stretch, rows.at(-1))
      if (rows.length > 0) yield rows.map((row) => row.user)
      if (!full) break
    }
  }
}

/** How many users the export will send: counted as the list counts them, kept counts and all. */
export async function countSelectedUsers(
  db: Queryable,
  params: AtNow<UserExportParams>,
): Promise<number> {
  const { page } = await listUsers(db, { ...params, page: 0, size: 1 })
  return page.totalElements
}
