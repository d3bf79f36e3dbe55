import { execFileSync } from 'node:child_process'

/** Vitest global setup of the e2e tests: the preview serves the renderer as built. */
export default function buildRenderer() {
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: 'ignore',
  })
}
