import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type { Database } from '../../server/src/db/database'
import { openMigratedDatabase } from './support/database'

let db: Database
let close: () => Promise<void>

beforeAll(async () => {
  ;({ db, close } = await openMigratedDatabase())
})

afterAll(async () => {
  await close()
})

const backendPid = async (prepare: boolean) => {
  const [row] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', [], { prepare })
  return row!.pid
}

// pg closes a connection idle for 10 s by default; the next request would open another and its
// backend load the catalogs and plan its statements again. The pools' idle timers are set when a
// connection goes back to its pool: on fake timers, 11 s pass at once.
test.skipIf(process.env.TEST_DATABASE !== 'postgres')(
  'a connection idle for longer than pg closes by default still serves the next statement',
  async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const before = [await backendPid(false), await backendPid(true)]
      await vi.advanceTimersByTimeAsync(11_000)
      expect([await backendPid(false), await backendPid(true)]).toEqual(before)
    } finally {
      vi.useRealTimers()
    }
  },
)
