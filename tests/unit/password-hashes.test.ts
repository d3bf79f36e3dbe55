import type * as argon2 from '@node-rs/argon2'
import { hash, parseOptions, verify } from '@node-rs/argon2'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { checkPassword, hashPassword, NO_PASSWORD_HASH } from '../../server/src/auth/passwords'

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>()
  return { ...real, verify: vi.fn(real.verify) }
})

const PASSWORD = 'a correct horse'
const FORMER = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }
/** A hash's cost as its PHC string writes it; `none` for what is no hash. */
const costOf = (stored: string) => {
  try {
    const { memoryCost, timeCost, parallelism } = parseOptions(stored)
    return `m=${memoryCost},t=${timeCost},p=${parallelism}`
  } catch {
    return 'none'
  }
}
/** The cost of every hash verified, sorted: the work a check did. */
const verifiedCosts = () =>
  vi
    .mocked(verify)
    .mock.calls.map(([stored]) => costOf(String(stored)))
    .sort()

beforeEach(() => {
  vi.mocked(verify).mockClear()
})

describe('passwords', () => {
  test('are hashed at 7 MiB and 5 passes, one lane', async () => {
    expect(costOf(await hashPassword(PASSWORD))).toBe('m=7168,t=5,p=1')
  })

  test("a sign-in's check does the same work whatever the account: none, without a password, its hash current or of the former cost", async () => {
    const current = await hashPassword(PASSWORD)
    const former = await hash(PASSWORD, FORMER)
    const work: Record<string, string[]> = {}
    const answers: Record<string, unknown> = {}
    for (const [account, stored, typed] of [
      ['unknown', undefined, PASSWORD],
      ['without a password', NO_PASSWORD_HASH, PASSWORD],
      ['current, wrong password', current, 'wrong'],
      ['current', current, PASSWORD],
      ['former, wrong password', former, 'wrong'],
      ['former', former, PASSWORD],
    ] as const) {
      vi.mocked(verify).mockClear()
      answers[account] = await checkPassword(typed, stored)
      // The password-less account's own string is read too, which parses and fails at once.
      work[account] = verifiedCosts().filter((cost) => cost !== 'none')
    }
    expect(answers).toEqual({
      unknown: { valid: false, outdated: false },
      'without a password': { valid: false, outdated: false },
      'current, wrong password': { valid: false, outdated: false },
      current: { valid: true, outdated: false },
      'former, wrong password': { valid: false, outdated: false },
      former: { valid: true, outdated: true },
    })
    for (const costs of Object.values(work)) {
      expect(costs).toEqual(['m=19456,t=2,p=1', 'm=7168,t=5,p=1'])
    }
  })
})
