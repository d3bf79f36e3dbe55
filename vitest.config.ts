import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Unit tests run once. Integration tests run against PGlite, and again against PostgreSQL
 * when TEST_DATABASE_URL is set (CI sets it), each file on a database of its own. End-to-end
 * tests drive the built renderer in Chromium through the preview host against the real server.
 * Electron tests work on the built app: loading its host with a stand-in for the electron
 * module, and packaging it.
 *
 * Integration and end-to-end files share their worker's modules (isolate: false): each builds
 * its own server, database and page, and the server keeps what it caches per database, so a
 * file finds nothing of another's; loading the server's modules once per worker instead of once
 * per file saved most of the suite's import time. Unit and Electron files replace modules
 * (the electron stand-in) and stay isolated.
 */
/**
 * Files whose subject is not the database run once, on PGlite: PGlite's own data directory, a
 * process stopped by a signal, and the audit forwarder through a 30 s outage of its receiver.
 */
const ONCE = [
  'tests/integration/data-dir.test.ts',
  'tests/integration/stop-on-signal.test.ts',
  'tests/integration/audit-outage.test.ts',
]
const integration = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(database === 'postgres' ? ONCE : [])],
    env: { TEST_DATABASE: database },
    isolate: false,
    globalSetup: ['tests/support/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  // Imports of `@shared/…` and the renderer's `@/…` resolve through tsconfig's paths.
  resolve: { tsconfigPaths: true },
  test: {
    // Both cores: left to itself, Vitest ran one test file at a time on these 2-core machines.
    maxWorkers: 2,
    reporters: ['default', './tests/support/layer-times.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      integration('integration:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration:postgres', 'postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [
            'tests/support/build-once.ts',
            'tests/support/database-templates.ts',
            'tests/support/chromium.ts',
          ],
          env: { TEST_DATABASE: 'pglite' },
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A screen redrawn after Back or Forward took over the default 1 s on a loaded machine.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'electron',
          include: ['tests/electron/**/*.test.ts'],
          globalSetup: ['tests/support/build-once.ts', 'tests/support/database-templates.ts'],
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
