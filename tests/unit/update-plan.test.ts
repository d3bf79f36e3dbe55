import { tmpdir } from 'node:os'
import { describe, expect, test } from 'vitest'
import { createCore } from '../../src/main/core'
import { memoryVault } from '../../src/main/core/vault/vault'
import type { BridgeEvent } from '@shared/bridge'
import { folderExportPorts } from '../integration/support/export-ports'
import { fakeUpdater } from '../support/fake-updater'
import { NSIS_UNINSTALLER, updatePlan } from '../../src/main/core/updates/update-plan'
import { startUpdates } from '../../src/main/core/updates/updates'

const installed = { packaged: true, platform: 'linux' as const, filesBesideExecutable: [] }
const nsis = {
  packaged: true,
  platform: 'win32' as const,
  filesBesideExecutable: ['AdminConsole.exe', NSIS_UNINSTALLER],
}
const msi = { ...nsis, filesBesideExecutable: ['AdminConsole.exe', 'resources'] }

describe('whether the app updates itself', () => {
  test('an installed app updates from its built feed, or from the feed policy names', () => {
    expect(updatePlan(installed, {})).toEqual({ enabled: true, feedUrl: undefined })
    expect(updatePlan(nsis, { updateUrl: 'https://updates.corp' })).toEqual({
      enabled: true,
      feedUrl: 'https://updates.corp',
    })
  })

  test('DisableUpdates turns updates off everywhere', () => {
    for (const installation of [installed, nsis, { ...installed, platform: 'darwin' as const }])
      expect(updatePlan(installation, { disableUpdates: true })).toEqual({
        enabled: false,
        reason: 'turned off by policy',
      })
  })

  test('an MSI install never updates itself, whatever policy says', () => {
    expect(updatePlan(msi, {})).toMatchObject({ enabled: false, reason: /MSI/ })
    expect(updatePlan(msi, { disableUpdates: false, updateUrl: 'https://u.corp' })).toMatchObject({
      enabled: false,
    })
  })

  test('a development run does not update', () => {
    expect(updatePlan({ ...installed, packaged: false }, {})).toMatchObject({ enabled: false })
  })
})

describe('the update schedule', () => {
  test('checks at start and every 6 hours, downloading in the background', async () => {
    const updater = fakeUpdater()
    const intervals: number[] = []
    let tick = () => undefined as void
    await startUpdates({
      plan: { enabled: true, feedUrl: 'https://updates.corp' },
      loadUpdater: async () => updater,
      schedule: { every: (ms, run) => (intervals.push(ms), (tick = run)) },
    })
    expect(updater.checks).toBe(1)
    expect(updater.autoDownload).toBe(true)
    expect(updater.feeds).toEqual(['https://updates.corp'])
    expect(intervals).toEqual([6 * 60 * 60 * 1000])
    tick()
    expect(updater.checks).toBe(2)
  })

  test('a downloaded update is offered, then installed on request', async () => {
    const updater = fakeUpdater()
    const updates = await startUpdates({
      plan: { enabled: true, feedUrl: undefined },
      loadUpdater: async () => updater,
      schedule: { every: () => undefined },
    })
    expect(updates.install()).toBe(false)
    const offered: string[] = []
    updates.onReady((version) => offered.push(version))
    updater.download('1.2.0')
    expect(offered).toEqual(['1.2.0'])
    expect(updates.ready()).toBe('1.2.0')
    const late: string[] = []
    updates.onReady((version) => late.push(version))
    expect(late).toEqual(['1.2.0'])
    expect(updates.install()).toBe(true)
    expect(updater.installs).toBe(1)
  })

  test('a failed download is logged, and the app carries on', async () => {
    const updater = fakeUpdater()
    const logged: string[] = []
    const updates = await startUpdates({
      plan: { enabled: true, feedUrl: undefined },
      loadUpdater: async () => updater,
      schedule: { every: () => undefined },
      log: (message) => logged.push(message),
    })
    updater.fail('sha512 checksum mismatch')
    expect(logged).toEqual(['Update failed: sha512 checksum mismatch'])
    expect(updates.ready()).toBeNull()
  })

  test('with updates off, the updater is never even loaded', async () => {
    let loaded = false
    const updates = await startUpdates({
      plan: { enabled: false, reason: 'turned off by policy' },
      loadUpdater: async () => ((loaded = true), fakeUpdater()),
    })
    expect(loaded).toBe(false)
    expect(updates.install()).toBe(false)
  })

  test('an updater that cannot start turns updates off and the console runs on', async () => {
    const logged: string[] = []
    const updates = await startUpdates({
      plan: { enabled: true, feedUrl: undefined },
      loadUpdater: async () => {
        throw new Error('no app-update.yml')
      },
      log: (message) => logged.push(message),
    })
    expect(logged).toEqual(['Updates off: the updater could not start: no app-update.yml'])
    expect(updates.ready()).toBeNull()
    expect(updates.install()).toBe(false)
  })
})

describe('the update offer across the bridge', () => {
  const core = (updates?: Awaited<ReturnType<typeof startUpdates>>) =>
    createCore({
      serverUrl: 'https://admin.corp.example',
      fetch: () => Promise.reject(new Error('no server in this test')),
      vault: memoryVault(),
      exportPorts: folderExportPorts(tmpdir()),
      version: '1.0.0',
      serverManaged: true,
      ...(updates && { updates }),
    })

  test('a downloaded update is pushed to the renderer, told by app.info, and installed on request', async () => {
    const updater = fakeUpdater()
    const app = core(
      await startUpdates({
        plan: { enabled: true, feedUrl: undefined },
        loadUpdater: async () => updater,
        schedule: { every: () => undefined },
      }),
    )
    const events: BridgeEvent[] = []
    app.onEvent((event) => events.push(event))
    expect(await app.handle('app.info', undefined)).toMatchObject({
      ok: true,
      data: { serverManaged: true, updateReady: null },
    })
    expect(await app.handle('app.restartToUpdate', undefined)).toMatchObject({ ok: false })
    updater.download('1.1.0')
    expect(events).toEqual([{ type: 'update-ready', version: '1.1.0' }])
    expect(await app.handle('app.info', undefined)).toMatchObject({
      data: { updateReady: '1.1.0' },
    })
    expect(await app.handle('app.restartToUpdate', undefined)).toEqual({ ok: true, data: null })
    expect(updater.installs).toBe(1)
  })

  test('a host without updates (the preview) answers that none is waiting', async () => {
    expect(await core().handle('app.restartToUpdate', undefined)).toEqual({
      ok: false,
      error: expect.objectContaining({ message: 'No update is waiting to be installed' }),
    })
  })
})
