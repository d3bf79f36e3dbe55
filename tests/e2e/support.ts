import { fileURLToPath } from 'node:url'
import { startPreview, type Preview } from '../../src/main/preview/host'
import { memoryVault } from '../../src/main/core/vault/vault'
import { startServer, type TestServer } from '../integration/support/server'

export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url))

/** The real server and the real renderer in Chromium, joined by the preview host. */
export async function startConsole(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; preview: Preview; close(): Promise<void> }> {
  const server = await startServer(env)
  const preview = await startPreview({
    apiUrl: server.url,
    rendererDir: RENDERER_DIR,
    vault: memoryVault(),
  })
  return {
    server,
    preview,
    async close() {
      await preview.close()
      await server.close()
    },
  }
}
