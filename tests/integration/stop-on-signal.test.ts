import { afterEach, expect, test } from 'vitest'
import { startNpmServer, type NpmServer } from './support/npm-server'
import { portFreedWithin } from './support/ports'

/**
 * `npm run server` stopped the two usual ways: the port must be free again within a few
 * seconds, with no child left holding it.
 */
let server: NpmServer | undefined
afterEach(() => server?.cleanUp())

test('SIGTERM to npm run server frees the port: the server itself stops', async () => {
  server = await startNpmServer()
  process.kill(server.npm.pid!, 'SIGTERM')
  expect(await portFreedWithin(server.port, 5_000)).toBe(true)
}, 60_000)

test('Ctrl-C (SIGINT to the whole process group) frees the port', async () => {
  server = await startNpmServer()
  process.kill(-server.npm.pid!, 'SIGINT')
  expect(await portFreedWithin(server.port, 5_000)).toBe(true)
}, 60_000)
