import { execFileSync } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { seedBulk } from '../../server/src/seed/bulk'
import type { User } from '@shared/contract'
import { startConsole, type Console } from './support'
import { reportFileName } from '@shared/report-file-name'
import { EN } from '@shared/i18n/catalogues'
import { englishText } from '../support/english'

/** The name the save dialog offers a CSV of this table today (issue 56). */
const USERS_CSV = reportFileName(EN['exports.usersReportTitle'], new Date(), 'csv', englishText)

let app: Console
const quetzals: User[] = []

beforeAll(async () => {
  app = await startConsole()
  const token = await app.server.token()
  // 25 users the search "quetzal" finds; some carry what CSV must quote or neutralise.
  const firstNames = ['Comma, Inc', 'Say "hi"', '=HYPERLINK("x")', '@home']
  for (let index = 0; index < 25; index += 1) {
    quetzals.push(
      await app.server.createUser(token, {
        username: `qz${String(index).padStart(2, '0')}`,
        firstName: firstNames[index] ?? `Bird${index}`,
        lastName: 'Quetzal',
      }),
    )
  }
  await app.server.request('PUT', `/api/admin/users/${quetzals[3]!.id}/lock`, { token })
  // Names Helvetica lacks: their report is printed by Chromium.
  for (const [index, firstName] of ['Łukasz', 'Ζωή'].entries())
    await app.server.createUser(token, {
      username: `kf${index}`,
      firstName,
      lastName: 'Kingfisher',
    })
  await seedBulk(app.server.built.context.db, 10_000, () => undefined)
  await app.signIn()
}, 180_000)
afterAll(() => app?.close())

beforeEach(async () => {
  for (const file of await readdir(app.saveDir)) await rm(join(app.saveDir, file))
})

async function searchUsers(text: string) {
  const { page } = app
  await page.goto(app.at('users'))
  await page.getByRole('link', { name: 'root', exact: true }).waitFor()
  await page.getByLabel('Search users').fill(text)
  await page.getByRole('link', { name: 'root', exact: true }).waitFor({ state: 'detached' })
}

async function exportAs(button: 'Export CSV' | 'Export PDF'): Promise<string> {
  await app.page.getByRole('button', { name: button }).click()
  const notice = app.page.getByText(/^Exported \d+ users to /)
  await notice.waitFor({ timeout: 60_000 })
  return (await notice.textContent())!.replace(/^Exported \d+ users to /, '')
}

const quoteCsv = (text: string) => {
  const neutral = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]|^'/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral
}

test('CSV of every user the search matches, not just the page on screen, byte for byte', async () => {
  await searchUsers('quetzal')
  await app.page.getByText('1-20 of 25').waitFor()
  const file = await exportAs('Export CSV')
  expect(file).toBe(join(app.saveDir, USERS_CSV))
  const expected =
    ['User ID,Username,Full Name,Active,Locked']
      .concat(
        quetzals.map((user, index) =>
          [
            user.id,
            user.username,
            quoteCsv(user.fullName),
            'Active',
            index === 3 ? 'Locked' : 'Unlocked',
          ].join(','),
        ),
      )
      .join('\r\n') + '\r\n'
  const written = await readFile(file, 'utf8')
  expect(written).toBe(expected)
  expect(written).toContain(`,qz00,"Comma, Inc Quetzal",Active,Unlocked\r\n`)
  expect(written).toContain(`,qz01,"Say ""hi"" Quetzal",Active,Unlocked\r\n`)
  expect(written).toContain(`,qz02,"'=HYPERLINK(""x"") Quetzal",Active,Unlocked\r\n`)
  expect(written).toContain(`,qz03,"'@home Quetzal",Active,Locked\r\n`)
})

test('PDF of the same search: A4 landscape, title, subtitle, visible headers, numbered rows, no Actions', async () => {
  await searchUsers('quetzal')
  const file = await exportAs('Export PDF')
  expect(file).toBe(join(app.saveDir, `Users_Report_${new Date().toISOString().slice(0, 10)}.pdf`))
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts \(A4\)/.exec(info) ?? []
  expect(Number(width)).toBeGreaterThan(Number(height))
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain('Users Report')
  expect(text).toMatch(/Generated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)
  expect(text).toMatch(/#\s+User ID\s+Username\s+Full Name\s+Active\s+Locked/)
  expect(text).not.toContain('Actions')
  for (const [index, user] of quetzals.entries()) {
    expect(text).toMatch(new RegExp(`\\b${index + 1}\\s+${user.id}\\s+${user.username}\\b`))
  }
})

test('a set of 1,000 users: every row in both files, in the sort of the list', async () => {
  // Bulk users' phones start "+971 5" then k % 10: "+971 54" is a tenth of the 10,000.
  await searchUsers('+971 54')
  await app.page.getByText(/of 1000$/).waitFor()
  await app.page.getByRole('button', { name: /^Username/ }).click()
  const csv = (await readFile(await exportAs('Export CSV'), 'utf8')).split('\r\n')
  expect(csv).toHaveLength(1002)
  const usernames = csv.slice(1, -1).map((line) => line.split(',')[1]!)
  expect(usernames).toEqual([...usernames].sort((a, b) => a.localeCompare(b)))
  expect(new Set(usernames).size).toBe(1000)

  const text = execFileSync('pdftotext', ['-layout', await exportAs('Export PDF'), '-'], {
    encoding: 'utf8',
  })
  for (const username of usernames) expect(text).toContain(username)
  expect(text).toMatch(/\b1000\s+\d+\s+user\d+/)
})

test('a 10,000-user PDF is one report, its numbering unbroken', async () => {
  await searchUsers('@bulk')
  await app.page.getByText(/of 10000$/).waitFor()
  const file = await exportAs('Export PDF')
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1],
  )
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text.match(/Users Report/g)).toHaveLength(1)
  // The header row repeats on every page, and the numbering runs on across them.
  expect(text.match(/#\s+User ID\s+Username\s+Full Name/g)).toHaveLength(pages)
  for (const row of [1, 5000, 5001, 10000])
    expect(text).toMatch(new RegExp(`\\n\\s*${row}\\s+\\d+\\s+user\\d+`))
})

test('a PDF of names Helvetica lacks is printed by Chromium, the same report', async () => {
  await searchUsers('kingfisher')
  await app.page.getByText('1-2 of 2').waitFor()
  const file = await exportAs('Export PDF')
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  expect(info).toMatch(/Page size:\s+84\d\.\d+ x 59\d\.\d+ pts \(A4\)/)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain('Users Report')
  expect(text).toMatch(/#\s+User ID\s+Username\s+Full Name\s+Active\s+Locked/)
  expect(text).toMatch(/\b1\s+\d+\s+kf0\s+Łukasz Kingfisher/)
  expect(text).toMatch(/\b2\s+\d+\s+kf1\s+Ζωή Kingfisher/)
})

test('Cancel in the middle of a 10,000-user export leaves no file, and the app stays responsive', async () => {
  // Every phone here starts so: the bulk users, and the Kingfishers, whose names make Chromium
  // print this report, slowly enough to be cancelled in the middle.
  await searchUsers('+971 5')
  await app.page.getByText(/of 10027$/).waitFor()
  await app.page.getByRole('button', { name: 'Export PDF' }).click()
  const progress = app.page.getByRole('progressbar')
  await progress.waitFor()
  await expect.poll(() => progress.getAttribute('value').then(Number)).toBeGreaterThan(0)
  await app.page.getByRole('button', { name: 'Cancel' }).click()
  await app.page.getByText('Export cancelled.').waitFor()
  expect(await readdir(app.saveDir)).toEqual([])
  await app.page.getByRole('button', { name: 'Next' }).click()
  await app.page.getByText(/^21-40 of 10027$/).waitFor()
})
