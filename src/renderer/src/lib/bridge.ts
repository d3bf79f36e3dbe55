import type { AdminBridge } from '../../../shared/bridge'

declare global {
  interface Window {
    admin: AdminBridge
  }
}

/** The typed admin operations the host exposes; the renderer has no other way out. */
export const admin = (): AdminBridge => window.admin
