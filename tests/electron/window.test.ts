import { readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../src/main/core/config'
import { hostPerTest } from './support/host'

const LOCAL_SERVER = 'http://127.0.0.1:9'
const ASSETS = new URL('../../out/renderer/assets/', import.meta.url)

const launch = hostPerTest()

const local = { env: { ADMIN_CONSOLE_API_URL: LOCAL_SERVER } }

describe('app:// serves the built renderer and nothing else', () => {
  test('index.html and assets, each with the CSP', async () => {
    const { double } = await launch(local)
    const index = await double.request('app://console/')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await index.text()).toContain('<div id="root">')

    const script = readdirSync(ASSETS).find((name) => name.endsWith('.js'))!
    const asset = await double.request(`app://console/assets/${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await asset.text()).toBe(await readFile(new URL(script, ASSETS), 'utf8'))

    const route = await double.request('app://console/users/4.5')
    expect(await route.text()).toContain('<div id="root">')
  })

  test.each([
    'app://console/..%2f..%2fmain%2findex.js',
    'app://console/assets/..%2f..%2f..%2fpackage.json',
    'app://console/%2e%2e/%2e%2e/package.json',
    'app://other/index.html',
    'app://console/assets/missing.js',
  ])('refuses %s', async (url) => {
    const { double } = await launch(local)
    const answer = await double.request(url)
    expect(answer.status).toBe(404)
    expect(await answer.text()).not.toContain('"name"')
  })

  test('the scheme is registered as privileged before the app is ready', async () => {
    const { double } = await launch({ ...local, notReady: true })
    expect(double.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
  })
})

describe('windows', () => {
  test('the console window is sandboxed, isolated, without Node, and loads app://console/', async () => {
    const { double } = await launch(local)
    const window = double.consoleWindow()!
    expect(window.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    })
    expect(window.options.webPreferences.preload).toMatch(/out\/preload\/index\.cjs$/)
    expect(double.loaded).toEqual(['app://console/'])
    expect(window.isVisible()).toBe(true)
  })

  test('navigation leaves the console never; new windows are denied', async () => {
    const { double } = await launch(local)
    const contents = double.consoleWindow()!.webContents
    expect(contents.navigate('https://evil.example/')).toBe(false)
    expect(contents.navigate('file:///etc/passwd')).toBe(false)
    expect(contents.navigate('http://127.0.0.1:9/')).toBe(false)
    expect(contents.navigate('app://console/users')).toBe(true)
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    })
    expect(contents.windowOpenHandler?.({ url: 'app://console/users' })).toEqual({
      action: 'deny',
    })
  })

  test('any other window the app opens is guarded the same way', async () => {
    const { double } = await launch(local)
    const other = new double.electron.BrowserWindow({ show: false })
    expect(other.webContents.windowOpenHandler?.({ url: 'https://x.example/' })).toEqual({
      action: 'deny',
    })
    expect(other.webContents.navigate('https://x.example/')).toBe(false)
  })

  test('every permission request and check is denied', async () => {
    const { double } = await launch(local)
    const answers: boolean[] = []
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      double.permissionRequestHandler!({}, permission, (granted) => answers.push(granted))
    expect(answers).toEqual([false, false, false, false])
    expect(double.permissionCheckHandler!({}, 'media')).toBe(false)
  })

  test('the window opens where it was, maximized if it was, and remembers on close', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'admin-console-state-'))
    try {
      const state = join(userData, 'window-state.json')
      await writeFile(
        state,
        JSON.stringify({ x: 40, y: 30, width: 1200, height: 800, maximized: true }),
      )
      const first = await launch({ ...local, userData })
      const window = first.double.consoleWindow()!
      expect(window.options).toMatchObject({ x: 40, y: 30, width: 1200, height: 800 })
      expect(window.isMaximized()).toBe(true)
      window.bounds = { x: 60, y: 70, width: 1000, height: 700 }
      window.maximized = false
      window.close()
      expect(JSON.parse(await readFile(state, 'utf8'))).toEqual({
        x: 60,
        y: 70,
        width: 1000,
        height: 700,
        maximized: false,
      })
    } finally {
      await rm(userData, { recursive: true, force: true })
    }
  })

  test('a place on a display that is gone is not restored', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'admin-console-state-'))
    try {
      await writeFile(
        join(userData, 'window-state.json'),
        JSON.stringify({ x: 2500, y: 100, width: 1200, height: 800 }),
      )
      const { double } = await launch({
        ...local,
        userData,
        displays: [{ workArea: { x: 0, y: 0, width: 1280, height: 1000 } }],
      })
      const options = double.consoleWindow()!.options
      expect(options.x).toBeUndefined()
      expect(options.y).toBeUndefined()
      expect(options).toMatchObject({ width: 1200, height: 800 })
    } finally {
      await rm(userData, { recursive: true, force: true })
    }
  })
})

describe('menus', () => {
  const roles = (template: unknown): string[] =>
    (template as Array<{ role?: string; submenu?: unknown }>).flatMap((item) => [
      ...(item.role ? [item.role] : []),
      ...(item.submenu ? roles(item.submenu) : []),
    ])

  test('an installed app has no reload or developer tools, and an Edit menu', async () => {
    const { double } = await launch({ ...local, packaged: true })
    const all = roles(double.menuTemplate)
    expect(all).not.toContain('toggleDevTools')
    expect(all).not.toContain('reload')
    expect(all).not.toContain('forceReload')
    expect(all).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    )
  })

  test('a development build keeps reload and the developer tools', async () => {
    const { double } = await launch(local)
    expect(roles(double.menuTemplate)).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']))
  })

  test('Help › Open Log File opens the log in user data', async () => {
    const host = await launch(local)
    const help = (host.double.menuTemplate as Array<{ label?: string; submenu: any[] }>).find(
      (item) => item.label === 'Help',
    )!
    help.submenu.find((item) => item.label === 'Open Log File').click()
    expect(host.double.openedPaths).toEqual([join(host.userData, 'logs', 'main.log')])
  })
})

describe('which server, and development mode', () => {
  test.each(['http://admin.example.com', 'http://10.0.0.5:8080', 'ftp://admin.example.com'])(
    'a plain-http remote server (%s) stops the app with a clear message',
    async (url) => {
      const { double } = await launch({ env: { ADMIN_CONSOLE_API_URL: url } })
      expect(double.consoleWindow()).toBeUndefined()
      expect(double.errorBoxes).toHaveLength(1)
      expect(double.errorBoxes[0]!.title).toBe('Admin Console cannot start')
      expect(double.errorBoxes[0]!.content).toMatch(/https:\/\/|http:\/\//)
      expect(double.quits.length).toBeGreaterThan(0)
      expect(double.ipcHandlers.size).toBe(0)
    },
  )

  test.each(['https://admin.example.com', 'http://localhost:8080', 'http://[::1]:8080'])(
    '%s is accepted',
    async (url) => {
      const { double } = await launch({ env: { ADMIN_CONSOLE_API_URL: url } })
      expect(double.errorBoxes).toEqual([])
      expect(
        await double.invoke(double.consoleWindow()!.webContents.mainFrame, 'app.info'),
      ).toMatchObject({
        ok: true,
        data: { serverUrl: url },
      })
    },
  )

  test('not packaged, the dev server is the renderer and may call the bridge', async () => {
    const dev = 'http://localhost:5173/'
    const { double } = await launch({
      env: { ...local.env, ELECTRON_RENDERER_URL: dev },
    })
    const frame = double.consoleWindow()!.webContents.mainFrame
    expect(double.loaded).toEqual(['http://localhost:5173/'])
    expect(await double.invoke(frame, 'app.info')).toMatchObject({ ok: true })
  })

  test('packaged, the dev server is ignored and refused', async () => {
    const { double } = await launch({
      packaged: true,
      env: { ...local.env, ELECTRON_RENDERER_URL: 'http://localhost:5173/' },
    })
    const frame = double.consoleWindow()!.webContents.mainFrame
    expect(double.loaded).toEqual(['app://console/'])
    frame.url = 'http://localhost:5173/'
    expect(await double.invoke(frame, 'app.info')).toEqual({
      ok: false,
      error: { message: 'Refused: not the console window' },
    })
  })
})
