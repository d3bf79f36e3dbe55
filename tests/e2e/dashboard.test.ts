import { afterAll, beforeAll, expect, test } from 'vitest'
import { seriousViolations, startConsole } from './support'

let app: Awaited<ReturnType<typeof startConsole>>

beforeAll(async () => {
  app = await startConsole()
  await app.signIn()
})
afterAll(() => app?.close())

const STATS = [
  ['Total Events', '128', '+3 today'],
  ['Employees', '342', '+2 today'],
  ['Customers', '1,286', '+14 today'],
  ['Suppliers', '87', '+1 today'],
  ['Quotations', '459', '+6 today'],
  ['Support Tickets', '73', '+5 today'],
] as const

const MODULE_ROUTES = {
  Events: '/events',
  Venues: '/venues',
  Competitors: '/competitors',
  CRM: '/crm',
  Budget: '/budget',
  Employees: '/employees',
  Users: '/users',
  Analytics: '/analytics',
  Storage: '/storage',
  Suppliers: '/suppliers',
  Support: '/support',
  'File Hub': '/filehub',
  'Marketing Campaigns': '/marketing-campaigns',
}

const modules = () => app.page.getByRole('region', { name: 'Modules' })
const moduleTitles = () => modules().getByRole('heading', { level: 3 }).allTextContents()

async function openDashboard(route = 'dashboard') {
  await app.page.goto(app.at(route))
  await app.page.getByRole('article', { name: 'Total Events' }).waitFor()
}

test('six stat cards count up to their sample totals, each with its "+N today"', async () => {
  const { page } = app
  await openDashboard()
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard')
  const sections = await page.getByRole('heading', { level: 2 }).allTextContents()
  expect(sections).toEqual([...STATS.map(([title]) => title), 'Modules'])
  for (const [title, total, today] of STATS) {
    const card = page.getByRole('article', { name: title })
    await card.getByText(total, { exact: true }).waitFor()
    await expect(card.getByText(today, { exact: true }).isVisible()).resolves.toBe(true)
  }
})

test('the count-up runs from 0 to the total in about one second', async () => {
  // The clock belongs to the whole browser context: a page of its own, and time flows again after.
  const page = await app.page.context().newPage()
  try {
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 60_000)
    await page.goto(app.at('dashboard'))
    const total = page.getByRole('article', { name: 'Customers' }).locator('.stat-total')
    await total.waitFor()
    await expect(total.textContent()).resolves.toBe('0')
    await page.clock.runFor(500)
    const halfway = Number((await total.textContent())!.replace(/,/g, ''))
    expect(halfway).toBeGreaterThan(0)
    expect(halfway).toBeLessThan(1286)
    await page.clock.runFor(600)
    await expect(total.textContent()).resolves.toBe('1,286')
  } finally {
    await page.clock.resume()
    await page.close()
  }
})

test('when the user prefers reduced motion the totals show at once', async () => {
  const { page } = app
  await page.emulateMedia({ reducedMotion: 'reduce' })
  try {
    await page.goto(app.at('dashboard'))
    const totals = page.locator('.stat-total')
    await totals.first().waitFor()
    await expect(totals.allTextContents()).resolves.toEqual(STATS.map(([, total]) => total))
  } finally {
    await page.emulateMedia({ reducedMotion: null })
  }
})

test('the 13 module cards each have a description and a link to their route; / is the dashboard too', async () => {
  await openDashboard('')
  expect(await moduleTitles()).toEqual(Object.keys(MODULE_ROUTES))
  for (const [title, route] of Object.entries(MODULE_ROUTES)) {
    const card = modules().getByRole('article', { name: title, exact: true })
    await expect(card.locator('p').textContent()).resolves.toMatch(/\w+/)
    const link = card.getByRole('link', { name: `Open ${title}`, exact: true })
    await expect(link.getAttribute('href')).resolves.toBe(route)
  }
})

test('the search narrows the modules by title or description, ignoring case, and says when none match', async () => {
  const { page } = app
  await openDashboard()
  const search = page.getByRole('searchbox', { name: 'Search modules' })
  await expect(search.getAttribute('placeholder')).resolves.toBe('Search modules...')
  await search.fill('CAMPAIGN')
  await expect.poll(moduleTitles).toEqual(['Marketing Campaigns'])
  await search.fill('quotations')
  await expect.poll(moduleTitles).toEqual(['Suppliers'])
  await search.fill('no such module')
  await modules().getByText('No modules match "no such module".').waitFor()
  await expect(modules().getByRole('article').count()).resolves.toBe(0)
  await search.fill('')
  await expect.poll(moduleTitles).toHaveLength(13)
})

test('on a narrow window the search box waits behind a Search toggle', async () => {
  const { page } = app
  const wide = page.viewportSize()
  await page.setViewportSize({ width: 600, height: 900 })
  try {
    await openDashboard()
    const toggle = page.getByRole('button', { name: 'Search', exact: true })
    const search = page.getByRole('searchbox', { name: 'Search modules' })
    await expect(search.isVisible()).resolves.toBe(false)
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false')
    await toggle.click()
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(search.isVisible()).resolves.toBe(true)
    await page.keyboard.type('crm')
    await expect.poll(moduleTitles).toEqual(['CRM'])
    await toggle.click()
    await expect(search.isVisible()).resolves.toBe(false)
  } finally {
    if (wide) await page.setViewportSize(wide)
  }
  await expect(page.getByRole('button', { name: 'Search', exact: true }).isVisible()).resolves.toBe(
    false,
  )
})

test('a module without content opens the "not available in this console yet" page', async () => {
  const { page } = app
  await openDashboard()
  await page.getByRole('link', { name: 'Open Venues' }).click()
  await page.waitForURL(/\/venues$/)
  await page.getByText('is not available in this console yet').waitFor()
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Venues')
})

test('the dashboard has no serious accessibility violation', async () => {
  await openDashboard()
  await app.page.getByRole('article', { name: 'Customers' }).getByText('1,286').waitFor()
  expect(await seriousViolations(app.page)).toEqual([])
})

test('Events shows the sample events read-only, with their statuses as text badges', async () => {
  const { page } = app
  await page.goto(app.at('events'))
  const table = page.getByRole('table', { name: 'Events' })
  await table.waitFor()
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Events')
  await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual([
    'Event ID',
    'Event Name',
    'Category',
    'Date',
    'Status',
    'Assigned Employees',
    'Created At',
    'Last Updated',
  ])
  await expect(table.locator('tbody tr').count()).resolves.toBe(10)
  const statuses = await table.locator('td[data-column="status"]').allTextContents()
  expect(new Set(statuses)).toEqual(
    new Set(['Planned', 'Scheduled', 'Upcoming', 'Current', 'Ongoing']),
  )
  const first = await table.locator('tbody tr').first().getByRole('cell').allTextContents()
  expect(first.slice(0, 6)).toEqual([
    'EV-1001',
    'Annual Partners Gala',
    'Gala Dinner',
    'Dec 12, 2026',
    'Planned',
    'Aisha Rahman, Omar Haddad',
  ])
  expect(first[6]).toMatch(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
  )
  await expect(table.getByRole('button').count()).resolves.toBe(0)
  expect(await seriousViolations(page)).toEqual([])
})
