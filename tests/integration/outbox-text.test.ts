import { readFile, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { startNpmServer, type NpmServer } from './support/npm-server'
import { startServer, type TestServer } from './support/server'

/** Without SMTP each mail has a plain `.txt` copy a developer can copy the link from. */
let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.close())

const spawned: NpmServer[] = []
afterEach(async () => {
  await Promise.all(spawned.splice(0).map((each) => each.cleanUp()))
})

test('the .txt beside the .eml is UTF-8 text, owner-only, with the link on one line that works', async () => {
  const token = await server.token()
  const user = await server.createUser(token, { firstName: 'Zoë' })
  const reset = await server.request('PUT', `/api/admin/users/${user.id}/reset-password`, { token })
  expect(reset.status).toBe(200)
  // Mail leaves after the commit, in the background.
  await server.built.context.mail.idle()

  const files = await readdir(server.outbox)
  const eml = files.find((file) => file.endsWith('.eml'))!
  const txt = eml.replace(/\.eml$/, '.txt')
  expect(files.sort()).toEqual([eml, txt].sort())
  expect((await stat(path.join(server.outbox, txt))).mode & 0o777).toBe(0o600)

  const text = await readFile(path.join(server.outbox, txt), 'utf8')
  expect(text).toContain(`To: ${user.email}\n`)
  expect(text).toContain('Hello Zoë,')
  const link = text.split('\n').find((line) => line.startsWith('admin-console://'))!
  expect(link).toMatch(/^admin-console:\/\/reset-password\?token=[A-Za-z0-9_-]{43}$/)

  const changed = await server.request('PUT', '/auth/change-password', {
    body: { token: new URL(link).searchParams.get('token'), newPassword: 'from-the-txt-1' },
  })
  expect(changed.status).toBe(200)
  expect((await server.login(user.username, 'from-the-txt-1')).status).toBe(200)
})

/** The first .txt to appear in the outbox: the server sends mail after the commit. */
async function firstTextFile(outbox: string): Promise<string> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const found = (await readdir(outbox).catch(() => [])).find((file) => file.endsWith('.txt'))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no mail in ${outbox} within 15 s`)
}

/** Signs in as the first administrator of a spawned server and resets its own password. */
async function resetOwnPassword(spawnedServer: NpmServer) {
  const post = (route: string, init: RequestInit) =>
    fetch(spawnedServer.url + route, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    })
  const login = await post('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ username: 'admin', password: 'npm-server-password' }),
  })
  const { accessToken, user } = (await login.json()) as {
    accessToken: string
    user: { id: number }
  }
  const reset = await post(`/api/admin/users/${user.id}/reset-password`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${accessToken}` },
  })
  expect(reset.status).toBe(200)
  const outbox = path.join(spawnedServer.dataDir, 'outbox')
  const txt = await firstTextFile(outbox)
  const text = await readFile(path.join(outbox, txt), 'utf8')
  return { file: path.join(outbox, txt), token: /\?token=(\S+)/.exec(text)![1]! }
}

test('in development the log names the file of the reset link; in production it says nothing', async () => {
  const [development, production] = await Promise.all([
    startNpmServer({ LOG_LEVEL: 'info', NODE_ENV: 'development' }),
    startNpmServer({ LOG_LEVEL: 'info', NODE_ENV: 'production' }),
  ])
  spawned.push(development, production)

  const developed = await resetOwnPassword(development)
  // The server logs the line after it has written the file, and its output comes in a moment later.
  await expect
    .poll(() => development.output(), { timeout: 10_000 })
    .toContain(`Reset link for admin written to ${developed.file}`)
  expect(development.output()).not.toContain(developed.token)

  const produced = await resetOwnPassword(production)
  expect(production.output()).not.toContain('Reset link for')
  expect(production.output()).not.toContain(produced.token)
}, 90_000)
