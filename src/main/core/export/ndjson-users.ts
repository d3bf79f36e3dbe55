import { z } from 'zod'
import { exportedUserSchema, type User, type UserExportField } from '@shared/contract'
import { ApiFailure } from '../api/http'
import type { Streamed } from '../api/stream'
import type { UserBatch } from './user-batch'

/**
 * The users of an NDJSON body (one JSON user per line), `size` at a time as they arrive, each
 * checked against the contract: `fields` of it, those the export asked for. `total` is what the
 * server announced, when it did. The body is let go when the caller stops early.
 */
export async function* ndjsonUserBatches(
  body: Pick<Streamed, 'read' | 'cancel'>,
  fields: readonly UserExportField[],
  size: number,
  total: number | undefined,
): AsyncGenerator<UserBatch> {
  const usersSchema = z.array(exportedUserSchema(fields))
  const decoder = new TextDecoder()
  let rest = ''
  let lines: string[] = []
  let done = 0
  const batch = (): UserBatch => {
    const taken = lines.slice(0, size)
    lines = lines.slice(size)
    let parsed: unknown
    try {
      parsed = JSON.parse(`[${taken.join(',')}]`)
    } catch {
      parsed = undefined
    }
    const users = usersSchema.safeParse(parsed)
    if (!users.success || users.data.length !== taken.length)
      throw new ApiFailure("The server's user export is not what the contract says")
    done += users.data.length
    // Only the fields asked for, which are all the cells of the export read.
    return { users: users.data as User[], total: Math.max(total ?? done, done) }
  }
  try {
    for (let chunk = await body.read(); chunk; chunk = await body.read()) {
      const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n')
      rest = parts.pop()!
      for (const line of parts) if (line.trim()) lines.push(line)
      while (lines.length >= size) yield batch()
    }
    rest += decoder.decode()
    if (rest.trim()) lines.push(rest)
    while (lines.length > 0) yield batch()
  } finally {
    body.cancel()
  }
}
