import { execFileSync } from 'node:child_process'

const BUILT = Symbol.for('admin-console.tests.built')

/**
 * Vitest global setup of the test projects that need the build (the e2e tests serve the
 * renderer, the Electron tests load the host): builds once per run, however many projects
 * ask, so no project rebuilds out/ while another's tests read it.
 */
export default function buildOnce() {
  const state = globalThis as { [BUILT]?: boolean }
  if (state[BUILT]) return
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: 'ignore',
  })
  state[BUILT] = true
}
