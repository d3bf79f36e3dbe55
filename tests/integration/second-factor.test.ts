import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { codeOf, enrol, mfaTokenOf, STEP_MS } from './support/second-factor'
import { ADMIN, startServer, type Grant, type TestServer } from './support/server'

/** Issue 30: two-step sign-in with TOTP, its recovery codes, and its reset by an administrator. */

const MAX_FAILURES = 3

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) })
  admin = await server.token()
})
afterAll(() => server?.close())

/** A member with two-step sign-in on: its name, password, secret and recovery codes. */
async function enrolledMember() {
  const { user, password, grant } = await server.signedInMember(admin)
  const enrolled = await enrol(server, grant.accessToken)
  return { user, password, grant, ...enrolled }
}

const secondStep = (body: Record<string, string | undefined>) =>
  server.request('POST', '/auth/mfa', { body })

/** Moves the session's last proof of identity out of the 5-minute window. */
const staleReauth = (sessionId: string, on = server) =>
  on.built.context.db.query(
    "UPDATE sessions SET reauthenticated_at = now() - interval '6 minutes' WHERE id = $1",
    [sessionId],
  )

describe('enrolment', () => {
  test('a first code turns it on and answers ten distinct recovery codes, once', async () => {
    const { grant, recoveryCodes } = await enrolledMember()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    const status = await server.request('GET', '/auth/second-factor', {
      token: grant.accessToken,
    })
    expect(status.body).toEqual({ enrolled: true, required: false, recoveryCodesLeft: 10 })
    // The secret is not given again, nor replaced, once on.
    const again = await server.request('POST', '/auth/second-factor', { token: grant.accessToken })
    expect(again.status).toBe(409)
    expect(JSON.stringify(again.body)).not.toMatch(/secret/i)
  })

  test('a wrong first code leaves it off', async () => {
    const { grant } = await server.signedInMember(admin)
    const token = grant.accessToken
    const { body } = await server.request('POST', '/auth/second-factor', { token })
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
    expect(body.otpauthUri).toContain('algorithm=SHA1&digits=6&period=30')
    const wrong = codeOf(body.secret, Date.now() + 5 * STEP_MS)
    const reply = await server.request('POST', '/auth/second-factor/confirm', {
      token,
      body: { code: wrong },
    })
    expect(reply.status).toBe(400)
    const status = await server.request('GET', '/auth/second-factor', { token })
    expect(status.body.enrolled).toBe(false)
  })

  test('the secret is stored sealed, not as it is', async () => {
    const { user, secret } = await enrolledMember()
    const [row] = await server.built.context.db.query<{ secret: string }>(
      'SELECT secret FROM second_factors WHERE user_id = $1',
      [user.id],
    )
    expect(row!.secret).not.toContain(secret)
    expect(Buffer.from(row!.secret, 'base64url').toString('latin1')).not.toContain(secret)
  })

  test('from a session, it needs a sign-in or a confirmation of the password in the last 5 minutes', async () => {
    const { user, password, grant } = await server.signedInMember(admin)
    const token = grant.accessToken
    await staleReauth(grant.sessionId)
    const refused = await server.request('POST', '/auth/second-factor', { token })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('reauth_required')
    expect(JSON.stringify(refused.body)).not.toMatch(/secret/i)
    const begun = await server.built.context.db.query(
      'SELECT 1 FROM second_factors WHERE user_id = $1',
      [user.id],
    )
    expect(begun).toHaveLength(0)
    const confirmed = await server.request('POST', '/auth/reauth', { token, body: { password } })
    expect(confirmed.status).toBe(204)
    expect((await enrol(server, token)).recoveryCodes).toHaveLength(10)
  })

  test('turning it off asks for a current code', async () => {
    const { grant, secret } = await enrolledMember()
    const token = grant.accessToken
    const wrong = await server.request('POST', '/auth/second-factor/disable', {
      token,
      body: { code: codeOf(secret, Date.now() + 5 * STEP_MS) },
    })
    expect(wrong.status).toBe(400)
    expect((await server.request('GET', '/auth/second-factor', { token })).body.enrolled).toBe(true)
    const right = await server.request('POST', '/auth/second-factor/disable', {
      token,
      body: { code: codeOf(secret) },
    })
    expect(right.status).toBe(204)
    expect((await server.request('GET', '/auth/second-factor', { token })).body.enrolled).toBe(
      false,
    )
  })
})

describe('sign-in', () => {
  test('the password alone answers mfa_required and a token; a code signs in', async () => {
    const { user, password, secret } = await enrolledMember()
    const first = await server.login(user.username, password)
    expect(first.status).toBe(401)
    expect(first.body).toMatchObject({ code: 'mfa_required' })
    expect(first.body.accessToken).toBeUndefined()
    const reply = await secondStep({ mfaToken: first.body.mfaToken, code: codeOf(secret) })
    expect(reply.status).toBe(200)
    expect(reply.body.user.id).toBe(user.id)
    const me = await server.request('GET', '/auth/me', { token: reply.body.accessToken })
    expect(me.status).toBe(200)
  })

  test('a recovery code signs in once', async () => {
    const { user, password, recoveryCodes } = await enrolledMember()
    const code = recoveryCodes[3]!
    const used = await secondStep({
      mfaToken: await mfaTokenOf(server, user.username, password),
      recoveryCode: code.toUpperCase(),
    })
    expect(used.status).toBe(200)
    const again = await secondStep({
      mfaToken: await mfaTokenOf(server, user.username, password),
      recoveryCode: code,
    })
    expect(again.status).toBe(401)
    const left = await server.request('GET', '/auth/second-factor', {
      token: used.body.accessToken,
    })
    expect(left.body.recoveryCodesLeft).toBe(9)
  })

  test('a code is accepted once: its replay is refused', async () => {
    const { user, password, secret } = await enrolledMember()
    const code = codeOf(secret)
    const mfaToken = await mfaTokenOf(server, user.username, password)
    expect((await secondStep({ mfaToken, code })).status).toBe(200)
    const replayed = await secondStep({
      mfaToken: await mfaTokenOf(server, user.username, password),
      code,
    })
    expect(replayed.status).toBe(401)
    expect(replayed.body.message).toBe('The code is not correct.')
  })

  test('a code one step ahead is accepted, two steps ahead or behind refused', async () => {
    const { user, password, secret } = await enrolledMember()
    for (const offset of [2, -2]) {
      const mfaToken = await mfaTokenOf(server, user.username, password)
      const reply = await secondStep({
        mfaToken,
        code: codeOf(secret, Date.now() + offset * STEP_MS),
      })
      expect(reply.status, `${offset} steps`).toBe(401)
    }
    const mfaToken = await mfaTokenOf(server, user.username, password)
    const ahead = await secondStep({ mfaToken, code: codeOf(secret, Date.now() + STEP_MS) })
    expect(ahead.status).toBe(200)
  })

  test('wrong codes count toward the temporary lockout', async () => {
    const { user, password, secret } = await enrolledMember()
    const mfaToken = await mfaTokenOf(server, user.username, password)
    const wrong = codeOf(secret, Date.now() + 5 * STEP_MS)
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      expect((await secondStep({ mfaToken, code: wrong })).status).toBe(401)
    }
    // Locked out at this address: the right password is refused as any wrong one.
    const next = await server.login(user.username, password)
    expect(next.status).toBe(401)
    expect(next.body.code).toBe('invalid_credentials')
    const shown = await server.request('GET', `/api/admin/users/${user.id}`, { token: admin })
    expect(shown.body.loginBlockedUntil).toBeTruthy()
  })

  test('the mfaToken expires', async () => {
    const { user, password, secret } = await enrolledMember()
    const mfaToken = await mfaTokenOf(server, user.username, password)
    await server.built.context.db.query(
      `UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    )
    const reply = await secondStep({ mfaToken, code: codeOf(secret) })
    expect(reply.status).toBe(401)
    expect(reply.body.message).toBe('This sign-in has expired or ended. Sign in again.')
  })

  test('bad input is a 400 and spends nothing', async () => {
    const { user, password, secret } = await enrolledMember()
    const mfaToken = await mfaTokenOf(server, user.username, password)
    for (const body of [{}, { mfaToken }, { mfaToken, code: 'abcdef' }, { code: '123456' }]) {
      expect((await secondStep(body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await secondStep({ mfaToken, code: codeOf(secret) })).status).toBe(200)
  })
})

describe('reset by an administrator', () => {
  test('ends the sessions; the user signs in with the password alone again', async () => {
    const { user, password, grant } = await enrolledMember()
    const shown = `/api/admin/users/${user.id}/second-factor`
    expect((await server.request('GET', shown, { token: admin })).body).toEqual({ enrolled: true })
    const reply = await server.request('DELETE', shown, { token: admin })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ ended: 1, currentSessionEnded: false })
    expect((await server.request('GET', '/auth/me', { token: grant.accessToken })).status).toBe(401)
    expect((await server.request('GET', shown, { token: admin })).body).toEqual({ enrolled: false })
    expect((await server.login(user.username, password)).status).toBe(200)
    expect((await server.request('DELETE', shown, { token: admin })).status).toBe(409)
  })

  test('needs users.credentials', async () => {
    const { user } = await enrolledMember()
    const { grant } = await server.signedInMember(admin)
    const reply = await server.request('DELETE', `/api/admin/users/${user.id}/second-factor`, {
      token: grant.accessToken,
    })
    expect(reply.status).toBe(403)
    const shown = await server.request('GET', `/api/admin/users/${user.id}/second-factor`, {
      token: admin,
    })
    expect(shown.body.enrolled).toBe(true)
  })
})

describe('re-authentication with two-step sign-in on', () => {
  test('asks for a current code beside the password, spent once', async () => {
    const { grant, password, secret } = await enrolledMember()
    const token = grant.accessToken
    const reauth = (code?: string) =>
      server.request('POST', '/auth/reauth', { token, body: { password, code } })
    expect((await reauth()).status).toBe(400)
    const code = codeOf(secret, Date.now() + STEP_MS)
    expect((await reauth(code)).status).toBe(204)
    expect((await reauth(code)).status).toBe(400)
  })

  test('a recovery code confirms beside the password too, once', async () => {
    const { grant, password, recoveryCodes } = await enrolledMember()
    const token = grant.accessToken
    const reauth = (code: string) =>
      server.request('POST', '/auth/reauth', { token, body: { password, code } })
    const wrong = await reauth('aaaaa-aaaaa')
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('The code is not correct.')
    expect((await reauth(recoveryCodes[0]!.toUpperCase())).status).toBe(204)
    expect((await reauth(recoveryCodes[0]!)).status).toBe(400)
    const left = await server.request('GET', '/auth/second-factor', { token })
    expect(left.body.recoveryCodesLeft).toBe(9)
  })

  test('turning it off, and resetting an administrator’s, need a recent re-authentication', async () => {
    const { grant, secret } = await enrolledMember()
    await staleReauth(grant.sessionId)
    const off = await server.request('POST', '/auth/second-factor/disable', {
      token: grant.accessToken,
      body: { code: codeOf(secret) },
    })
    expect(off.status).toBe(403)
    expect(off.body.code).toBe('reauth_required')
    const status = await server.request('GET', '/auth/second-factor', { token: grant.accessToken })
    expect(status.body.enrolled).toBe(true)

    const { user: administrator, grant: held } = await server.signedInMember(admin)
    const roles = (await server.request('GET', '/api/admin/roles', { token: admin })).body.content
    const adminRole = roles.find((role: { name: string }) => role.name === 'ADMIN')
    await server.request('PUT', `/api/admin/users/${administrator.id}/roles/${adminRole.id}`, {
      token: admin,
    })
    await enrol(server, held.accessToken)
    const root = (await server.login(ADMIN.username, ADMIN.password)).body as Grant
    await staleReauth(root.sessionId)
    const reset = await server.request(
      'DELETE',
      `/api/admin/users/${administrator.id}/second-factor`,
      { token: root.accessToken },
    )
    expect(reset.status).toBe(403)
    expect(reset.body.code).toBe('reauth_required')
    const still = await server.request(
      'GET',
      `/api/admin/users/${administrator.id}/second-factor`,
      {
        token: admin,
      },
    )
    expect(still.body.enrolled).toBe(true)
  })
})

describe('policy MFA_REQUIRED=admins', () => {
  let strict: TestServer
  let root: string
  let adminRoleId: number

  /** Enrols at the sign-in of `username`, as the policy asks: the grant of the sign-in. */
  async function enrolAtSignIn(username: string, password: string) {
    const first = await strict.login(username, password)
    expect(first.status).toBe(401)
    expect(first.body.code).toBe('mfa_enrolment_required')
    expect(first.body.accessToken).toBeUndefined()
    const { enrolmentToken } = first.body
    const begun = await strict.request('POST', '/auth/mfa/enrolment', { body: { enrolmentToken } })
    expect(begun.status).toBe(200)
    const confirm = (code: string) =>
      strict.request('POST', '/auth/mfa/enrolment/confirm', { body: { enrolmentToken, code } })
    expect((await confirm(codeOf(begun.body.secret, Date.now() + 5 * STEP_MS))).status).toBe(401)
    const done = await confirm(codeOf(begun.body.secret))
    expect(done.status).toBe(200)
    return { ...done.body, secret: begun.body.secret as string }
  }

  /** A fresh user holding the administrator role, and its password. */
  async function newAdministrator() {
    const { user, password } = await strict.member(root)
    const given = await strict.request('PUT', `/api/admin/users/${user.id}/roles/${adminRoleId}`, {
      token: root,
    })
    expect(given.status).toBeLessThan(300)
    return { user, password }
  }

  beforeAll(async () => {
    strict = await startServer({ MFA_REQUIRED: 'admins', LOGIN_MAX_FAILURES: '50' })
    root = (await enrolAtSignIn(ADMIN.username, ADMIN.password)).accessToken
    const roles = (await strict.request('GET', '/api/admin/roles', { token: root })).body
    adminRoleId = roles.content.find((role: { name: string }) => role.name === 'ADMIN').id
  })
  afterAll(() => strict?.close())

  test('an administrator without a factor enrols right after the password, then signs in', async () => {
    const { user, password } = await newAdministrator()
    const done = await enrolAtSignIn(user.username, password)
    expect(done.recoveryCodes).toHaveLength(10)
    const users = await strict.request('GET', '/api/admin/users', { token: done.accessToken })
    expect(users.status).toBe(200)
    // From now on the second step is asked; a member without rights is not asked to enrol.
    expect((await strict.login(user.username, password)).body.code).toBe('mfa_required')
    const member = await strict.member(root)
    expect((await strict.login(member.user.username, member.password)).status).toBe(200)
    // An administrator cannot turn it off.
    const off = await strict.request('POST', '/auth/second-factor/disable', {
      token: done.accessToken,
      body: { code: codeOf(done.secret, Date.now() + STEP_MS) },
    })
    expect(off.status).toBe(403)
  })

  test('a session of a user made an administrator since administers nothing before enrolling', async () => {
    const { user, grant } = await strict.signedInMember(root)
    const given = await strict.request('PUT', `/api/admin/users/${user.id}/roles/${adminRoleId}`, {
      token: root,
    })
    expect(given.status).toBeLessThan(300)
    const refused = await strict.request('GET', '/api/admin/users', { token: grant.accessToken })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('mfa_enrolment_required')
    await enrol(strict, grant.accessToken)
    const allowed = await strict.request('GET', '/api/admin/users', { token: grant.accessToken })
    expect(allowed.status).toBe(200)
  })

  test('a session made an administrator since must prove the password to enrol from it', async () => {
    const { user, password, grant } = await strict.signedInMember(root)
    const token = grant.accessToken
    const given = await strict.request('PUT', `/api/admin/users/${user.id}/roles/${adminRoleId}`, {
      token: root,
    })
    expect(given.status).toBeLessThan(300)
    await staleReauth(grant.sessionId, strict)
    const begun = await strict.request('POST', '/auth/second-factor', { token })
    expect(begun.status).toBe(403)
    expect(begun.body.code).toBe('reauth_required')
    const refused = await strict.request('GET', '/api/admin/users', { token })
    expect(refused.body.code).toBe('mfa_enrolment_required')
    const confirmed = await strict.request('POST', '/auth/reauth', { token, body: { password } })
    expect(confirmed.status).toBe(204)
    await enrol(strict, token)
    expect((await strict.request('GET', '/api/admin/users', { token })).status).toBe(200)
  })

  test('starting the enrolment of a sign-in is audited', async () => {
    const { user, password } = await newAdministrator()
    await enrolAtSignIn(user.username, password)
    const audit = await strict.request(
      'GET',
      `/api/admin/audit?action=user.second_factor_enrol_begin&size=200`,
      { token: root },
    )
    const entries = (audit.body.content as { targetId: string; actor: unknown }[]).filter(
      (entry) => entry.targetId === String(user.id),
    )
    expect(entries).toEqual([
      expect.objectContaining({ actor: { id: user.id, username: user.username } }),
    ])
  })

  test('after a reset, the administrator enrols again at the next sign-in', async () => {
    const { user, password } = await newAdministrator()
    await enrolAtSignIn(user.username, password)
    const reset = await strict.request('DELETE', `/api/admin/users/${user.id}/second-factor`, {
      token: root,
    })
    expect(reset.status).toBe(200)
    await enrolAtSignIn(user.username, password)
  })

  test('the mfaToken ends after 5 wrong codes', async () => {
    const { user, password } = await newAdministrator()
    const { secret } = await enrolAtSignIn(user.username, password)
    const mfaToken = await mfaTokenOf(strict, user.username, password)
    const send = (code: string) => strict.request('POST', '/auth/mfa', { body: { mfaToken, code } })
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await send(codeOf(secret, Date.now() + 5 * STEP_MS))).status).toBe(401)
    }
    const right = await send(codeOf(secret, Date.now() + STEP_MS))
    expect(right.status).toBe(401)
    expect(right.body.message).toBe('This sign-in has expired or ended. Sign in again.')
  })
})
