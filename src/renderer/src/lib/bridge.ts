import { createBridge, type AdminBridge } from '@shared/bridge'
import { confirmingIdentity } from './confirm-identity'
import { translatingRefusals } from './refusal-words'

declare global {
  interface Window {
    /** Absent in a page opened outside the app. */
    admin: AdminBridge | undefined
  }
}

const wrapped = new WeakMap<AdminBridge, AdminBridge>()

/**
 * The typed admin operations the host exposes; the renderer has no other way out. A dangerous
 * change refused for want of a recent re-authentication is confirmed and retried on the way,
 * and every refusal is worded in the console's language.
 */
export const admin = (): AdminBridge => {
  const bridge = window.admin!
  let confirming = wrapped.get(bridge)
  if (!confirming) {
    confirming = createBridge(
      translatingRefusals(confirmingIdentity(bridge.invoke)),
      bridge.app.onEvent,
    )
    wrapped.set(bridge, confirming)
  }
  return confirming
}

/** False in a page opened outside the app (a browser, a second tab), which has no bridge. */
export const bridgeAvailable = (): boolean => window.admin !== undefined
