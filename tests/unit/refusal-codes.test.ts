import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { GENERAL_REFUSAL_CODES, INVALID_FIELDS, REFUSAL_MESSAGES } from '@shared/contract'

/** Any value a message's params could hold, for whatever key it reads. */
const paramsOf = (values: (string | number)[]) =>
  Object.freeze(
    new Proxy(
      {},
      {
        get: (_target, key) => values[String(key).length % values.length],
        set: () => false,
      },
    ),
  )

describe('the catalogue of refusal codes', () => {
  test('codes are snake_case, and no general code or INVALID_FIELDS is also catalogued', () => {
    const catalogued = Object.keys(REFUSAL_MESSAGES)
    const general = Object.values(GENERAL_REFUSAL_CODES)
    for (const code of [...catalogued, ...general, INVALID_FIELDS]) {
      expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/)
    }
    const all = [...catalogued, ...new Set(general), INVALID_FIELDS]
    expect(new Set(all).size).toBe(all.length)
  })

  test('each message function is pure: the same params give the same text, and none are changed', () => {
    const functions = Object.entries(REFUSAL_MESSAGES).filter(
      (entry): entry is [string, (params: unknown) => string] => typeof entry[1] === 'function',
    )
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.integer({ min: 0, max: 10_000 })), { minLength: 1 }),
        (values) => {
          for (const [, message] of functions) {
            const params = paramsOf(values)
            const first = message(params)
            expect(typeof first).toBe('string')
            expect(first.length).toBeGreaterThan(0)
            expect(message(paramsOf(values))).toBe(first)
          }
        },
      ),
    )
  })
})
