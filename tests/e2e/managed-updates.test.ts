import { afterAll, beforeAll, expect, test } from 'vitest'
import { startUpdates, type Updates } from '../../src/main/core/updates/updates'
import { memoryVault } from '../../src/main/core/vault/vault'
import { startPreview, type Preview } from '../../src/main/preview/host'
import { startServer, type TestServer } from '../integration/support/server'
import { fakeUpdater } from '../support/fake-updater'
import { RENDERER_DIR } from './support'

/** A console whose server IT's policy set, and whose updater is in the test's hands. */
let server: TestServer
let preview: Preview
const updater = fakeUpdater()

beforeAll(async () => {
  server = await startServer()
  const updates: Updates = await startUpdates({
    plan: { enabled: true, feedUrl: undefined },
    loadUpdater: async () => updater,
    schedule: { every: () => undefined },
  })
  preview = await startPreview({
    apiUrl: server.url,
    rendererDir: RENDERER_DIR,
    vault: memoryVault(),
    serverManaged: true,
    updates,
  })
})
afterAll(async () => {
  await preview?.close()
  await server?.close()
})

test('Login says the server is managed by the organisation', async () => {
  await preview.page.goto(`${preview.url}login`)
  await expect
    .poll(() => preview.page.locator('.server').textContent())
    .toMatch(`Server: ${server.url} · Managed by your organisation`)
})

test('a downloaded update is offered, and "Restart to update" installs it', async () => {
  const { page } = preview
  await page.goto(`${preview.url}login`)
  await page.locator('.server').waitFor()
  expect(await page.getByRole('button', { name: 'Restart to update' }).count()).toBe(0)
  updater.download('1.1.0')
  await page.getByText('Version 1.1.0 is ready to install.').waitFor()
  await page.getByRole('button', { name: 'Restart to update' }).click()
  await expect.poll(() => updater.installs).toBe(1)
  // A page loaded after the download is told at once.
  await page.reload()
  await page.getByRole('button', { name: 'Restart to update' }).waitFor()
})
