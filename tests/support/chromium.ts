import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../src/main/preview/host'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens: each test file connects and opens a context of its own. */
    chromiumEndpoint: string
  }
}

/**
 * Vitest global setup of the end-to-end tests: one Chromium for the run, instead of a launch
 * and a close in each file (about a second each on these 2-core machines, 0.3 s to connect and
 * open a context).
 */
export default async function sharedChromium(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: chromiumExecutable(),
    headless: true,
    args: CHROMIUM_ARGS,
  })
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
