/**
 * Calls `stop` once, then exits, on Ctrl-C (SIGINT), SIGTERM or SIGHUP, or when the process
 * that launched this one is gone: `npm run server`, `npm run preview` and `npm start` start us
 * through `sh -c`, which dies on a SIGTERM to npm without passing it on, and an orphan would keep
 * its port (and the preview its Chromium). A second Ctrl-C while stopping exits at once.
 */
export function stopOnRequest(stop: () => Promise<unknown>): void {
  const launcher = process.ppid
  let stopping = false
  const request = (signal?: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') process.exit(1)
      return
    }
    stopping = true
    clearInterval(launcherWatch)
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${error instanceof Error ? error.message : error}\n`)
        process.exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, request)
  // Reparented (to init or a subreaper) means the launcher died.
  const launcherWatch = setInterval(() => {
    if (process.ppid !== launcher) request()
  }, 500)
  launcherWatch.unref()
}
