import { describe, expect, test } from 'vitest'
import { deepLinkRouteIn } from '../../src/main/core/deep-link'
import { deepLinkRoute, resetTokenFrom } from '@shared/reset-link'

const TOKEN = 'q2Xv8_fJ-3kLmN0pQrStUvWxYz0123456789AbCdEfG'

describe('resetTokenFrom', () => {
  test('reads the token of a pasted link, whatever its base', () => {
    expect(resetTokenFrom(`admin-console://reset-password?token=${TOKEN}`)).toBe(TOKEN)
    expect(resetTokenFrom(`  https://hub.example.com/reset-password?x=1&token=${TOKEN} `)).toBe(
      TOKEN,
    )
  })

  test('takes a bare token as it is, trimmed', () => {
    expect(resetTokenFrom(` ${TOKEN}\n`)).toBe(TOKEN)
  })

  test('answers nothing for text that is no token', () => {
    expect(resetTokenFrom('')).toBe('')
    expect(resetTokenFrom('two words')).toBe('')
    expect(resetTokenFrom('admin-console://reset-password?token=')).toBe('')
    expect(resetTokenFrom('<script>')).toBe('')
    expect(resetTokenFrom('a'.repeat(513))).toBe('')
  })
})

describe('deepLinkRoute', () => {
  test('opens the reset page with the token of a reset link', () => {
    expect(deepLinkRoute(`admin-console://reset-password?token=${TOKEN}`)).toBe(
      `/reset-password?token=${TOKEN}`,
    )
    expect(deepLinkRoute(`admin-console://reset-password/?token=${TOKEN}`)).toBe(
      `/reset-password?token=${TOKEN}`,
    )
  })

  test('a reset link without a usable token opens the page that asks for one', () => {
    expect(deepLinkRoute('admin-console://reset-password')).toBe('/reset-password')
    expect(deepLinkRoute('admin-console://reset-password?token=a%20b')).toBe('/reset-password')
  })

  test('refuses any other scheme or target, so a link cannot steer the app elsewhere', () => {
    expect(deepLinkRoute(`https://reset-password?token=${TOKEN}`)).toBeNull()
    expect(deepLinkRoute(`admin-console://users/1?token=${TOKEN}`)).toBeNull()
    expect(deepLinkRoute('admin-console://reset-password/../users')).toBeNull()
    expect(deepLinkRoute('not a url')).toBeNull()
  })

  test('finds the link among the arguments the OS passes to a second instance', () => {
    expect(
      deepLinkRouteIn([
        '/opt/Admin Console/admin-console',
        '--flag',
        `admin-console://reset-password?token=${TOKEN}`,
      ]),
    ).toBe(`/reset-password?token=${TOKEN}`)
    expect(deepLinkRouteIn(['/opt/Admin Console/admin-console'])).toBeNull()
  })
})
