import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { User } from '@shared/contract'
import { seriousViolations, startConsole } from './support'

let app: Awaited<ReturnType<typeof startConsole>>
let token: string
let root: User

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  root = (await app.server.request<User>('GET', '/auth/me', { token })).body
  await app.page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.at()).origin })
  await app.signIn()
})
afterAll(() => app?.close())

const page = () => app.page
const button = (name: string) => page().getByRole('button', { name, exact: true })
const dialog = () => page().getByRole('dialog')
const sessionsCard = () => page().getByRole('region', { name: 'Active Sessions' })
const me = (accessToken: string) => app.server.request('GET', '/auth/me', { token: accessToken })

async function open(user: Pick<User, 'id' | 'fullName'>) {
  await page().goto(app.at(`users/${user.id}`))
  await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
}

/** A fresh administrator (so the console can sign in as them) and their password. */
async function newAdmin() {
  const { user, password } = await app.server.member(token)
  const roles = await app.server.request('GET', '/api/admin/roles?size=200', { token })
  const adminRole = roles.body.content.find((role: { name: string }) => role.name === 'ADMIN')
  await app.server.request('PUT', `/api/admin/users/${user.id}/roles/${adminRole.id}`, { token })
  return { user, password }
}

async function signOutOfConsole() {
  await page()
    .getByRole('button', { name: /Account menu/ })
    .click()
  await page().getByRole('menuitem', { name: 'Sign out' }).click()
  await page().getByRole('button', { name: 'Login' }).waitFor()
}

async function submitLogin(username: string, password: string) {
  await page().goto(app.at('login'))
  await page().getByLabel('Username or Email').fill(username)
  await page().getByLabel('Password', { exact: true }).fill(password)
  await button('Login').click()
}

describe('Active Sessions', () => {
  test('the console\'s own session is marked "This session"', async () => {
    await open(root)
    const own = sessionsCard().getByRole('row').filter({ hasText: 'This session' })
    await own.waitFor()
    await expect(own.count()).resolves.toBe(1)
    await expect(own.textContent()).resolves.toContain('127.0.0.1')
    expect(await seriousViolations(page())).toEqual([])
  })

  test('Sign Out Everywhere asks first, then ends a session the test holds', async () => {
    const { user, password } = await app.server.member(token)
    const held = (await app.server.login(user.username, password)).body
    await open(user)
    await sessionsCard().getByRole('row').nth(1).waitFor()
    await expect(sessionsCard().getByRole('row').count()).resolves.toBe(2)
    await expect(sessionsCard().textContent()).resolves.not.toContain('This session')
    await sessionsCard().getByRole('button', { name: 'Sign Out Everywhere' }).click()
    await expect(dialog().textContent()).resolves.toContain(
      `Sign out "${user.username}" everywhere? Every session of theirs ends now.`,
    )
    expect(await seriousViolations(page())).toEqual([])
    await dialog().getByRole('button', { name: 'Sign Out Everywhere' }).click()
    await sessionsCard().getByText('No active sessions.').waitFor()
    await page().getByText('Signed out of 1 session').waitFor()
    expect((await me(held.accessToken)).status).toBe(401)
    expect(await seriousViolations(page())).toEqual([])
  })

  test('Sign Out of one session ends only that one', async () => {
    const { user, password } = await app.server.member(token)
    const first = (await app.server.login(user.username, password)).body
    const second = (await app.server.login(user.username, password)).body
    await open(user)
    await sessionsCard().getByRole('row').nth(2).waitFor()
    await sessionsCard()
      .getByRole('button', { name: /^Sign Out the session/ })
      .first()
      .click()
    await page().getByText('Session signed out').waitFor()
    await sessionsCard().getByRole('row').nth(2).waitFor({ state: 'detached' })
    const statuses = [(await me(first.accessToken)).status, (await me(second.accessToken)).status]
    expect(statuses.sort()).toEqual([200, 401])
  })
})

describe('Set Temporary Password', () => {
  test('shows it once with Copy; signing in with it asks for a new password, then works, once', async () => {
    const { user, password } = await newAdmin()
    await open(user)
    await page()
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('button', { name: 'Set Temporary Password' })
      .click()
    await expect(dialog().getByRole('paragraph').first().textContent()).resolves.toBe(
      `Set a temporary password for "${user.username}"? Their current password stops working now.`,
    )
    expect(await seriousViolations(page())).toEqual([])
    await dialog().getByRole('button', { name: 'Set Temporary Password' }).click()
    await dialog().getByRole('heading', { name: 'Temporary Password' }).waitFor()
    await expect(dialog().textContent()).resolves.toContain(
      `Give this password to ${user.username} securely. It works once: they must choose a new password at next sign-in.`,
    )
    const temporary = await dialog().getByLabel('Temporary password').inputValue()
    expect(temporary).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/)
    await dialog().getByRole('button', { name: 'Copy' }).click()
    await dialog().getByText('Copied to the clipboard.').waitFor()
    await expect(
      page().evaluate(() => (globalThis as any).navigator.clipboard.readText()),
    ).resolves.toBe(temporary)
    expect(await seriousViolations(page())).toEqual([])
    await dialog().getByRole('button', { name: 'Done' }).click()
    await dialog().waitFor({ state: 'detached' })
    // The old password stopped working at once.
    expect((await app.server.login(user.username, password)).status).toBe(401)

    await signOutOfConsole()
    await submitLogin(user.username, temporary)
    await page().getByRole('heading', { name: 'Choose a New Password' }).waitFor()
    expect(await seriousViolations(page())).toEqual([])
    await button('Change Password').click()
    await page().getByText('Password is required.').waitFor()
    await expect(page().getByText('Please confirm your password.').isVisible()).resolves.toBe(true)
    await page().getByLabel('New Password', { exact: true }).fill(temporary)
    await page().getByLabel('Confirm Password', { exact: true }).fill(`${temporary}x`)
    await button('Change Password').click()
    await page().getByText('Passwords do not match.').waitFor()
    await page().getByLabel('Confirm Password', { exact: true }).fill(temporary)
    await button('Change Password').click()
    await page()
      .getByText('The new password must be different from the temporary password.')
      .waitFor()
    await page().getByLabel('New Password', { exact: true }).fill('chosen-secret')
    await page().getByLabel('Confirm Password', { exact: true }).fill('chosen-secret')
    await button('Change Password').click()
    await page()
      .getByRole('button', { name: /Account menu/ })
      .waitFor()
    await page().getByRole('status').getByText('Password changed').waitFor()
    expect(await seriousViolations(page())).toEqual([])

    // It worked exactly once.
    await signOutOfConsole()
    await submitLogin(user.username, temporary)
    await page().getByText('Invalid username or password').waitFor()
    await submitLogin(user.username, 'chosen-secret')
    await page()
      .getByRole('button', { name: /Account menu/ })
      .waitFor()
    await signOutOfConsole()
    await app.signIn()
  })

  test('the Users row action sets one too', async () => {
    const { user } = await app.server.member(token)
    await page().goto(app.at('users'))
    await page().getByPlaceholder('Search users...').fill(user.username)
    await button(`More actions for ${user.username}`).click()
    await page().getByRole('menuitem', { name: 'Set Temporary Password' }).click()
    await dialog().getByRole('button', { name: 'Set Temporary Password' }).click()
    await dialog().getByRole('heading', { name: 'Temporary Password' }).waitFor()
    const temporary = await dialog().getByLabel('Temporary password').inputValue()
    const step = await app.server.login(user.username, temporary)
    expect(step.body.code).toBe('password_change_required')
    await dialog().getByRole('button', { name: 'Done' }).click()
  })
})

describe('Change Password', () => {
  test('from the avatar menu: the Reset Password texts, then other sessions end and this one stays', async () => {
    const { user, password } = await newAdmin()
    await signOutOfConsole()
    await app.signIn(user.username, password)
    const elsewhere = await app.server.token(user.username, password)
    await page()
      .getByRole('button', { name: /Account menu/ })
      .click()
    await page().getByRole('menuitem', { name: 'Change Password' }).click()
    await dialog().getByRole('heading', { name: 'Change Password' }).waitFor()
    // What will happen, not what has happened: nothing was submitted yet.
    await dialog()
      .getByText('Changing it signs out your other sessions; this one stays signed in.')
      .waitFor()
    expect(await seriousViolations(page())).toEqual([])
    await dialog().getByRole('button', { name: 'Change Password' }).click()
    await dialog().getByText('Current password is required.').waitFor()
    await expect(
      dialog().getByText('Password is required.', { exact: true }).isVisible(),
    ).resolves.toBe(true)
    await expect(dialog().getByText('Please confirm your password.').isVisible()).resolves.toBe(
      true,
    )
    await dialog().getByLabel('Current Password', { exact: true }).fill('not-my-password')
    await dialog().getByLabel('New Password', { exact: true }).fill('abc')
    await dialog().getByLabel('Confirm Password', { exact: true }).fill('abd')
    await dialog().getByRole('button', { name: 'Change Password' }).click()
    await dialog().getByText('Must be at least 6 characters.').waitFor()
    await expect(dialog().getByText('Passwords do not match.').isVisible()).resolves.toBe(true)
    await dialog().getByLabel('New Password', { exact: true }).fill('next-secret')
    await dialog().getByLabel('Confirm Password', { exact: true }).fill('next-secret')
    await dialog().getByRole('button', { name: 'Change Password' }).click()
    await dialog().getByText('The current password is not correct.').waitFor()
    expect(await seriousViolations(page())).toEqual([])
    await dialog().getByLabel('Current Password', { exact: true }).fill(password)
    await dialog().getByRole('button', { name: 'Change Password' }).click()
    await dialog().waitFor({ state: 'detached' })
    await page().getByText('Password changed').waitFor()
    expect((await me(elsewhere)).status).toBe(401)
    await page().goto(app.at('users'))
    await page().getByRole('link', { name: user.username }).first().waitFor()
    expect((await app.server.login(user.username, 'next-secret')).status).toBe(200)
    await signOutOfConsole()
    await app.signIn()
  })
})

test('signing out your own current session from the list goes back to Login', async () => {
  await open(root)
  const own = sessionsCard().getByRole('row').filter({ hasText: 'This session' })
  await own.getByRole('button', { name: /^Sign Out/ }).click()
  await page().getByRole('button', { name: 'Login' }).waitFor()
  await page().getByText('You signed out this session.').waitFor()
  expect(await seriousViolations(page())).toEqual([])
})
