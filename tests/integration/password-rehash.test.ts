import { hash, parseOptions } from '@node-rs/argon2'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

/** What the database holds of a user that a new hash could move. */
const storedOf = async (id: number) => {
  const [row] = await server.built.context.db.query<{
    password_hash: string
    version: number
    updated_date: Date
  }>('SELECT password_hash, version, updated_date FROM users WHERE id = $1', [id])
  return row!
}

test("a password hashed at the former cost still signs in, and is hashed again at the current one; the user's version and update time stay", async () => {
  const { user, password } = await server.member(admin)
  const former = await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 })
  await server.built.context.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
    user.id,
    former,
  ])
  const before = await storedOf(user.id)

  expect((await server.login(user.username, 'not-the-password')).status).toBe(401)
  expect((await storedOf(user.id)).password_hash).toBe(former)

  expect((await server.login(user.username, password)).status).toBe(200)
  const after = await storedOf(user.id)
  expect(parseOptions(after.password_hash)).toMatchObject({ memoryCost: 7_168, timeCost: 5 })
  expect(after.version).toBe(before.version)
  expect(after.updated_date).toEqual(before.updated_date)

  expect((await server.login(user.username, password)).status).toBe(200)
  expect((await storedOf(user.id)).password_hash).toBe(after.password_hash)
})
