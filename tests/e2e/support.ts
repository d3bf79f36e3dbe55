import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { AR } from '@shared/i18n/ar'
import { EN } from '@shared/i18n/catalogues'
import { chooseLocale } from '@shared/i18n/locales'
import { startPreview, type Preview, type PreviewOptions } from '../../src/main/preview/host'
import { memoryVault } from '../../src/main/core/vault/vault'
import { ADMIN, startServer, type TestServer } from '../integration/support/server'

export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url))

export interface Console {
  server: TestServer
  preview: Preview
  page: Page
  /** Where the save dialog of this console "saves" exports. */
  saveDir: string
  /** The file the CSV import's open dialog "chooses": write it before choosing. */
  importFile: string
  /** The renderer's address of a route, e.g. `at('users/42')`. */
  at(route?: string): string
  /** Signs in through the Login screen, in the console's language, and waits for the signed-in frame. */
  signIn(username?: string, password?: string): Promise<void>
  close(): Promise<void>
}

/**
 * The real server and the real renderer in a context of its own of the run's Chromium
 * (tests/support/chromium.ts), joined by the preview host.
 */
export async function startConsole(
  env: Record<string, string> = {},
  language: Pick<PreviewOptions, 'systemLocale' | 'fixedLanguage'> = {},
): Promise<Console> {
  const server = await startServer(env)
  const browser = await chromium.connect(inject('chromiumEndpoint'))
  const saveDir = await mkdtemp(join(tmpdir(), 'admin-console-e2e-saves-'))
  const importFile = join(saveDir, 'chosen-for-import.csv')
  const preview = await startPreview({
    apiUrl: server.url,
    rendererDir: RENDERER_DIR,
    vault: memoryVault(),
    saveDir,
    importFile,
    browser,
    ...language,
  })
  const { page } = preview
  const locale = chooseLocale(language.fixedLanguage ?? null, 'system', [
    language.systemLocale ?? 'en-US',
  ])
  const words = locale === 'ar' ? AR : EN
  const at = (route = '') => preview.url + route.replace(/^\//, '')
  return {
    server,
    preview,
    page,
    saveDir,
    importFile,
    at,
    async signIn(username = ADMIN.username, password = ADMIN.password) {
      await page.goto(at('login'))
      await page.getByLabel(words['login.username']).fill(username)
      await page.getByLabel(words['login.password'], { exact: true }).fill(password)
      await page.getByRole('button', { name: words['login.submit'] }).click()
      await page.getByRole('navigation', { name: words['shell.mainNavigation'] }).waitFor()
    },
    async close() {
      await preview.close()
      await browser.close()
      await server.close()
      await rm(saveDir, { recursive: true, force: true })
    },
  }
}

/** The document's language and direction, as the console set them. */
export const documentLanguage = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as any).document.documentElement
    return { lang: root.lang as string, dir: root.dir as string }
  })

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** Runs axe-core on the page as it is; answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as any).axe
    const result = await axe.run((globalThis as any).document, { resultTypes: ['violations'] })
    return result.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node: any) => String(node.target)),
    }))
  })
  return (violations as AxeViolation[]).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
}

/** Answers the effect preview a change of roles or groups asks first (issue 57) with its Save. */
export async function confirmEffect(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog', { name: 'Confirm the change' })
  await confirm.getByRole('button', { name: 'Save', exact: true }).click()
  await confirm.waitFor({ state: 'detached' })
}
