import type { AdminBridge } from '../../../shared/bridge'

declare global {
  interface Window {
    /** Absent in a page opened outside the app. */
    admin: AdminBridge | undefined
  }
}

/** The typed admin operations the host exposes; the renderer has no other way out. */
export const admin = (): AdminBridge => window.admin!

/** False in a page opened outside the app (a browser, a second tab), which has no bridge. */
export const bridgeAvailable = (): boolean => window.admin !== undefined
