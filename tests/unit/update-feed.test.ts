import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DebUpdater } from 'electron-updater'
import type { AppAdapter } from 'electron-updater/out/AppAdapter'
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { MachinePolicy } from '../../src/main/core/policy/machine-policy'
import { updatePlan, type Installation } from '../../src/main/core/updates/update-plan'
import { startUpdates, type Updates } from '../../src/main/core/updates/updates'

/**
 * The update decisions against electron-updater itself and a feed served on 127.0.0.1, laid
 * out as electron-builder publishes one: latest-linux.yml beside the package it names.
 */
const PACKAGE = Buffer.from('the 1.1.0 package')
const sha512 = createHash('sha512').update(PACKAGE).digest('base64')

/** electron-updater over Node's http in place of Electron's net module. */
class NodeFeedExecutor extends ElectronHttpExecutor {
  override createRequest(options: any, callback: (response: any) => void): any {
    return request(options, callback)
  }
}

interface Feed {
  url: string
  requests: string[]
  server: Server
}

async function serveFeed(stagingPercentage?: number): Promise<Feed> {
  const requests: string[] = []
  const yml = [
    'version: 1.1.0',
    'files:',
    '  - url: admin-console-1.1.0-linux-amd64.deb',
    `    sha512: ${sha512}`,
    `    size: ${PACKAGE.length}`,
    'path: admin-console-1.1.0-linux-amd64.deb',
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-01T00:00:00.000Z'",
    ...(stagingPercentage === undefined ? [] : [`stagingPercentage: ${stagingPercentage}`]),
  ].join('\n')
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname
    requests.push(path)
    if (path.endsWith('.yml')) res.end(yml)
    else if (path.endsWith('.deb')) res.end(PACKAGE)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests, server }
}

const work = mkdtempSync(join(tmpdir(), 'admin-console-updates-'))
let builtFeed: Feed
const feeds: Feed[] = []

beforeAll(async () => {
  builtFeed = await serveFeed()
})
afterEach(() => feeds.splice(0).forEach((feed) => feed.server.close()))
afterAll(() => {
  builtFeed.server.close()
  rmSync(work, { recursive: true, force: true })
})

/** An installed 1.0.0 whose build was published to builtFeed; the staging id fixes its place in a rollout. */
function installedApp(name: string, stagingId: string) {
  const dir = join(work, name)
  mkdirSync(join(dir, 'user-data'), { recursive: true })
  writeFileSync(
    join(dir, 'app-update.yml'),
    `provider: generic\nurl: ${builtFeed.url}\nupdaterCacheDirName: admin-console-updater\n`,
  )
  writeFileSync(join(dir, 'user-data', '.updaterId'), stagingId)
  const app: AppAdapter = {
    version: '1.0.0',
    name: 'Admin Console',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  }
  const updater = new DebUpdater(null, app)
  updater.logger = null
  ;(updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor =
    new NodeFeedExecutor()
  // The outcome of the first check: downloaded, nothing for this machine, or a failure.
  const outcome = new Promise<string>((resolve) => {
    updater.on('update-downloaded', (info) => resolve(`downloaded ${info.version}`))
    updater.on('update-not-available', () => resolve('no update'))
    updater.on('error', (error) => resolve(`error ${error.message}`))
  })
  return { updater, outcome }
}

/** Low in the rollout (its last four bytes are 0: inside any percentage above 0). */
const EARLY_MACHINE = '6f1d1c3e-0c4b-4bd2-9a43-000000000000'
/** High in the rollout (ffffffff: outside any percentage below 100). */
const LATE_MACHINE = '6f1d1c3e-0c4b-4bd2-9a43-0000ffffffff'

const linux: Installation = { packaged: true, platform: 'linux', filesBesideExecutable: [] }

async function run(installation: Installation, policy: MachinePolicy, stagingId = EARLY_MACHINE) {
  const { updater, outcome } = installedApp(`app-${Math.random()}`, stagingId)
  const updates: Updates = await startUpdates({
    plan: updatePlan(installation, policy),
    loadUpdater: async () => updater,
    schedule: { every: () => undefined },
  })
  return { updates, outcome }
}

describe('updates from a feed', () => {
  test('a newer version is downloaded in the background and offered for a restart', async () => {
    const { updates, outcome } = await run(linux, {})
    expect(await outcome).toBe('downloaded 1.1.0')
    expect(updates.ready()).toBe('1.1.0')
    expect(builtFeed.requests).toContain('/admin-console-1.1.0-linux-amd64.deb')
  })

  test('a feed named by policy replaces the one the app was built with', async () => {
    const policyFeed = await serveFeed()
    feeds.push(policyFeed)
    const before = builtFeed.requests.length
    const { outcome } = await run(linux, { updateUrl: policyFeed.url })
    expect(await outcome).toBe('downloaded 1.1.0')
    expect(policyFeed.requests.some((path) => path.endsWith('.yml'))).toBe(true)
    expect(builtFeed.requests.length).toBe(before)
  })

  test('a staged rollout reaches the machines inside its percentage only', async () => {
    const staged = await serveFeed(50)
    feeds.push(staged)
    const early = await run(linux, { updateUrl: staged.url }, EARLY_MACHINE)
    expect(await early.outcome).toBe('downloaded 1.1.0')
    const late = await run(linux, { updateUrl: staged.url }, LATE_MACHINE)
    expect(await late.outcome).toBe('no update')
    expect(late.updates.ready()).toBeNull()
  })

  test.each([
    ['DisableUpdates is set', linux, { disableUpdates: true }],
    [
      'the app was installed by MSI',
      { packaged: true, platform: 'win32', filesBesideExecutable: ['AdminConsole.exe'] },
      {},
    ],
  ] as const)('the feed is never asked when %s', async (_case, installation, policy) => {
    const policyFeed = await serveFeed()
    feeds.push(policyFeed)
    const before = builtFeed.requests.length
    const { updates } = await run(installation, { ...policy, updateUrl: policyFeed.url })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(policyFeed.requests).toEqual([])
    expect(builtFeed.requests.length).toBe(before)
    expect(updates.install()).toBe(false)
  })
})
