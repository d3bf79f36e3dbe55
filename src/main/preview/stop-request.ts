/**
 * Calls `stop` once, then exits, on Ctrl-C (SIGINT), SIGTERM or SIGHUP, or when the process
 * that launched this one is gone: `npm run preview` starts us through `sh -c`, which dies on a
 * SIGTERM to npm without passing it on, and an orphan would keep its Chromium and its port.
 * A second Ctrl-C while stopping exits at once. (`npm start` uses it too; the server keeps a
 * copy of its own, server/src/stop-request.ts, since it imports nothing from src/main.)
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
