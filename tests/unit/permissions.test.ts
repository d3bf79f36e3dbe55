import { describe, expect, test } from 'vitest'
import { allows, PERMISSIONS, permissionListSchema } from '@shared/contract'

describe('allows', () => {
  test('a server that sends no permissions leaves everything offered', () => {
    for (const permission of PERMISSIONS) expect(allows(undefined, permission)).toBe(true)
  })

  test('a list allows exactly what it holds; an empty one nothing', () => {
    expect(allows(['users.read', 'audit.read'], 'audit.read')).toBe(true)
    expect(allows(['users.read', 'audit.read'], 'users.assign')).toBe(false)
    expect(PERMISSIONS.some((permission) => allows([], permission))).toBe(false)
  })
})

test('a permission outside the catalogue is refused with the catalogue named', () => {
  const parsed = permissionListSchema.safeParse(['users.read', 'users.delete'])
  expect(parsed.success).toBe(false)
  expect(parsed.error?.issues[0]?.message).toBe(
    `permission must be one of ${PERMISSIONS.join(', ')}`,
  )
})
