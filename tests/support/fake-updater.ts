import type { Updater } from '../../src/main/core/updates/updates'

/** electron-updater's autoUpdater as the tests drive it: they say when a download finishes. */
export function fakeUpdater() {
  const downloaded: ((info: { version: string }) => void)[] = []
  const failed: ((error: Error) => void)[] = []
  const updater = {
    autoDownload: false,
    feeds: [] as string[],
    checks: 0,
    installs: 0,
    setFeedURL({ url }: { url: string }) {
      updater.feeds.push(url)
    },
    async checkForUpdates() {
      updater.checks += 1
      return null
    },
    on(event: 'update-downloaded' | 'error', listener: (value: any) => void) {
      ;(event === 'error' ? failed : downloaded).push(listener)
    },
    quitAndInstall() {
      updater.installs += 1
    },
    download(version: string) {
      downloaded.forEach((listener) => listener({ version }))
    },
    fail(message: string) {
      failed.forEach((listener) => listener(new Error(message)))
    },
  }
  return updater satisfies Updater
}
