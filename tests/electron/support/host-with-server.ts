import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startServer, type TestServer } from '../../integration/support/server'
import type { FakeFrame } from './electron-double'
import { launchHost, type HostRun } from './host'

/** One built host for a whole test file, on a test server of its own. */
export interface HostWithServer {
  server: TestServer
  host: HostRun
  /** A temporary folder for the files the tests open or save through the host's dialogs. */
  folder: string
  /** The console window's main frame, the only one the bridge answers. */
  mainFrame(): FakeFrame
  /** Invokes a bridge channel from that frame, as the renderer does. */
  call(channel: string, payload?: unknown): Promise<any>
}

/**
 * Starts a test server (with `serverEnv` added to its environment), a temporary folder (named
 * from `folderPrefix`) and the built host pointed at that server before the file's tests; after
 * them signs out and stops all three.
 */
export function hostWithServer(
  folderPrefix: string,
  serverEnv: (folder: string) => Record<string, string> = () => ({}),
): HostWithServer {
  // Its server, host and folder are set in beforeAll, before any test reads them.
  const fixture = {} as HostWithServer
  fixture.mainFrame = () => fixture.host.double.consoleWindow()!.webContents.mainFrame
  fixture.call = (channel, payload) =>
    fixture.host.double.invoke(fixture.mainFrame(), channel, payload)
  beforeAll(async () => {
    fixture.folder = await mkdtemp(join(tmpdir(), folderPrefix))
    fixture.server = await startServer(serverEnv(fixture.folder))
    fixture.host = await launchHost({ env: { ADMIN_CONSOLE_API_URL: fixture.server.url } })
  }, 60_000)
  afterAll(async () => {
    await fixture.call('auth.logout')
    await fixture.host?.close()
    await fixture.server?.close()
    await rm(fixture.folder, { recursive: true, force: true })
  })
  return fixture
}
