import { execFileSync } from 'node:child_process'

/** Vitest global setup of the electron tests: they load and package the app as built. */
export default function buildApp() {
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: 'ignore',
  })
}
