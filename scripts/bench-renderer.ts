import { endpoints } from '@shared/contract'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { buildServer } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { seedDemo } from '../server/src/seed/demo'
import { memoryVault } from '../src/main/core/vault/vault'
import { startPreview } from '../src/main/preview/host'

/**
 * `npm run bench:renderer` (after `npm run build`): the JavaScript the console loads before
 * its first screen, gzipped, and how long an administrator waits from pressing Login to the
 * Users table, through the preview host against the local server with the demo organisation.
 */
const RENDERER_DIR = fileURLToPath(new URL('../out/renderer/', import.meta.url))
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' }
const RUNS = 10

/** The entry script and every chunk index.html preloads: what the first screen waits for. */
async function initialScripts(): Promise<string[]> {
  const html = await readFile(join(RENDERER_DIR, 'index.html'), 'utf8')
  return [
    ...html.matchAll(
      /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\.?\/?([^"]+\.js)"/g,
    ),
  ].map((match) => match[1]!)
}

/**
 * A sign-in and a first Users page from outside the preview, as another administrator's console
 * would have made: the console signs in to a server that is already up, not one whose caches
 * are empty after its start.
 */
async function warmServer(apiUrl: string): Promise<void> {
  const login = await fetch(`${apiUrl}${endpoints.signIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (login.status !== 200) throw new Error(`${endpoints.signIn.path}: ${login.status}`)
  const { accessToken } = (await login.json()) as { accessToken: string }
  for (const { path } of [endpoints.listUsers, endpoints.listRoles, endpoints.listGroups]) {
    const reply = await fetch(`${apiUrl}${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`)
  }
}

async function main() {
  const scripts = await initialScripts()
  let gzipped = 0
  for (const script of scripts)
    gzipped += gzipSync(await readFile(join(RENDERER_DIR, script))).length
  process.stdout.write(
    `initial JS: ${scripts.length} file(s), ${(gzipped / 1024).toFixed(1)} KB gzip\n`,
  )

  const config = loadConfig({
    // Benchmarks and screenshots sign in by password: no second factor asked.
    MFA_REQUIRED: 'none',
    DATA_DIR: 'memory://',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  })
  const server = await buildServer(config)
  await seedDemo(server.context.db)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  const apiUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  await warmServer(apiUrl)
  const preview = await startPreview({ apiUrl, rendererDir: RENDERER_DIR, vault: memoryVault() })
  const { page } = preview
  const timings: number[] = []
  try {
    for (let run = 0; run < RUNS; run += 1) {
      await preview.core.handle('auth.logout', undefined)
      // Signed out, /users lands on Login and comes back to Users once signed in.
      await page.goto(`${preview.url}users`)
      await page.getByLabel('Username or Email').fill(ADMIN.username)
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
      const started = performance.now()
      await page.getByRole('button', { name: 'Login' }).click()
      await page.getByRole('link', { name: ADMIN.username, exact: true }).waitFor()
      timings.push(performance.now() - started)
    }
  } finally {
    await preview.close()
    await server.app.close()
  }
  const sorted = [...timings].sort((a, b) => a - b)
  process.stdout.write(
    `login → Users table, ${RUNS} sign-ins: first ${timings[0]!.toFixed(0)} ms, ` +
      `median ${sorted[Math.floor(RUNS / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms\n`,
  )
}

await main()
