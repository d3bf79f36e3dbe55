import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '../../server/src/seed/demo'
import type { User } from '@shared/contract'
import { confirmEffect, seriousViolations, startConsole } from './support'

let app: Awaited<ReturnType<typeof startConsole>>
let token: string
let root: User

beforeAll(async () => {
  app = await startConsole()
  token = await app.server.token()
  root = (await app.server.request<User>('GET', '/auth/me', { token })).body
  await app.signIn()
})
afterAll(() => app?.close())

const page = () => app.page

const createUser = (overrides: Parameters<typeof app.server.createUser>[1] = {}) =>
  app.server.createUser(token, overrides)

async function serverUser(id: number): Promise<User> {
  const reply = await app.server.request<User>('GET', `/api/admin/users/${id}`, { token })
  expect(reply.status).toBe(200)
  return reply.body
}

async function open(user: Pick<User, 'id' | 'fullName'>) {
  await page().goto(app.at(`users/${user.id}`))
  await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
}

const field = (label: string) => page().getByLabel(label, { exact: true })
const button = (name: string) => page().getByRole('button', { name, exact: true })
const saveButton = () => button('Save Changes')
const discardButton = () => button('Discard Changes')
const status = () => page().getByRole('list', { name: 'Status' })
const quickAction = (name: string) =>
  page().getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name, exact: true })
const dialog = () => page().getByRole('dialog')
/** A success notification in the announced region of notify(). */
const notification = (text: string) =>
  page().locator('[role="status"].notifications').getByText(text, { exact: true })

/** Resolves once the element is disabled (playwright-core has no retrying assertions). */
const untilDisabled = (locator: Locator) => locator.and(page().locator(':disabled')).waitFor()

/** The text of what an element's aria-describedby points at: how assistive tech describes it. */
const descriptionOf = (locator: Locator) =>
  locator.evaluate((element: any) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id: string) => element.ownerDocument.getElementById(id)?.textContent)
      .join(' '),
  )

describe('the header', () => {
  test('shows initials, full name, @username, email, the pills and "Never" for no login', async () => {
    const user = await createUser({ firstName: 'Ada', lastName: 'Lovelace' })
    await page().goto(app.at(`users/${user.id}`))
    await page().getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor()
    await expect(page().getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'User Details',
    )
    await expect(page().getByText('AL', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(page().getByText(`@${user.username}`, { exact: true }).isVisible()).resolves.toBe(
      true,
    )
    await expect(page().getByText(user.email, { exact: true }).isVisible()).resolves.toBe(true)
    await expect(status().getByRole('listitem').allTextContents()).resolves.toEqual([
      'Active',
      'Unlocked',
    ])
    await expect(page().getByText('Last login: Never').isVisible()).resolves.toBe(true)
  })

  test('"Loading user details..." shows until the user arrives', async () => {
    const user = await createUser()
    let release = () => {}
    const arrived = new Promise<void>((resolve) => (release = resolve))
    await whileUserCalls(
      (call) => (call === `GET /api/admin/users/${user.id}` ? arrived : undefined),
      async () => {
        await page().goto(app.at(`users/${user.id}`))
        const loading = page().getByRole('status').getByText('Loading user details...')
        await loading.waitFor()
        release()
        await page().getByRole('heading', { name: user.fullName, level: 2 }).waitFor()
        await expect(loading.count()).resolves.toBe(0)
      },
    )
  })

  test('shows the date of the last login in the spec format', async () => {
    const user = await createUser()
    await app.server.token(user.username, 'secret-123')
    await open(user)
    const text = await page()
      .getByText(/^Last login: /)
      .textContent()
    expect(text).toMatch(
      /^Last login: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
    )
  })
})

describe('editing the profile', () => {
  test('Save and Discard stay disabled until a change, and Discard restores the loaded values', async () => {
    const user = await createUser()
    await open(user)
    await expect(saveButton().isDisabled()).resolves.toBe(true)
    await expect(discardButton().isDisabled()).resolves.toBe(true)

    await field('First Name').fill('Changed')
    await expect(saveButton().isEnabled()).resolves.toBe(true)
    await expect(discardButton().isEnabled()).resolves.toBe(true)

    await discardButton().click()
    await expect(field('First Name').inputValue()).resolves.toBe(user.firstName)
    await expect(saveButton().isDisabled()).resolves.toBe(true)
    await expect(discardButton().isDisabled()).resolves.toBe(true)

    await field('Last Name').fill(`${user.lastName}x`)
    await expect(saveButton().isEnabled()).resolves.toBe(true)
    await field('Last Name').fill(user.lastName)
    await expect(saveButton().isDisabled()).resolves.toBe(true)
  })

  test('an edited field is highlighted and described as edited', async () => {
    const user = await createUser()
    await open(user)
    const phone = field('Phone Number')
    const wrapper = page().locator('.profile-field', { has: phone })
    await expect(wrapper.getAttribute('class')).resolves.not.toMatch(/edited/)
    await expect(descriptionOf(phone)).resolves.toBe('')

    await phone.fill('+971 4 555 0000')
    await expect(wrapper.getAttribute('class')).resolves.toMatch(/\bedited\b/)
    await expect(descriptionOf(phone)).resolves.toBe('Edited')
    await expect(
      page().locator('.profile-field.edited').count(),
      'only the edited field is highlighted',
    ).resolves.toBe(1)
  })

  test('Save sends the trimmed values; the header and the server show them', async () => {
    const user = await createUser()
    const tag = `${user.id}s`
    await open(user)
    await field('Username').fill(`  saved${tag} `)
    await field('Email Address').fill(`saved${tag}@example.com`)
    await field('First Name').fill('Grace')
    await field('Last Name').fill(' Hopper ')
    await field('Phone Number').fill('+1 202 555 0100')
    await saveButton().click()

    await page().getByRole('heading', { name: 'Grace Hopper', level: 2 }).waitFor()
    await untilDisabled(saveButton())
    await notification('Changes saved').waitFor()
    expect(await seriousViolations(page())).toEqual([])
    await expect(field('Username').inputValue()).resolves.toBe(`saved${tag}`)
    await expect(page().locator('.profile-field.edited').count()).resolves.toBe(0)
    expect(await serverUser(user.id)).toMatchObject({
      username: `saved${tag}`,
      email: `saved${tag}@example.com`,
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: '+1 202 555 0100',
    })
  })

  test('each failed check blocks the save, shows its message under the field, and an edit clears it', async () => {
    const user = await createUser()
    await open(user)
    const cases: [label: string, value: string, message: string][] = [
      ['Username', '  ', 'Username is required'],
      ['Email Address', '', 'Email is required'],
      ['Email Address', 'not-an-address', 'Please enter a valid email address'],
      ['First Name', '', 'First name is required'],
      ['Last Name', ' ', 'Last name is required'],
      ['Phone Number', '', 'Phone number is required'],
      ['Username', 'has space', 'Username may contain only letters, digits and . _ - @'],
      [
        'Phone Number',
        'call me maybe',
        'Phone number may contain only digits, spaces, - ( ) and a leading +',
      ],
    ]
    for (const [label, value, message] of cases) {
      const input = field(label)
      const loaded = await input.inputValue()
      await input.fill(value)
      await saveButton().click()
      await page().getByText(message, { exact: true }).waitFor()
      await expect(descriptionOf(input), label).resolves.toContain(message)
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true')
      expect(await serverUser(user.id), `${label} = ${JSON.stringify(value)}`).toMatchObject({
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: user.phoneNumber,
      })
      await input.fill(loaded)
      await expect(page().getByText(message, { exact: true }).count()).resolves.toBe(0)
    }
  })

  test('a user saved before the username and phone rules opens, saves other changes, and is corrected', async () => {
    const user = await createUser()
    await app.server.built.context.db.query(
      'UPDATE users SET username = $1, phone_number = $2 WHERE id = $3',
      [`old name ${user.id}`, 'ask reception', user.id],
    )
    await open(user)
    await expect(field('Username').inputValue()).resolves.toBe(`old name ${user.id}`)
    await field('Last Name').fill('Kept')
    await saveButton().click()
    await notification('Changes saved').waitFor()
    await expect(serverUser(user.id)).resolves.toMatchObject({
      lastName: 'Kept',
      phoneNumber: 'ask reception',
    })
    await field('Phone Number').fill('ask reception desk')
    await saveButton().click()
    await page()
      .getByText('Phone number may contain only digits, spaces, - ( ) and a leading +', {
        exact: true,
      })
      .waitFor()
    await field('Phone Number').fill('+971 4 123 4567')
    await field('Username').fill(`new.name${user.id}`)
    await saveButton().click()
    await untilDisabled(saveButton())
    await expect(serverUser(user.id)).resolves.toMatchObject({
      username: `new.name${user.id}`,
      phoneNumber: '+971 4 123 4567',
    })
  })

  test('one failing field holds back every other change', async () => {
    const user = await createUser()
    await open(user)
    await field('First Name').fill('Valid')
    await field('Email Address').fill('broken')
    await saveButton().click()
    await page().getByText('Please enter a valid email address').waitFor()
    await expect(serverUser(user.id)).resolves.toMatchObject({ firstName: user.firstName })
    await expect(field('First Name').inputValue()).resolves.toBe('Valid')
  })

  test('a taken username shows the banner and the line under Username, and keeps what was typed', async () => {
    const user = await createUser()
    const other = await createUser()
    await open(user)
    await field('Username').fill(other.username)
    await field('First Name').fill('Typed')
    await saveButton().click()

    await page()
      .getByRole('alert')
      .getByText('Error: This username is already taken. Please choose a different one.')
      .waitFor()
    await expect(descriptionOf(field('Username'))).resolves.toContain(
      'This username is already taken',
    )
    await expect(field('Username').inputValue()).resolves.toBe(other.username)
    await expect(field('First Name').inputValue()).resolves.toBe('Typed')
    await expect(saveButton().isEnabled()).resolves.toBe(true)
    await expect(serverUser(user.id)).resolves.toMatchObject({
      username: user.username,
      firstName: user.firstName,
    })

    await field('Username').fill(`${user.username}z`)
    await expect(
      page().getByText('This username is already taken', { exact: true }).count(),
    ).resolves.toBe(0)
  })

  test('an error after a save takes the "Changes saved" notification away: never both at once', async () => {
    const user = await createUser()
    const other = await createUser()
    await open(user)
    await field('First Name').fill('Saved')
    await saveButton().click()
    await notification('Changes saved').waitFor()
    await field('Username').fill(other.username)
    await saveButton().click()
    await page()
      .getByRole('alert')
      .getByText('Error: This username is already taken. Please choose a different one.')
      .waitFor()
    await expect(notification('Changes saved').count()).resolves.toBe(0)
  })

  test('a taken email shows the banner and the line under Email Address', async () => {
    const user = await createUser()
    const other = await createUser()
    await open(user)
    await field('Email Address').fill(other.email)
    await saveButton().click()
    await page()
      .getByText('Error: This email address is already in use. Please use a different email.')
      .waitFor()
    await expect(descriptionOf(field('Email Address'))).resolves.toContain(
      'This email is already in use',
    )
    await expect(field('Email Address').inputValue()).resolves.toBe(other.email)
    await expect(serverUser(user.id)).resolves.toMatchObject({ email: user.email })
  })

  test('a network failure on save says so and keeps everything typed', async () => {
    const user = await createUser()
    await open(user)
    await field('First Name').fill('Offline')
    await whileUserCalls(
      (call) => {
        if (call.startsWith('PUT')) throw new TypeError('fetch failed')
      },
      async () => {
        await saveButton().click()
        await page()
          .getByText('Error: Network error. Please check your connection and try again.')
          .waitFor()
      },
    )
    await expect(field('First Name').inputValue()).resolves.toBe('Offline')
    await expect(serverUser(user.id)).resolves.toMatchObject({ firstName: user.firstName })

    await saveButton().click()
    await untilDisabled(saveButton())
    await expect(serverUser(user.id)).resolves.toMatchObject({ firstName: 'Offline' })
  })

  test('a change made by someone else meanwhile: the 412 notice keeps the edits until Reload', async () => {
    const user = await createUser()
    await open(user)
    await field('First Name').fill('Mine')

    const theirs = await app.server.request('PUT', `/api/admin/users/${user.id}`, {
      token,
      body: {
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: 'Theirs',
        phoneNumber: user.phoneNumber,
      },
    })
    expect(theirs.status).toBe(200)

    await saveButton().click()
    const notice = page().getByRole('alert').filter({ hasText: 'Someone else changed this user' })
    await notice.waitFor()
    await expect(field('First Name').inputValue()).resolves.toBe('Mine')
    await expect(serverUser(user.id)).resolves.toMatchObject({
      firstName: user.firstName,
      lastName: 'Theirs',
    })

    await notice.getByRole('button', { name: 'Reload' }).click()
    await notice.waitFor({ state: 'detached' })
    await expect(field('First Name').inputValue()).resolves.toBe(user.firstName)
    await expect(field('Last Name').inputValue()).resolves.toBe('Theirs')
    await page()
      .getByRole('heading', { name: `${user.firstName} Theirs`, level: 2 })
      .waitFor()
    await expect(saveButton().isDisabled()).resolves.toBe(true)

    await field('First Name').fill('Mine again')
    await saveButton().click()
    await untilDisabled(saveButton())
    await expect(serverUser(user.id)).resolves.toMatchObject({ firstName: 'Mine again' })
  })
})

describe('Quick Actions', () => {
  test('Lock asks first: Cancel changes nothing, Lock flips the pill and the server, Unlock undoes it', async () => {
    const user = await createUser()
    await open(user)

    await quickAction('Lock').click()
    await expect(dialog().getByRole('heading').textContent()).resolves.toBe('Please Confirm')
    await expect(
      dialog().getByText(`Are you sure you want to lock user "${user.username}"?`).isVisible(),
    ).resolves.toBe(true)
    await expect(
      dialog().getByRole('button', { name: 'Lock', exact: true }).getAttribute('class'),
    ).resolves.toBe('danger')
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'detached' })
    await expect(status().getByRole('listitem').nth(1).textContent()).resolves.toBe('Unlocked')
    await expect(serverUser(user.id)).resolves.toMatchObject({ isLocked: false })

    await quickAction('Lock').click()
    await dialog().getByRole('button', { name: 'Lock', exact: true }).click()
    await dialog().waitFor({ state: 'detached' })
    await status().getByText('Locked', { exact: true }).waitFor()
    await expect(serverUser(user.id)).resolves.toMatchObject({ isLocked: true })
    await notification(`User ${user.username} locked`).waitFor()

    await quickAction('Unlock').click()
    await dialog().getByText(`Are you sure you want to unlock user "${user.username}"?`).waitFor()
    await dialog().getByRole('button', { name: 'Unlock', exact: true }).click()
    await status().getByText('Unlocked', { exact: true }).waitFor()
    await expect(serverUser(user.id)).resolves.toMatchObject({ isLocked: false })
  })

  test('a temporary lockout after failed sign-ins shows its end, and Unlock ends it', async () => {
    const user = await createUser()
    for (let i = 0; i < 5; i += 1) await app.server.login(user.username, 'wrong-password')
    const { loginBlockedUntil } = await serverUser(user.id)
    expect(loginBlockedUntil).toBeTruthy()
    await open(user)
    await page()
      .getByText(
        /^Temporarily locked until \w{3} \d+, \d{4}, \d+:\d{2} [AP]M (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
      )
      .waitFor()
    await expect(status().getByRole('listitem').nth(1).textContent()).resolves.toBe('Unlocked')

    await quickAction('Unlock').click()
    await dialog().getByRole('button', { name: 'Unlock', exact: true }).click()
    await page()
      .getByText(/^Temporarily locked until/)
      .waitFor({ state: 'detached' })
    await expect(serverUser(user.id)).resolves.toMatchObject({ loginBlockedUntil: null })
    await quickAction('Lock').waitFor()
  })

  test('a reset email that could not be sent says so', async () => {
    const user = await createUser()
    await app.server.request('PUT', `/api/admin/users/${user.id}/reset-password`, { token })
    await app.server.built.context.mail.idle()
    // As the sender records a refused delivery.
    await app.server.built.context.db.query(
      `UPDATE mail_outbox SET sent_at = NULL, last_error = 'Greeting never received' WHERE user_id = $1`,
      [user.id],
    )
    await open(user)
    await expect(
      page().getByRole('alert').filter({ hasText: 'The email could not be sent' }).count(),
    ).resolves.toBe(1)
  })

  test('Deactivate and Activate ask first and flip the pill and the server', async () => {
    const user = await createUser()
    await open(user)

    await quickAction('Deactivate').click()
    await dialog()
      .getByText(`Are you sure you want to deactivate user "${user.username}"?`)
      .waitFor()
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'detached' })
    await expect(serverUser(user.id)).resolves.toMatchObject({ isActive: true })

    await quickAction('Deactivate').click()
    const confirm = dialog().getByRole('button', { name: 'Deactivate', exact: true })
    await expect(confirm.getAttribute('class')).resolves.toBe('danger')
    await confirm.click()
    await status().getByText('Inactive', { exact: true }).waitFor()
    await expect(serverUser(user.id)).resolves.toMatchObject({ isActive: false })

    await quickAction('Activate').click()
    await dialog().getByText(`Are you sure you want to activate user "${user.username}"?`).waitFor()
    const activate = dialog().getByRole('button', { name: 'Activate', exact: true })
    await expect(activate.getAttribute('class')).resolves.toBe('primary')
    await activate.click()
    await status().getByText('Active', { exact: true }).waitFor()
    await expect(serverUser(user.id)).resolves.toMatchObject({ isActive: true })
  })

  test('on one’s own account Lock, Deactivate and Set Temporary Password are disabled, saying why', async () => {
    await open(root)
    const card = page().getByRole('region', { name: 'Quick Actions' })
    for (const name of ['Lock', 'Deactivate', 'Set Temporary Password']) {
      await untilDisabled(quickAction(name))
    }
    await expect(quickAction('Reset Password').isEnabled()).resolves.toBe(true)
    await expect(card.getByRole('listitem').allTextContents()).resolves.toEqual([
      'You cannot lock your own account.',
      'You cannot deactivate your own account.',
      'Use Change Password in the account menu to change your own password.',
    ])
    await quickAction('Lock').click({ force: true })
    await expect(dialog().count()).resolves.toBe(0)
    await expect(serverUser(root.id)).resolves.toMatchObject({ isLocked: false })
  })

  test('edits typed before a quick action still save, and are kept through it', async () => {
    const user = await createUser()
    await open(user)
    await field('First Name').fill('Kept')
    await quickAction('Lock').click()
    await dialog().getByRole('button', { name: 'Lock', exact: true }).click()
    await status().getByText('Locked', { exact: true }).waitFor()
    await expect(field('First Name').inputValue()).resolves.toBe('Kept')

    await saveButton().click()
    await untilDisabled(saveButton())
    await expect(serverUser(user.id)).resolves.toMatchObject({ firstName: 'Kept', isLocked: true })
  })

  test('Reset Password asks first, mails a link, and says so in "Password Reset"', async () => {
    const user = await createUser()
    await open(user)
    await quickAction('Reset Password').click()
    await dialog().getByText(`Reset password for ${user.email}?`).waitFor()
    await dialog().getByRole('button', { name: 'Reset Password', exact: true }).click()

    await dialog().getByRole('heading', { name: 'Password Reset' }).waitFor()
    await expect(
      dialog()
        .getByText(`An email has been sent to ${user.email} with link to change their password`)
        .isVisible(),
    ).resolves.toBe(true)
    await expect(app.server.resetToken(user.email)).resolves.toMatch(/\S{16,}/)
    await expect(
      page().getByText(`An email has been sent to ${user.email}`, { exact: false }).count(),
      'said once, in the dialog, not again in a notification',
    ).resolves.toBe(1)
    await dialog().getByRole('button', { name: 'OK' }).click()
    await dialog().waitFor({ state: 'detached' })
  })
})

describe('roles and groups', () => {
  test('the checkboxes show what the user holds and save only the difference', async () => {
    const tag = Date.now().toString(36)
    const create = async (kind: 'roles' | 'groups', name: string) =>
      (await app.server.request('POST', `/api/admin/${kind}`, { token, body: { name } })).body
    const auditor = await create('roles', `Auditor ${tag}`)
    const reviewer = await create('roles', `Reviewer ${tag}`)
    const editor = await create('roles', `Editor ${tag}`)
    const sales = await create('groups', `Sales ${tag}`)
    const support = await create('groups', `Support ${tag}`)
    const user = await createUser()
    for (const role of [auditor, reviewer]) {
      const given = await app.server.request(
        'PUT',
        `/api/admin/users/${user.id}/roles/${role.id}`,
        { token },
      )
      expect(given.status).toBe(200)
    }
    await open(user)

    const roles = page().getByRole('region', { name: 'Roles & Permissions' })
    const groups = page().getByRole('region', { name: 'Group Memberships' })
    const box = (card: Locator, item: { name: string }) =>
      card.getByLabel(item.name, { exact: true })
    await expect(box(roles, auditor).isChecked()).resolves.toBe(true)
    await expect(box(roles, reviewer).isChecked()).resolves.toBe(true)
    await expect(box(roles, editor).isChecked()).resolves.toBe(false)
    await expect(box(groups, sales).isChecked()).resolves.toBe(false)
    await expect(box(groups, support).isChecked()).resolves.toBe(false)

    await box(roles, editor).check()
    await expect(saveButton().isEnabled(), 'a checkbox is a change').resolves.toBe(true)
    await expect(descriptionOf(box(roles, editor))).resolves.toBe('Edited')
    await box(roles, editor).uncheck()
    await expect(saveButton().isDisabled(), 'and unticking it undoes it').resolves.toBe(true)

    const before = await lastAuditId()
    await box(roles, auditor).uncheck()
    await box(roles, editor).check()
    await box(groups, support).check()
    await saveButton().click()
    await confirmEffect(page())
    await untilDisabled(saveButton())

    const held = async (kind: 'roles' | 'groups') =>
      (
        await app.server.request<{ id: number }[]>('GET', `/api/admin/users/${user.id}/${kind}`, {
          token,
        })
      ).body
        .map((item) => item.id)
        .sort((a, b) => a - b)
    await expect(held('roles')).resolves.toEqual([reviewer.id, editor.id].sort((a, b) => a - b))
    await expect(held('groups')).resolves.toEqual([support.id])
    await expect(box(roles, editor).isChecked()).resolves.toBe(true)
    await expect(box(roles, auditor).isChecked()).resolves.toBe(false)

    const applied = (await auditSince(before)).map((entry) => entry.action).sort()
    expect(applied, 'only the three changes were sent').toEqual([
      'user.group_add',
      'user.role_add',
      'user.role_remove',
    ])
  })
})

describe('roles held through groups', () => {
  test('the demo aisha.almansouri holds ADMIN "via IT Operations", its box unticked; the card follows group changes', async () => {
    const { db } = app.server.built.context
    await seedDemo(db)
    const found = await app.server.request('GET', '/api/admin/users?search=aisha.almansouri', {
      token,
    })
    const aisha: User = found.body.content[0]
    expect(aisha.username).toBe('aisha.almansouri')
    await open(aisha)

    const roles = page().getByRole('region', { name: 'Roles & Permissions' })
    const groups = page().getByRole('region', { name: 'Group Memberships' })
    const box = (card: Locator, name: string) => card.getByLabel(name, { exact: true })
    const choice = (name: string) =>
      roles.getByRole('listitem').filter({ has: page().getByLabel(name, { exact: true }) })
    await roles.getByText('via IT Operations', { exact: true }).waitFor()
    await expect(box(roles, 'ADMIN').isChecked(), 'ADMIN is not assigned directly').resolves.toBe(
      false,
    )
    await expect(choice('ADMIN').textContent()).resolves.toBe('ADMINvia IT Operations')
    await expect(descriptionOf(box(roles, 'ADMIN'))).resolves.toBe(
      'via IT Operations A ticked box means assigned directly; “via” names the groups a role is held through.',
    )
    await expect(box(roles, 'VIEWER').isChecked(), 'VIEWER is assigned directly').resolves.toBe(
      true,
    )
    await expect(descriptionOf(box(roles, 'VIEWER'))).resolves.toBe('')
    expect(await seriousViolations(page())).toEqual([])

    // Joining Finance (FINANCE_OFFICER, AUDITOR) and leaving IT Operations: the marks follow.
    await box(groups, 'Finance').check()
    await box(groups, 'IT Operations').uncheck()
    await saveButton().click()
    await confirmEffect(page())
    await untilDisabled(saveButton())
    await expect.poll(() => choice('AUDITOR').textContent()).toBe('AUDITORvia Finance')
    await expect(choice('FINANCE_OFFICER').textContent()).resolves.toBe(
      'FINANCE_OFFICERvia Finance',
    )
    await expect.poll(() => choice('ADMIN').textContent()).toBe('ADMIN')
    expect(await seriousViolations(page())).toEqual([])
  })
})

/**
 * Runs `action` while each user call the console sends passes `observe` first. The preview
 * host's main process runs in this test process and sends through the global fetch, so this
 * sees every call; unless `observe` throws (a network failure), each reaches the real server.
 */
async function whileUserCalls(
  observe: (call: string) => void | Promise<void>,
  action: () => Promise<void>,
): Promise<void> {
  const send = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.pathname.startsWith('/api/admin/users')) {
      await observe(`${init?.method ?? 'GET'} ${url.pathname}`)
    }
    return send(input, init)
  }
  try {
    await action()
  } finally {
    globalThis.fetch = send
  }
}

async function userCallsDuring(action: () => Promise<void>): Promise<string[]> {
  const seen: string[] = []
  await whileUserCalls((call) => void seen.push(call), action)
  return seen
}

async function lastAuditId(): Promise<number> {
  const reply = await app.server.request('GET', '/api/admin/audit?page=0&size=1', { token })
  return reply.body.content[0]?.id ?? 0
}

async function auditSince(id: number): Promise<{ action: string }[]> {
  const reply = await app.server.request('GET', '/api/admin/audit?page=0&size=50', { token })
  return reply.body.content.filter((entry: { id: number }) => entry.id > id)
}

describe('navigation and missing users', () => {
  test.each([
    ['abc', []],
    ['0', []],
    ['-1', []],
    ['12abc', []],
    ['999999', ['GET /api/admin/users/999999']],
  ])(
    '/users/%s shows "User not found" after the calls %j; Return to Users goes to the list',
    async (id, calls) => {
      const seen = await userCallsDuring(async () => {
        await page().goto(app.at(`users/${id}`))
        await page().getByRole('heading', { name: 'User not found', level: 2 }).waitFor()
      })
      // Only calls about one user count: the list the previous test returned to may still load.
      expect(seen.filter((call) => call.includes('/api/admin/users/'))).toEqual(calls)
      await expect(
        page().getByText('The requested user could not be found.').isVisible(),
      ).resolves.toBe(true)
      await button('Return to Users').click()
      await page().waitForURL(/\/users$/)
      await page().getByRole('table', { name: 'Users' }).getByRole('link').first().waitFor()
    },
  )

  test('Back to Users goes to the list', async () => {
    const user = await createUser()
    await open(user)
    await page().getByRole('link', { name: 'Back to Users' }).click()
    await page().waitForURL(/\/users$/)
  })

  test('leaving with unsaved edits asks first: Cancel keeps them, Discard Changes leaves', async () => {
    const user = await createUser()
    await open(user)
    await page().getByLabel('Last Name').fill('Edited-But-Unsaved')
    await page().getByRole('link', { name: 'Back to Users' }).click()
    const ask = page().getByRole('dialog', { name: 'Unsaved Changes' })
    await ask
      .getByText(`You have unsaved changes to "${user.username}". Leave and discard them?`)
      .waitFor()
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await expect(page().getByLabel('Last Name').inputValue()).resolves.toBe('Edited-But-Unsaved')
    expect(new URL(page().url()).pathname).toBe(`/users/${user.id}`)
    await page().getByRole('link', { name: 'Back to Users' }).click()
    await ask.getByRole('button', { name: 'Discard Changes' }).click()
    await page().waitForURL(/\/users$/)
    const stored = await app.server.request('GET', `/api/admin/users/${user.id}`, { token })
    expect(stored.body.lastName).toBe(user.lastName)
  })
})

describe('accessibility', () => {
  test('the loaded page, its validation errors and a confirm dialog have no serious violation', async () => {
    const user = await createUser()
    await open(user)
    expect(await seriousViolations(page())).toEqual([])

    for (const label of ['Username', 'Email Address', 'First Name', 'Last Name', 'Phone Number'])
      await field(label).fill('')
    await saveButton().click()
    await page().getByText('Phone number is required').waitFor()
    expect(await seriousViolations(page())).toEqual([])

    await quickAction('Deactivate').click()
    await dialog().waitFor()
    expect(await seriousViolations(page())).toEqual([])
  })

  test('the not-found state has no serious violation', async () => {
    await page().goto(app.at('users/abc'))
    await page().getByRole('heading', { name: 'User not found' }).waitFor()
    expect(await seriousViolations(page())).toEqual([])
  })
})
