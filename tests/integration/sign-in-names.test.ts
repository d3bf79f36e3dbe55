import { endpoints, userImportResponseSchema, type User } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { race, statuses } from './support/race'
import { newUser, startServer, type TestServer } from './support/server'

/**
 * Sign-in takes a username or an email (logins.ts): the two are one namespace, so no user's
 * username may be another user's email, whatever the case, on any path that writes either.
 */
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer()
  admin = await server.token()
})
afterAll(() => server?.close())

const USERNAME_CLASH = (name: string) =>
  `Username "${name}" is already taken as another user's email`
const EMAIL_CLASH = (email: string) =>
  `Email "${email}" is already taken as another user's sign-in name`

const userCount = async () =>
  (
    await server.built.context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    )
  )[0]!.count

type Profile = Pick<User, 'username' | 'email' | 'firstName' | 'lastName' | 'phoneNumber'>

const profileOf = (user: Profile) => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber,
})

/** The owner of an email, and a user whose username looks like one. */
async function owners() {
  const payload = newUser()
  const owner = await server.createUser(admin, payload)
  const atName = newUser()
  const named = await server.createUser(admin, { ...atName, username: `at.${atName.email}` })
  return { owner, password: payload.password, named }
}

describe('a username may not be another user’s email, nor an email another user’s username', () => {
  test('Add User is refused with the clash named, and nothing is created', async () => {
    const { owner, password, named } = await owners()
    const before = await userCount()
    const taken = owner.email.toUpperCase()
    const byName = await server.request('POST', '/api/admin/users', {
      token: admin,
      body: newUser({ username: taken }),
    })
    expect(byName.status).toBe(409)
    expect(byName.body.message).toBe(USERNAME_CLASH(taken))
    const byEmail = await server.request('POST', '/api/admin/users', {
      token: admin,
      body: newUser({ email: named.username.toUpperCase() }),
    })
    expect(byEmail.status).toBe(409)
    expect(byEmail.body.message).toBe(EMAIL_CLASH(named.username.toUpperCase()))
    expect(await userCount()).toBe(before)
    // The owner still signs in with their email.
    expect((await server.login(owner.email, password)).status).toBe(200)
  })

  test('an edit is refused with the clash named, and the user is unchanged', async () => {
    const { owner, named } = await owners()
    const other = await server.createUser(admin)
    const byName = await server.request('PUT', `/api/admin/users/${other.id}`, {
      token: admin,
      body: { ...profileOf(other), username: owner.email },
    })
    expect(byName.status).toBe(409)
    expect(byName.body.message).toBe(USERNAME_CLASH(owner.email))
    const byEmail = await server.request('PUT', `/api/admin/users/${other.id}`, {
      token: admin,
      body: { ...profileOf(other), email: named.username },
    })
    expect(byEmail.status).toBe(409)
    expect(byEmail.body.message).toBe(EMAIL_CLASH(named.username))
    const stored = await server.request('GET', `/api/admin/users/${other.id}`, { token: admin })
    expect(profileOf(stored.body)).toEqual(profileOf(other))
  })

  test('a user’s own email as their username is theirs to keep', async () => {
    const payload = newUser()
    await server.createUser(admin, { ...payload, username: payload.email })
    expect((await server.login(payload.email, payload.password)).status).toBe(200)
  })

  test.each([true, false])(
    'an import row is refused with the clash named, previewed (dryRun %s) as applied; the other rows go on',
    async (dryRun) => {
      const { owner, named } = await owners()
      const existing = await server.createUser(admin)
      const before = await userCount()
      const reply = await server.request('POST', endpoints.importUsers.path, {
        token: admin,
        body: {
          dryRun,
          updateExisting: true,
          rows: [
            { row: 2, ...profileOf({ ...existing, email: named.username }) },
            { row: 3, ...profileOf({ ...newUser(), username: owner.email }) },
            { row: 4, ...profileOf(newUser()) },
          ],
        },
      })
      expect(reply.status).toBe(200)
      const answer = userImportResponseSchema.parse(reply.body)
      expect(answer.results.map((result) => [result.outcome, result.errors])).toEqual([
        ['failed', [{ field: 'email', message: EMAIL_CLASH(named.username) }]],
        ['failed', [{ field: 'username', message: USERNAME_CLASH(owner.email) }]],
        ['created', []],
      ])
      expect(await userCount()).toBe(dryRun ? before : before + 1)
      const stored = await server.request('GET', `/api/admin/users/${existing.id}`, {
        token: admin,
      })
      expect(stored.body.email).toBe(existing.email)
    },
  )

  test('two rows of one import, the second taking the first’s username as its email: the first wins', async () => {
    const atName = newUser()
    const first = { ...atName, username: `at.${atName.email}` }
    const second = newUser({ email: first.username })
    const reply = await server.request('POST', endpoints.importUsers.path, {
      token: admin,
      body: {
        rows: [
          { row: 2, ...profileOf(first) },
          { row: 3, ...profileOf(second) },
        ],
      },
    })
    const answer = userImportResponseSchema.parse(reply.body)
    expect(answer.results.map((result) => [result.outcome, result.errors])).toEqual([
      ['created', []],
      ['failed', [{ field: 'email', message: EMAIL_CLASH(first.username) }]],
    ])
  })

  test('requests at once taking one name as a username (new or renamed) and as an email: one wins', async () => {
    const rounds = await race(server, {
      rounds: 8,
      token: admin,
      stage: async () => ({ name: newUser().email, renamed: await server.createUser(admin) }),
      contenders: ({ name, renamed }) => [
        () =>
          server.request('POST', '/api/admin/users', {
            token: admin,
            body: newUser({ username: name }),
          }),
        () =>
          server.request('POST', '/api/admin/users', {
            token: admin,
            body: newUser({ email: name }),
          }),
        () =>
          server.request('PUT', `/api/admin/users/${renamed.id}`, {
            token: admin,
            body: { ...profileOf(renamed), username: name },
          }),
      ],
    })
    for (const { replies } of rounds) {
      const won = replies.filter((reply) => reply.status < 300)
      expect(won).toHaveLength(1)
      expect(statuses(replies).filter((status) => status === 409)).toHaveLength(2)
    }
  })
})
