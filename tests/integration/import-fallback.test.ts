import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCore, type Core } from '../../src/main/core'
import { memoryVault } from '../../src/main/core/vault/vault'
import { endpoints, type User } from '@shared/contract'
import { folderExportPorts } from './support/export-ports'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let core: Core
let dir: string
let token: string
let present: User
let requests: string[] = []

const call = (channel: string, payload?: unknown) => core.handle(channel, payload) as Promise<any>
const findUser = async (username: string): Promise<User | undefined> => {
  const reply = await server.request('GET', `/api/admin/users?search=${username}`, { token })
  return (reply.body.content as User[]).find((user) => user.username === username)
}

beforeAll(async () => {
  // A server of the contract without our import endpoint.
  server = await startServer({ USER_IMPORT: 'off' })
  token = await server.token()
  present = await server.createUser(token, { username: 'already', email: 'already@example.com' })
  await server.request('POST', '/api/admin/groups', { token, body: { name: 'Field' } })
  dir = await mkdtemp(join(tmpdir(), 'import-fallback-'))
  const file = join(dir, 'people.csv')
  await writeFile(
    file,
    'username,email,first name,last name,phone,active,groups\n' +
      'nora,nora@example.com,Nora,North,+1 555 0101,yes,Field\n' +
      'otto,otto@example.com,Otto,Ost,+1 555 0102,no,\n' +
      `already,,Al,Ready,+1 555 0103,,\n` +
      `taken,${present.email.toUpperCase()},Tak,En,+1 555 0104,,\n` +
      'ghost,ghost@example.com,Gho,St,+1 555 0105,,Nowhere\n',
  )
  core = createCore({
    serverUrl: server.url,
    fetch: async (url, init) => {
      requests.push(`${init.method} ${new URL(url).pathname}`)
      return fetch(url, init)
    },
    vault: memoryVault(),
    exportPorts: folderExportPorts(dir),
    chooseImportFile: async () => file,
    version: 'test',
  })
  expect(
    await call('auth.login', { username: ADMIN.username, password: ADMIN.password }),
  ).toMatchObject({ ok: true })
})
afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

test('without the import endpoint, the spec’s calls preview and apply the same rows', async () => {
  expect(await call('imports.open', { importId: 'fallback' })).toMatchObject({ ok: true })
  requests = []
  const preview = await call('imports.preview', { importId: 'fallback', updateExisting: false })
  expect(preview.data).toMatchObject({
    created: 2,
    present: 1,
    failed: 2,
    errors: [
      {
        row: 5,
        field: 'email',
        message: `Email "${present.email.toUpperCase()}" is already taken`,
      },
      { row: 6, field: 'groups', message: 'Unknown group "Nowhere"' },
    ],
  })
  expect(requests.filter((line) => line === `POST ${endpoints.importUsers.path}`)).toHaveLength(1)
  expect(await findUser('nora')).toBeUndefined()

  const applied = await call('imports.apply', {
    importId: 'fallback',
    updateExisting: false,
    sendSetPasswordLink: true,
  })
  expect(applied.data).toMatchObject({ created: 2, updated: 0, unchanged: 1, failed: 2 })
  // Once a server said it has no endpoint, the console does not ask again.
  expect(requests.filter((line) => line === `POST ${endpoints.importUsers.path}`)).toHaveLength(1)
  const nora = await findUser('nora')
  expect(nora).toMatchObject({ email: 'nora@example.com', isActive: true })
  expect(await findUser('otto')).toMatchObject({ isActive: false })
  const groups = await server.request('GET', `/api/admin/users/${nora!.id}/groups`, { token })
  expect(groups.body.map((group: { name: string }) => group.name)).toEqual(['Field'])
  expect(await server.resetToken('nora@example.com')).toBeTruthy()

  const again = await call('imports.apply', {
    importId: 'fallback',
    updateExisting: true,
    sendSetPasswordLink: true,
  })
  expect(again.data).toMatchObject({ created: 0, updated: 1, unchanged: 2, failed: 2 })
  expect(await findUser('already')).toMatchObject({ firstName: 'Al', lastName: 'Ready' })
  const third = await call('imports.apply', {
    importId: 'fallback',
    updateExisting: true,
    sendSetPasswordLink: true,
  })
  expect(third.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 2 })
})
