import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN, startServer, type TestServer } from '../integration/support/server'

/**
 * The real app, where an Electron binary is installed: the built host, preload and renderer
 * driven through Playwright's Electron support against the real server.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The installed Electron binary, found the way the electron package does, never downloaded. */
function electronBinary(): string | undefined {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const relative = readFileSync(pathFile, 'utf8')
  const binary = process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative)
    : join(packageDir, 'dist', relative)
  return existsSync(binary) ? binary : undefined
}

const binary = electronBinary()
if (!binary)
  console.warn(
    'Skipping the desktop tests: no Electron binary is installed (npm install without ELECTRON_SKIP_BINARY_DOWNLOAD).',
  )

let server: TestServer
let app: ElectronApplication
let window: Page
let userData: string

beforeAll(async () => {
  if (!binary) return
  server = await startServer()
  userData = await mkdtemp(join(tmpdir(), 'admin-console-desktop-'))
  app = await _electron.launch({
    executablePath: binary,
    args: [ROOT, `--user-data-dir=${userData}`],
    cwd: ROOT,
    env: { ...process.env, ADMIN_CONSOLE_API_URL: server.url } as Record<string, string>,
  })
  window = await app.firstWindow()
}, 120_000)

afterAll(async () => {
  await app?.close()
  await server?.close()
  if (userData) await rm(userData, { recursive: true, force: true })
})

test.skipIf(!binary)('signs in from app://console and lists the users', async () => {
  expect(window.url()).toMatch(/^app:\/\/console\//)
  await window.getByLabel('Username or Email').fill(ADMIN.username)
  await window.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await window.getByRole('button', { name: 'Login' }).click()
  await window.getByRole('button', { name: /Account menu/ }).waitFor()
  await window.goto('app://console/users')
  await window.getByRole('link', { name: ADMIN.username, exact: true }).waitFor()
})

test.skipIf(!binary)('saves a user on the details page', async () => {
  const user = await server.createUser(await server.token(), { firstName: 'Before' })
  await window.goto(`app://console/users/${user.id}`)
  await window.getByLabel('First Name', { exact: true }).fill('After')
  await window.getByRole('button', { name: 'Save', exact: true }).click()
  await window.getByRole('heading', { name: `After ${user.lastName}`, level: 2 }).waitFor()
  const reread = await server.request('GET', `/api/admin/users/${user.id}`, {
    token: await server.token(),
  })
  expect(reread.body.firstName).toBe('After')
})

test.skipIf(!binary)('exports CSV through the save dialog', async () => {
  const file = join(userData, 'users.csv')
  // The native dialog cannot be clicked by a test: main answers it with the file instead.
  await app.evaluate(({ dialog }, path) => {
    dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as never
  }, file)
  await window.goto('app://console/users')
  await window.getByRole('button', { name: 'Export CSV' }).click()
  await window.getByText(/^Exported \d+ users to /).waitFor({ timeout: 60_000 })
  const csv = await readFile(file, 'utf8')
  expect(csv.split('\r\n')[0]).toContain('Username')
  expect(csv).toContain(ADMIN.username)
})
