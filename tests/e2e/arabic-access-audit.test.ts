import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AR } from '@shared/i18n/ar'
import { seedDemo } from '../../server/src/seed/demo'
import { seriousViolations, startConsole, type Console } from './support'

/**
 * The Dashboard, Events, Roles & Groups and the Audit Log in Arabic (issue 59), against the demo
 * organisation: their texts from the Arabic catalogue, right to left, and nothing axe finds
 * serious.
 */
let app: Console

const direction = () =>
  app.page.evaluate(() => (globalThis as any).document.documentElement.dir as string)

beforeAll(async () => {
  app = await startConsole({}, { systemLocale: 'ar-AE' })
  await seedDemo(app.server.built.context.db)
  await app.signIn()
})
afterAll(() => app?.close())

describe('in Arabic', () => {
  test('the Dashboard names its figures and modules', async () => {
    const { page } = app
    await page.goto(app.at('dashboard'))
    await page.getByRole('heading', { name: AR['dashboard.statCustomers'], exact: true }).waitFor()
    await page.getByRole('heading', { name: AR['dashboard.modules'] }).waitFor()
    await page.getByRole('link', { name: 'فتح الفعاليات' }).waitFor()
    await page.getByPlaceholder(AR['dashboard.searchModulesPlaceholder']).fill('الموردون')
    await page
      .getByRole('heading', { level: 3, name: AR['dashboard.moduleSuppliers'], exact: true })
      .waitFor()
    await expect(direction()).resolves.toBe('rtl')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('Events shows its columns and statuses', async () => {
    const { page } = app
    await page.goto(app.at('events'))
    const table = page.getByRole('table', { name: AR['events.label'] })
    await table.getByRole('columnheader', { name: AR['events.employees'] }).waitFor()
    await table.getByText(AR['events.statusPlanned']).first().waitFor()
    await expect(direction()).resolves.toBe('rtl')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('Roles & Groups, and a role’s edit dialog', async () => {
    const { page } = app
    await page.goto(app.at('access'))
    await page.getByRole('heading', { name: AR['access.roles'], exact: true }).waitFor()
    await page.getByRole('heading', { name: AR['access.groups'], exact: true }).waitFor()
    await page.getByRole('button', { name: AR['access.addRole'] }).waitFor()
    const roles = page.getByRole('table', { name: AR['access.roles'], exact: true })
    await roles.getByRole('row').nth(1).waitFor()
    await expect(direction()).resolves.toBe('rtl')
    expect(await seriousViolations(page)).toEqual([])

    await roles
      .getByRole('button', { name: /^تعديل الدور / })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: AR['access.editRoleTitle'] })
    await dialog.getByLabel(AR['access.name']).waitFor()
    await dialog.getByText(AR['access.assignGroups']).waitFor()
    await dialog.getByRole('button', { name: AR['access.save'] }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: AR['access.cancel'] }).click()
  })

  test('the Audit Log has its filters and export in Arabic', async () => {
    const { page } = app
    await page.goto(app.at('audit'))
    await page.getByRole('group', { name: AR['audit.filters'] }).waitFor()
    await page.getByLabel(AR['audit.actor']).waitFor()
    await page.getByRole('option', { name: AR['audit.allActions'] }).waitFor({ state: 'attached' })
    await page.getByRole('button', { name: AR['audit.exportCsv'] }).waitFor()
    await page.getByRole('table', { name: AR['audit.log'] }).getByRole('row').nth(1).waitFor()
    await expect(direction()).resolves.toBe('rtl')
    expect(await seriousViolations(page)).toEqual([])
  })
})
