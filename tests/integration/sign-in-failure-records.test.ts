import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN, startServer, type TestServer } from './support/server'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

const countOf = async (action: string) => {
  const [row] = await server.built.context.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM audit_log WHERE action = $1',
    [action],
  )
  return row!.count
}

test('refused calls past their budget leave failed sign-ins recorded, each of them', async () => {
  const { user, password } = await server.member(admin)
  const member = await server.token(user.username, password)
  // More refusals than a minute's budget of security records.
  for (let i = 0; i < 125; i += 1) {
    expect((await server.request('GET', '/api/admin/users', { token: member })).status).toBe(403)
  }
  for (let i = 0; i < 3; i += 1) {
    expect((await server.login(ADMIN.username, `wrong-${i}`)).status).toBe(401)
  }
  expect(await countOf('session.login_failed')).toBe(3)
})
