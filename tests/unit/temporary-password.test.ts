import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { generateTemporaryPassword } from '../../server/src/auth/temporary-password'
import { rotatingLog } from '../../src/main/core/log/rotating-log'
import { newPasswordSchema } from '@shared/validation'

describe('temporary passwords', () => {
  test('16 unambiguous characters in four groups, accepted as a new password, never repeated', () => {
    const seen = new Set<string>()
    for (let n = 0; n < 2000; n += 1) {
      const password = generateTemporaryPassword()
      expect(password).toMatch(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/)
      expect(password).not.toMatch(/[0Oo1lIS5Z2]/)
      expect(newPasswordSchema.safeParse(password).success).toBe(true)
      seen.add(password)
    }
    expect(seen.size).toBe(2000)
  })

  test('every character of the alphabet turns up, so none is favoured away', () => {
    const counts = new Map<string, number>()
    for (let n = 0; n < 2000; n += 1) {
      for (const character of generateTemporaryPassword().replaceAll('-', ''))
        counts.set(character, (counts.get(character) ?? 0) + 1)
    }
    expect(counts.size).toBe(52)
    // 32,000 draws over 52 characters: about 615 each.
    for (const count of counts.values()) expect(count).toBeGreaterThan(450)
  })

  test("the main process's log never keeps one, nor the token of the change step", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-console-log-'))
    try {
      const log = rotatingLog({ file: join(dir, 'main.log') })
      const password = generateTemporaryPassword()
      log.error(`answer {"temporaryPassword":"${password}"}`)
      log.error(`answer {"code":"password_change_required","passwordChangeToken":"S3CR3T"}`)
      const text = await readFile(join(dir, 'main.log'), 'utf8')
      expect(text).not.toContain(password)
      expect(text).not.toContain('S3CR3T')
      expect(text).toContain('"temporaryPassword":"[redacted]"')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
