import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { app } from 'electron'
import type { Log } from '../core/log/rotating-log'
import type { MachinePolicy } from '../core/policy/machine-policy'
import { updatePlan } from '../core/updates/update-plan'
import { startUpdates, type Updater, type Updates } from '../core/updates/updates'

/** Self-updating as the plan allows it; the decisions are in core/updates. */
export function startUpdater(policy: MachinePolicy, log: Log): Promise<Updates> {
  const plan = updatePlan(
    {
      packaged: app.isPackaged,
      platform: process.platform,
      filesBesideExecutable:
        process.platform === 'win32' ? readdirSync(dirname(app.getPath('exe'))) : [],
    },
    policy,
  )
  return startUpdates({
    plan,
    // Loaded only in an installed app that updates: electron-updater reads the feed
    // electron-builder wrote into the app's resources, which a development run has not.
    loadUpdater: async (): Promise<Updater> =>
      (await import('electron-updater')).default.autoUpdater,
    log: (message) => log.info(message),
  })
}
