import type { BulkFilter } from '@shared/contract'
import type { Queryable } from './database'
import { userFilterSql, type AtNow } from './user-list/filters'
import { walkedTable } from './user-list/walked-tables'

/** The ids of the users matching, as the list selects them, in id order, at most `limit` + 1 so that "too many" shows. */
export async function selectUserIds(
  db: Queryable,
  filter: AtNow<BulkFilter>,
  limit: number,
): Promise<number[]> {
  const params: unknown[] = []
  const where = userFilterSql(filter, params)
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM ${walkedTable({ ...filter, sort: 'id' })} WHERE ${where}
     ORDER BY id LIMIT $${params.length + 1}`,
    [...params, limit + 1],
  )
  return rows.map((row) => row.id)
}
