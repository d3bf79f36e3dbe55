import type { Queryable } from './database'

export interface OutboxMail {
  id: number
  userId: number | null
  to: string
  subject: string
  text: string
  description: string
  attempts: number
}

/** Written in the transaction of what the mail announces: both land, or neither does. */
export async function enqueueMail(
  tx: Queryable,
  mail: Omit<OutboxMail, 'id' | 'attempts'>,
): Promise<void> {
  await tx.query(
    `INSERT INTO mail_outbox (user_id, recipient, subject, body, description)
     VALUES ($1, $2, $3, $4, $5)`,
    [mail.userId, mail.to, mail.subject, mail.text, mail.description],
  )
}

/** Several mails in one statement, in the transaction of what they announce. */
export async function enqueueMails(
  tx: Queryable,
  mails: Omit<OutboxMail, 'id' | 'attempts'>[],
): Promise<void> {
  if (mails.length === 0) return
  await tx.query(
    `INSERT INTO mail_outbox (user_id, recipient, subject, body, description)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      mails.map((mail) => mail.userId),
      mails.map((mail) => mail.to),
      mails.map((mail) => mail.subject),
      mails.map((mail) => mail.text),
      mails.map((mail) => mail.description),
    ],
  )
}

/**
 * Takes up to `limit` due mails for this instance: each is leased for `leaseSeconds` (its next
 * attempt moves past the lease), so another instance does not send it meanwhile, and a mail whose
 * sender died is tried again once the lease ends.
 */
export async function claimDueMail(
  db: Queryable,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxMail[]> {
  const rows = await db.query<{
    id: string | number
    user_id: number | null
    recipient: string
    subject: string
    body: string
    description: string
    attempts: number
  }>(
    `UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, user_id, recipient, subject, body, description, attempts`,
    [limit, leaseSeconds],
  )
  return rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    description: row.description,
    attempts: row.attempts,
  }))
}

/**
 * The body of a mail that will not be sent again, emptied: it may hold a live reset link, whose
 * token is otherwise stored only as its hash.
 */
const SPENT_BODY = "''"

/** Marks delivered mails sent, many in one statement. */
export async function markMailsSent(db: Queryable, ids: number[]): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET sent_at = now(), last_error = NULL, body = ${SPENT_BODY}
     WHERE id = ANY($1::bigint[])`,
    [ids],
  )
}

/**
 * Records a failed attempt: tried again after `retryInSeconds`, or given up when undefined (and
 * its body emptied, as a sent one's).
 */
export async function markMailFailed(
  db: Queryable,
  id: number,
  error: string,
  retryInSeconds: number | undefined,
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET last_error = $2,
       next_attempt_at = now() + make_interval(secs => coalesce($3::float8, 0)),
       failed_at = CASE WHEN $3::float8 IS NULL THEN now() END,
       body = CASE WHEN $3::float8 IS NULL THEN ${SPENT_BODY} ELSE body END
     WHERE id = $1`,
    [id, error, retryInSeconds ?? null],
  )
}
