import type { AccessRef, Member, MemberListParams, Page } from '@shared/contract'
import { missing } from './refusal'
import type { Queryable } from './database'
import { escapeLike } from './users'

interface MemberRow {
  id: number
  username: string
  full_name: string
  email: string
  is_active: boolean
  is_locked: boolean
  direct: boolean
  via_groups: AccessRef[]
}

/**
 * Who holds something, as SQL over $1 (the role or group id): `holders` answers one row per
 * user (user_id, direct); `via` answers, for the user u.id, the granting groups as a JSON array.
 */
interface Holders {
  holders: string
  via: string
}

/** The active groups that grant role $1. */
const GRANTING = `SELECT gr.group_id FROM group_roles gr JOIN groups g ON g.id = gr.group_id AND g.active
  WHERE gr.role_id = $1`

/**
 * Direct holders and members of the granting groups, merged per user. Both branches read the
 * (role_id, user_id) and (group_id, user_id) indexes of migration 008 alone.
 */
const ROLE_HOLDERS: Holders = {
  holders: `SELECT user_id, bool_or(direct) AS direct FROM (
      SELECT user_id, true AS direct FROM user_roles WHERE role_id = $1
      UNION ALL
      SELECT user_id, false AS direct FROM user_groups WHERE group_id IN (${GRANTING})
    ) h GROUP BY user_id`,
  via: `coalesce(
      (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
       FROM user_groups ug JOIN groups g ON g.id = ug.group_id
       WHERE ug.user_id = u.id AND ug.group_id IN (${GRANTING})),
      '[]'::json)`,
}

/** A group's members hold it directly, through nothing else. */
const GROUP_HOLDERS: Holders = {
  holders: 'SELECT user_id, true AS direct FROM user_groups WHERE group_id = $1',
  via: `'[]'::json`,
}

const toMember = (row: MemberRow): Member => ({
  user: {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    isActive: row.is_active,
    isLocked: row.is_locked,
  },
  direct: row.direct,
  viaGroups: row.via_groups,
})

/**
 * One page of holders in the order of their ids, searched as the users list is, with the exact
 * total. The groups a holder has the role through are looked up for the page's rows only.
 */
async function pageOfHolders(
  db: Queryable,
  { holders, via }: Holders,
  id: number,
  query: MemberListParams,
): Promise<Page<Member>> {
  const params: unknown[] = [id]
  let matching = `(${holders}) m`
  if (query.search) {
    params.push(escapeLike(query.search))
    matching = `(${holders}) m JOIN users s ON s.id = m.user_id
      WHERE s.search_text LIKE '%' || lower($2) || '%'`
  }
  const n = params.length
  const [rows, [count]] = await Promise.all([
    db.query<MemberRow>(
      `SELECT u.id, u.username, u.full_name, u.email, u.is_active, u.is_locked, p.direct,
         ${via} AS via_groups
       FROM (SELECT m.user_id, m.direct FROM ${matching}
             ORDER BY m.user_id LIMIT $${n + 1} OFFSET $${n + 2}) p
       JOIN users u ON u.id = p.user_id
       ORDER BY u.id`,
      [...params, query.size, query.page * query.size],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${matching}`, params),
  ])
  const total = count?.total ?? 0
  return {
    content: rows.map(toMember),
    page: {
      number: query.page,
      size: query.size,
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
    },
  }
}

async function assertExists(db: Queryable, table: 'roles' | 'groups', id: number) {
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])
  if (rows.length === 0)
    throw missing(table === 'roles' ? 'role_not_found' : 'group_not_found', { id })
}

/** The users who hold a role directly or through an active group; refused as missing for an unknown role. */
export async function roleMembers(db: Queryable, roleId: number, query: MemberListParams) {
  await assertExists(db, 'roles', roleId)
  return pageOfHolders(db, ROLE_HOLDERS, roleId, query)
}

/** The members of a group; refused as missing for an unknown group. */
export async function groupMembers(db: Queryable, groupId: number, query: MemberListParams) {
  await assertExists(db, 'groups', groupId)
  return pageOfHolders(db, GROUP_HOLDERS, groupId, query)
}
