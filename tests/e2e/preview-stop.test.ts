import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { freePort, killGroup, portFreedWithin } from '../integration/support/ports'
import { startServer, type TestServer } from '../integration/support/server'

/**
 * `npm run preview` as a developer runs it: stopped by a SIGTERM to npm or by Ctrl-C, its
 * Chromium (here on a CDP port) and its renderer server let go of their ports.
 */
let server: TestServer
let launched: ChildProcess | undefined

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.close())
afterEach(() => killGroup(launched?.pid))

/** `npm run preview` in a process group of its own; answers when it prints PREVIEW READY. */
async function startNpmPreview() {
  const cdpPort = await freePort()
  const npm = spawn(
    'npm',
    [
      'run',
      '--silent',
      'preview',
      '--',
      '--headless',
      '--no-build',
      '--api',
      server.url,
      '--cdp-port',
      String(cdpPort),
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  launched = npm
  const ready = /^PREVIEW READY (http:\/\/127\.0\.0\.1:(\d+)\/)$/
  for await (const line of createInterface({ input: npm.stdout! })) {
    const match = ready.exec(line)
    if (match) return { npm, cdpPort, rendererPort: Number(match[2]) }
  }
  throw new Error('npm run preview stopped before it was ready')
}

test('SIGTERM to npm run preview frees its ports', async () => {
  const { npm, cdpPort, rendererPort } = await startNpmPreview()
  expect((await fetch(`http://127.0.0.1:${cdpPort}/json/version`)).ok).toBe(true)
  process.kill(npm.pid!, 'SIGTERM')
  expect(await portFreedWithin(rendererPort, 5_000)).toBe(true)
  expect(await portFreedWithin(cdpPort, 5_000)).toBe(true)
})
