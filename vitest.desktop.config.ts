import { defineConfig } from 'vitest/config'

/**
 * `npm run test:electron`: the real desktop app through Playwright's Electron support, where
 * an Electron binary is installed (a developer's desktop, the desktop CI workflow). Apart from
 * `npm test`, which proves the built host against an electron stand-in instead.
 */
export default defineConfig({
  // Imports of `@shared/…` resolve through tsconfig's paths.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/desktop/**/*.test.ts'],
    globalSetup: ['tests/support/build-once.ts'],
    env: { TEST_DATABASE: 'pglite' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
