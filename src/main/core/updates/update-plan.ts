import type { MachinePolicy } from '../policy/machine-policy'

/** Whether this installation updates itself, and from which feed. */
export type UpdatePlan =
  | {
      enabled: true
      /** The policy's feed; undefined means the feed the build was published to. */
      feedUrl: string | undefined
    }
  | { enabled: false; reason: string }

export interface Installation {
  /** False when running from source (npm start): there is nothing installed to replace. */
  packaged: boolean
  platform: NodeJS.Platform
  /** The names of the files beside the executable (Windows). */
  filesBesideExecutable: readonly string[]
}

/** What electron-builder's NSIS installer leaves beside the executable. */
export const NSIS_UNINSTALLER = 'Uninstall Admin Console.exe'

/**
 * Self-updating is for installs the app owns. On Windows that is the NSIS installer, which
 * leaves its uninstaller beside the executable; an MSI install belongs to the software
 * distribution system (Intune, SCCM, GPO) that deployed it, and an update the app applied
 * itself would be rolled back or fought over by that system.
 */
export function updatePlan(installation: Installation, policy: MachinePolicy): UpdatePlan {
  if (!installation.packaged) return { enabled: false, reason: 'not an installed app' }
  if (policy.disableUpdates) return { enabled: false, reason: 'turned off by policy' }
  if (
    installation.platform === 'win32' &&
    !installation.filesBesideExecutable.includes(NSIS_UNINSTALLER)
  )
    return { enabled: false, reason: 'installed by MSI: updated by the software distribution' }
  return { enabled: true, feedUrl: policy.updateUrl }
}
