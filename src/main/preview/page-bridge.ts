import { createBridge, type BridgeEvent } from '@shared/bridge'

/**
 * Runs in the preview page before the renderer: builds the same `window.admin` as the preload
 * script, with the same createBridge, over the bindings the preview host exposes.
 */
interface PreviewWindow {
  __adminInvoke(channel: string, input: unknown): Promise<never>
  __adminEvent?: (event: BridgeEvent) => void
  admin?: unknown
}

const page = globalThis as unknown as PreviewWindow
const listeners = new Set<(event: BridgeEvent) => void>()
page.__adminEvent = (event) => listeners.forEach((listener) => listener(event))
const bridge = createBridge(
  (channel, input) => page.__adminInvoke(channel, input),
  (listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
)
for (const part of Object.values(bridge)) Object.freeze(part)
Object.defineProperty(page, 'admin', {
  value: Object.freeze(bridge),
  writable: false,
  configurable: false,
})
