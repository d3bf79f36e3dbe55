import type { UpdatePlan } from './update-plan'

export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000

/** The part of electron-updater's autoUpdater the app uses. */
export interface Updater {
  autoDownload: boolean
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdates(): Promise<unknown>
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  quitAndInstall(): void
}

/** What the core offers the renderer: a downloaded update, and a restart into it. */
export interface Updates {
  /** Called with the version once an update is downloaded, at once if one already is. */
  onReady(listener: (version: string) => void): () => void
  /** The version waiting for a restart, or null. */
  ready(): string | null
  /** Restarts into the downloaded update; false when none is waiting. */
  install(): boolean
}

export interface UpdateSchedule {
  every(ms: number, run: () => void): void
}

const NO_UPDATES: Updates = {
  onReady: () => () => undefined,
  ready: () => null,
  install: () => false,
}

const intervalSchedule: UpdateSchedule = {
  every: (ms, run) => setInterval(run, ms).unref(),
}

/**
 * Follows the plan: checks at start and every 6 hours, downloads in the background, and
 * offers a restart once an update is downloaded. A failed check (offline, feed down) waits
 * for the next one; the app works on regardless.
 */
export async function startUpdates({
  plan,
  loadUpdater,
  schedule = intervalSchedule,
  log = () => undefined,
}: {
  plan: UpdatePlan
  /** Loaded only when the plan says to update. */
  loadUpdater: () => Promise<Updater>
  schedule?: UpdateSchedule
  log?: (message: string) => void
}): Promise<Updates> {
  if (!plan.enabled) {
    log(`Updates off: ${plan.reason}`)
    return NO_UPDATES
  }
  let updater: Updater
  try {
    updater = await loadUpdater()
  } catch (error) {
    // The console works without updates; an updater that cannot start must not stop it.
    log(
      `Updates off: the updater could not start: ${error instanceof Error ? error.message : String(error)}`,
    )
    return NO_UPDATES
  }
  const listeners = new Set<(version: string) => void>()
  let downloaded: string | null = null
  updater.autoDownload = true
  if (plan.feedUrl) updater.setFeedURL({ provider: 'generic', url: plan.feedUrl })
  updater.on('update-downloaded', ({ version }) => {
    downloaded = version
    listeners.forEach((listener) => listener(version))
  })
  // electron-updater reports a failed download as an error event, which would throw unheard.
  updater.on('error', (error) => log(`Update failed: ${error.message}`))
  const check = () =>
    void updater.checkForUpdates().catch((error: unknown) => {
      log(`Update check failed: ${error instanceof Error ? error.message : String(error)}`)
    })
  check()
  schedule.every(UPDATE_CHECK_INTERVAL_MS, check)
  return {
    onReady(listener) {
      listeners.add(listener)
      if (downloaded) listener(downloaded)
      return () => listeners.delete(listener)
    },
    ready: () => downloaded,
    install() {
      if (!downloaded) return false
      updater.quitAndInstall()
      return true
    },
  }
}
