import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { appMenuTemplate, type MenuItemTemplate } from '../../src/main/core/host/app-menu'
import { consoleGate } from '../../src/main/core/host/console-gate'
import { requireSecureServerUrl } from '../../src/main/core/host/secure-server-url'
import { redact } from '../../src/main/core/log/redact'
import { rotatingLog } from '../../src/main/core/log/rotating-log'
import { placeWindow } from '../../src/main/core/window-state'
import { englishText } from '../support/english'

describe('console gate', () => {
  const packaged = consoleGate({ packaged: true, devServerUrl: 'http://localhost:5173' })
  const development = consoleGate({ packaged: false, devServerUrl: 'http://localhost:5173/' })

  test('app://console is the console, compared by protocol and host (its URL.origin is "null")', () => {
    expect(new URL('app://console/').origin).toBe('null')
    for (const url of ['app://console/', 'app://console/users/42?x=1', 'app://console'])
      expect(packaged.isConsoleUrl(url)).toBe(true)
    for (const url of [
      'app://other/',
      'app://console.evil/',
      'app://console:81/',
      'null',
      'https://console/',
      'file:///app/console/index.html',
      'http://localhost:5173/',
      'not a url',
      '',
    ])
      expect(packaged.isConsoleUrl(url)).toBe(false)
  })

  test('the dev server counts only when not packaged, and only on its own port', () => {
    expect(development.isConsoleUrl('http://localhost:5173/users')).toBe(true)
    expect(development.isConsoleUrl('http://localhost:5174/')).toBe(false)
    expect(development.isConsoleUrl('https://localhost:5173/')).toBe(false)
    expect(development.rendererUrl('/reset-password')).toBe('http://localhost:5173/reset-password')
    expect(packaged.rendererUrl('/reset-password')).toBe('app://console/reset-password')
    expect(packaged.rendererUrl('users')).toBe('app://console/users')
  })

  test('only the console window’s own main frame, showing the console, may call', () => {
    const main = { url: 'app://console/users' }
    expect(packaged.isConsoleFrame(main, main)).toBe(true)
    expect(packaged.isConsoleFrame({ url: 'app://console/users' }, main)).toBe(false)
    expect(packaged.isConsoleFrame(main, undefined)).toBe(false)
    expect(packaged.isConsoleFrame(null, main)).toBe(false)
    const away = { url: 'https://evil.example/' }
    expect(packaged.isConsoleFrame(away, away)).toBe(false)
  })
})

describe('window placement', () => {
  const displays = [
    { workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
    { workArea: { x: 1920, y: 0, width: 1280, height: 1000 } },
  ]

  test('a place still on a display is kept, maximized included', () => {
    const state = { x: 2000, y: 50, width: 1200, height: 900, maximized: true }
    expect(placeWindow(state, displays)).toEqual(state)
  })

  test('a place whose display is gone is dropped, and the size fits the main display', () => {
    expect(placeWindow({ x: 4000, y: 50, width: 2400, height: 1200 }, displays)).toEqual({
      width: 1920,
      height: 1040,
    })
  })

  test('a window barely on a display (its edge only) is not left there', () => {
    expect(
      placeWindow({ x: 1850, y: 1000, width: 1000, height: 700 }, displays.slice(0, 1)),
    ).toEqual({ width: 1000, height: 700 })
  })
})

describe('server URL', () => {
  test.each([
    'https://admin.example.com',
    'http://127.0.0.1:8080',
    'http://localhost',
    'http://[::1]:9',
  ])('%s is allowed', (url) => expect(requireSecureServerUrl(url)).toBe(url))
  test.each([
    'http://admin.example.com',
    'http://127.0.0.1.evil.com',
    'http://192.168.1.4',
    'ftp://x',
  ])('%s is refused with a message saying why', (url) =>
    expect(() => requireSecureServerUrl(url)).toThrow(/must be reached over https:\/\//),
  )
})

describe('log', () => {
  test('secrets are blanked out of every line', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'
    const line = redact(
      `POST /auth/login {"username":"root","password":"hunter2"} Authorization: Bearer ${jwt} ` +
        `refresh {"refreshToken":"r3fr3sh"} link admin-console://reset-password?token=T0K3N&x=1 ${jwt}`,
    )
    for (const secret of ['hunter2', jwt, 'r3fr3sh', 'T0K3N']) expect(line).not.toContain(secret)
    expect(line).toContain('"username":"root"')
    expect(line).toContain('Bearer [redacted]')
    expect(line).toContain('token=[redacted]&x=1')
  })

  test('lines are timestamped, rotated by size, and never throw', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-console-log-'))
    try {
      const log = rotatingLog({
        file: join(dir, 'logs', 'main.log'),
        maxBytes: 200,
        keep: 2,
        clock: () => Date.UTC(2026, 10, 23, 9, 0, 0),
      })
      log.error('Export failed', new Error('disk full'))
      expect(await readFile(log.file, 'utf8')).toMatch(
        /^2026-11-23T09:00:00.000Z ERROR Export failed: Error: disk full\n/,
      )
      for (let index = 0; index < 20; index += 1) log.info(`line ${index} ${'x'.repeat(40)}`)
      expect((await readdir(join(dir, 'logs'))).sort()).toEqual([
        'main.1.log',
        'main.2.log',
        'main.log',
      ])
      expect(await readFile(log.file, 'utf8')).toContain('line 19')
      const broken = rotatingLog({ file: join(dir, 'logs', 'main.log', 'inside-a-file.log') })
      expect(() => broken.error('nowhere to go')).not.toThrow()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('application menu', () => {
  const roles = (items: MenuItemTemplate[]): string[] =>
    items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])])
  const template = (platform: NodeJS.Platform, packaged: boolean) =>
    appMenuTemplate({
      platform,
      packaged,
      productName: 'Admin Console',
      t: englishText,
      openLog: () => undefined,
      showAbout: () => undefined,
    })

  test.each(['darwin', 'win32', 'linux'] as const)(
    'packaged on %s: no reload or devtools',
    (os) => {
      const all = roles(template(os, true))
      for (const role of ['reload', 'forceReload', 'toggleDevTools'])
        expect(all).not.toContain(role)
      expect(all).toEqual(expect.arrayContaining(['cut', 'copy', 'paste', 'selectAll', 'quit']))
    },
  )

  test('macOS has the app menu first, named after the product, with About', () => {
    const [first] = template('darwin', true)
    expect(first!.label).toBe('Admin Console')
    expect(first!.submenu![0]!.label).toBe('About Admin Console')
  })
})
