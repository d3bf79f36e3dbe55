import { create } from 'zustand'
import type { Invoke } from '@shared/bridge'
import { REAUTH_REQUIRED } from '@shared/contract'

/**
 * Re-authentication before dangerous changes (issue 30): a call the server refuses with
 * `reauth_required` asks "Confirm it's you", then is sent once more. Done here, around the
 * bridge, so that every dangerous change of every screen (a role given, a group's roles, a
 * role's permissions, a temporary password, a bulk action) gets it without a line of its own.
 */

/** Whether "Confirm it's you" is open: once at a time, however many calls were refused. */
const useAskingStore = create<{ asking: boolean }>(() => ({ asking: false }))

let pending: { answer: Promise<boolean>; settle: (confirmed: boolean) => void } | undefined

/** Opens "Confirm it's you" (or joins the one open): true once confirmed, false on Cancel. */
function confirmIdentity(): Promise<boolean> {
  if (!pending) {
    let settle: (confirmed: boolean) => void = () => undefined
    const answer = new Promise<boolean>((resolve) => {
      settle = resolve
    })
    pending = { answer, settle }
    useAskingStore.setState({ asking: true })
  }
  return pending.answer
}

/** The dialog's outcome: the server confirmed it is them, or Cancel. */
export function settleIdentity(confirmed: boolean): void {
  const settled = pending
  pending = undefined
  useAskingStore.setState({ asking: false })
  settled?.settle(confirmed)
}

export const useIdentityAsked = (): boolean => useAskingStore((store) => store.asking)

/** `invoke` with each call sent once more after "Confirm it's you" when it answers reauth_required. */
export const confirmingIdentity =
  (invoke: Invoke): Invoke =>
  async (channel, input) => {
    const first = await invoke(channel, input)
    if (first.ok || first.error.code !== REAUTH_REQUIRED) return first
    // Cancel leaves the change undone, and the call answers the server's refusal.
    return (await confirmIdentity()) ? invoke(channel, input) : first
  }
