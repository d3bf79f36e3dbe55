import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, test } from 'vitest'
import type { Database } from '../../server/src/db/database'
import { createMailSender } from '../../server/src/mail/sender'

/**
 * An outbox of `total` due mails behind the statements the sender makes: claims answer the next
 * mails, marks record the ids they mark sent.
 */
function outbox(total: number) {
  let next = 1
  const marks: number[][] = []
  const db = {
    kind: 'postgres',
    async query(text: string, params: unknown[]) {
      await sleep(2)
      if (text.includes('SKIP LOCKED')) {
        const limit = params[0] as number
        const claimed = []
        for (; claimed.length < limit && next <= total; next += 1) {
          claimed.push({
            id: next,
            user_id: null,
            recipient: `u${next}@example.com`,
            subject: 's',
            body: 'b',
            description: 'd',
            attempts: 1,
          })
        }
        return claimed
      }
      if (text.includes('sent_at = now()')) marks.push([...(params[0] as number[])])
      return []
    },
  } as unknown as Database
  return { db, marks }
}

const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger

describe('the mail sender', () => {
  test('marks every delivered mail sent once, many in a statement', async () => {
    const { db, marks } = outbox(300)
    const delivered: string[] = []
    const sender = createMailSender(
      db,
      { send: async (mail) => void delivered.push(mail.to) },
      log,
      30,
    )
    sender.kick()
    await sleep(10)
    await sender.idle()
    sender.close()
    expect(delivered).toHaveLength(300)
    const marked = marks.flat()
    expect(marked.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    expect(marks.length).toBeLessThan(300 / 2)
  })
})
