import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { buildServer } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { seedDemo } from '../server/src/seed/demo'
import { memoryVault } from '../src/main/core/vault/vault'
import { startPreview } from '../src/main/preview/host'

/**
 * `npm run screenshots`: every screen of the console at 1366×768, in the light and the dark
 * theme (the OS's, as System follows it), signed in against a fresh reference server with the
 * demo organisation, written to screenshots/ (git-ignored) as light-NN-name.png and dark-NN-name.png.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url))
const OUT = join(ROOT, 'screenshots')
const ADMIN = { username: 'admin', password: 'screenshot-password' }

type Step = [name: string, show: (page: Page, at: (route: string) => string) => Promise<unknown>]

const signIn = async (page: Page, at: (route: string) => string) => {
  await page.goto(at('login'))
  await page.getByLabel('Username or Email').fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('button', { name: /Account menu/ }).waitFor()
}

/** The temporary password the Set Temporary Password step was shown, for the sign-in with it. */
const temporary = { username: '', password: '' }

const STEPS: Step[] = [
  ['login', (page, at) => page.goto(at('login'))],
  ['login-errors', (page) => page.getByRole('button', { name: 'Login' }).click()],
  ['reset-password-no-token', (page, at) => page.goto(at('reset-password'))],
  ['reset-password', (page, at) => page.goto(at('reset-password?token=example'))],
  [
    'dashboard',
    async (page, at) => {
      await signIn(page, at)
      await page.goto(at('dashboard'))
      await page.waitForTimeout(1500)
    },
  ],
  ['events', (page, at) => page.goto(at('events'))],
  [
    'users',
    async (page, at) => {
      await page.goto(at('users'))
      await page.getByRole('link', { name: 'admin', exact: true }).waitFor()
    },
  ],
  ['users-columns', (page) => page.getByRole('button', { name: 'Columns' }).click()],
  [
    'users-export-done',
    async (page, at) => {
      await page.goto(at('users'))
      await page.getByRole('button', { name: 'Export CSV' }).click()
      await page.getByText(/^Exported \d+ users to /).waitFor()
    },
  ],
  [
    'users-add',
    async (page, at) => {
      await page.goto(at('users'))
      await page.getByRole('button', { name: '+ Add User' }).click()
      await page.getByRole('button', { name: 'Save User' }).click()
    },
  ],
  [
    'users-assign-roles',
    async (page, at) => {
      await page.goto(at('users'))
      await page
        .getByRole('button', { name: /^Assign Roles/ })
        .nth(1)
        .click()
      await page.getByRole('checkbox').first().waitFor()
    },
  ],
  [
    'users-confirm-lock',
    async (page, at) => {
      await page.goto(at('users'))
      await page
        .getByRole('button', { name: /^Unlocked:/ })
        .nth(1)
        .click()
    },
  ],
  [
    'user-details',
    async (page, at) => {
      await page.goto(at('users/2'))
      await page.getByText('Profile Information').waitFor()
    },
  ],
  [
    'user-details-edited',
    async (page) => {
      await page.getByLabel('First Name').fill('')
      await page.getByRole('button', { name: 'Save Changes' }).click()
    },
  ],
  [
    'user-details-sessions-history',
    async (page, at) => {
      await page.goto(at('users/1'))
      await page.getByRole('heading', { name: 'Active Sessions' }).scrollIntoViewIfNeeded()
      await page.getByText('This session').waitFor()
    },
  ],
  [
    'user-temporary-password',
    async (page, at) => {
      await page.goto(at('users/2'))
      temporary.username = await page.getByLabel('Username').inputValue()
      await page
        .getByRole('region', { name: 'Quick Actions' })
        .getByRole('button', { name: 'Set Temporary Password' })
        .click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Set Temporary Password' }).click()
      await dialog.getByRole('heading', { name: 'Temporary Password' }).waitFor()
      temporary.password = await dialog.getByLabel('Temporary password').inputValue()
    },
  ],
  ['user-not-found', (page, at) => page.goto(at('users/999999'))],
  [
    'users-filtered',
    async (page, at) => {
      await page.goto(at('users?status=active&roleId=1'))
      await page.getByRole('link', { name: 'admin', exact: true }).waitFor()
    },
  ],
  [
    'users-bulk-selected',
    async (page, at) => {
      await page.goto(at('users'))
      await page.getByRole('checkbox', { name: 'Select page' }).check()
      await page.getByRole('region', { name: 'Bulk actions' }).waitFor()
    },
  ],
  [
    'audit-log',
    async (page, at) => {
      await page.goto(at('audit'))
      await page.getByRole('table').locator('tbody td').first().waitFor()
    },
  ],
  [
    'access',
    async (page, at) => {
      await page.goto(at('access'))
      await page.getByRole('button', { name: '+ Add Role' }).waitFor()
    },
  ],
  [
    'access-edit-role',
    (page) =>
      page
        .getByRole('button', { name: /^Edit role/ })
        .first()
        .click(),
  ],
  [
    'access-members',
    async (page, at) => {
      await page.goto(at('access'))
      await page.getByRole('button', { name: 'Members of role ADMIN' }).click()
      await page
        .getByRole('dialog', { name: 'Members of ADMIN' })
        .getByRole('link')
        .first()
        .waitFor()
    },
  ],
  ['module-not-available', (page, at) => page.goto(at('crm'))],
  [
    'sidebar-collapsed',
    async (page, at) => {
      await page.goto(at('dashboard'))
      await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    },
  ],
  [
    'avatar-menu-theme',
    async (page, at) => {
      await page.goto(at('dashboard'))
      await page.getByRole('button', { name: 'Expand sidebar' }).click()
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor()
    },
  ],
  [
    'change-password',
    async (page) => {
      await page.getByRole('menuitem', { name: 'Change Password' }).click()
      await page.getByRole('dialog', { name: 'Change Password' }).waitFor()
    },
  ],
  [
    'choose-new-password',
    async (page) => {
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Sign out' }).click()
      await page.getByLabel('Username or Email').fill(temporary.username)
      await page.getByLabel('Password', { exact: true }).fill(temporary.password)
      await page.getByRole('button', { name: 'Login' }).click()
      await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor()
    },
  ],
]

const THEMES = ['light', 'dark'] as const

/** Ends a pass signed out, so the next theme's pass starts at Login as the first did. */
async function signOut(page: Page) {
  const backToLogin = page.getByRole('button', { name: 'Back to Login' })
  if (await backToLogin.isVisible()) return backToLogin.click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await page.getByLabel('Username or Email').waitFor()
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'admin-console-screens-'))
  const config = loadConfig({
    // Benchmarks and screenshots sign in by password: no second factor asked.
    MFA_REQUIRED: 'none',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  })
  const server = await buildServer(config)
  await seedDemo(server.context.db)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  const apiUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  )
  const preview = await startPreview({
    apiUrl,
    rendererDir: join(ROOT, 'out/renderer'),
    vault: memoryVault(),
  })
  preview.page.setDefaultTimeout(10_000)
  const at = (route: string) => preview.url + route
  await mkdir(OUT, { recursive: true })
  let failed = 0
  try {
    for (const theme of THEMES) {
      await preview.page.emulateMedia({ colorScheme: theme })
      for (const [index, [name, show]] of STEPS.entries()) {
        const file = join(OUT, `${theme}-${String(index + 1).padStart(2, '0')}-${name}.png`)
        try {
          await show(preview.page, at)
          await preview.page.waitForLoadState('networkidle')
          await preview.page.screenshot({ path: file })
          process.stdout.write(`${file}\n`)
        } catch (error) {
          failed += 1
          process.stderr.write(
            `${theme} ${name}: ${error instanceof Error ? error.message : String(error)}\n`,
          )
        }
      }
      await signOut(preview.page)
    }
  } finally {
    await preview.close()
    await server.app.close()
    await rm(dataDir, { recursive: true, force: true })
  }
  if (failed > 0) process.exit(1)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
