import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

/** Imports of `@shared/…` (and the renderer's `@/…`) resolve through tsconfig's paths. */
const resolveShared = { tsconfigPaths: true }

export default defineConfig({
  main: {
    resolve: resolveShared,
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/electron/index.ts') } },
    },
  },
  preload: {
    resolve: resolveShared,
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload script must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: resolveShared,
    build: {
      // electron-vite leaves the renderer unminified; minified it loads in a fraction of the time.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react()],
  },
})
