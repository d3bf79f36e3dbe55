import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database'

/** The hash before the first record's. */
export const GENESIS_HASH = '0'.repeat(64)

/** A record's fields as the database writes them as text, in the order its hash covers them. */
export interface ChainFields {
  chainSeq: string
  id: string
  createdAt: string
  actorId: string | null
  actorUsername: string | null
  action: string
  targetType: string
  targetId: string | null
  changes: string
  clientAddress: string | null
  requestId: string | null
}

const FIELD_ORDER: (keyof ChainFields)[] = [
  'chainSeq',
  'id',
  'createdAt',
  'actorId',
  'actorUsername',
  'action',
  'targetType',
  'targetId',
  'changes',
  'clientAddress',
  'requestId',
]

/**
 * The text a record's hash covers: each field as its length in bytes, a colon and its text, or
 * '-' when null. The same as the database's `audit_canonical` (migration 034), computed again
 * here so that a changed function in the database cannot vouch for a changed record.
 */
export function canonicalText(fields: ChainFields): string {
  let text = 'audit-chain-1'
  for (const key of FIELD_ORDER) {
    const value = fields[key]
    text += value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`
  }
  return text
}

export function chainHash(previous: string, fields: ChainFields): string {
  return createHash('sha256')
    .update(previous + canonicalText(fields), 'utf8')
    .digest('hex')
}

/** The columns of `ChainFields`, as text the way `audit_canonical` reads them. */
export const CHAIN_FIELDS_SQL = `chain_seq::text AS "chainSeq", id::text AS id,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
  actor_id::text AS "actorId", actor_username AS "actorUsername", action,
  target_type AS "targetType", target_id AS "targetId", changes::text AS changes,
  client_address AS "clientAddress", request_id AS "requestId", chain_hash AS "chainHash"`

export type ChainRow = ChainFields & { chainHash: string }

/** What verify-audit found: the chain intact up to its head, or the first record that breaks it. */
export type ChainReport =
  | { intact: true; records: number; headHash: string }
  | { intact: false; records: number; problem: string }

const PAGE_ROWS = 2000

/**
 * Walks the chain from its first record in the order of `chain_seq`, recomputing each hash from
 * the record's fields and the previous hash: a changed record's hash no longer matches, a
 * deleted one leaves a gap in the numbers, one inserted out of order (with the triggers off)
 * matches neither its place nor its number, and records cut off the end leave the chain's head
 * ahead of the last record.
 */
export async function verifyChain(db: Queryable): Promise<ChainReport> {
  let previous = GENESIS_HASH
  let expectedSeq = 1n
  let records = 0
  let after = 0n
  for (;;) {
    const rows = await db.query<ChainRow>(
      `SELECT ${CHAIN_FIELDS_SQL} FROM audit_log WHERE chain_seq > $1 ORDER BY chain_seq LIMIT $2`,
      [after.toString(), PAGE_ROWS],
    )
    for (const row of rows) {
      const seq = BigInt(row.chainSeq)
      // Numbers are unique and read in order, so a number out of step is one after a gap.
      if (seq !== expectedSeq) {
        const missing =
          seq - expectedSeq > 1n ? `s ${expectedSeq} to ${seq - 1n}` : ` ${expectedSeq}`
        return {
          intact: false,
          records,
          problem: `Record${missing} of the chain ${seq - expectedSeq > 1n ? 'are' : 'is'} missing (deleted): the next present is record ${seq} (id ${row.id}).`,
        }
      }
      const hash = chainHash(previous, row)
      if (hash !== row.chainHash) {
        return {
          intact: false,
          records,
          problem: `Record ${seq} (id ${row.id}, ${row.action} at ${row.createdAt}) does not match its hash: it was changed, inserted out of order, or follows a record that was.`,
        }
      }
      previous = hash
      expectedSeq += 1n
      records += 1
    }
    if (rows.length < PAGE_ROWS) break
    after = expectedSeq - 1n
  }
  const [outside] = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM audit_log WHERE chain_seq IS NULL ORDER BY id LIMIT 1',
  )
  if (outside)
    return {
      intact: false,
      records,
      problem: `Record id ${outside.id} is not part of the chain: it was inserted with the chain's trigger off.`,
    }
  const [head] = await db.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM audit_chain_head',
  )
  if (!head || BigInt(head.seq) !== expectedSeq - 1n || head.hash !== previous) {
    return {
      intact: false,
      records,
      problem: `The chain's head names record ${head?.seq ?? 'none'} but the last record is ${expectedSeq - 1n}: records were deleted from its end, or the head was changed.`,
    }
  }
  return { intact: true, records, headHash: previous }
}
