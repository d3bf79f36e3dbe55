import { create } from 'zustand'
import { bridgeOperations, type AdminBridge } from '@shared/bridge'
import { REAUTH_REQUIRED } from '@shared/contract'
import type { Result } from '@shared/result'

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

type AnyCall = (input?: unknown) => Promise<Result<unknown>>

/** `bridge` with each call retried once after "Confirm it's you" when it answers reauth_required. */
export function confirmingIdentity(bridge: AdminBridge): AdminBridge {
  const source = bridge as unknown as Record<string, Record<string, AnyCall>>
  const wrapped: Record<string, Record<string, AnyCall>> = {}
  for (const [name, operation] of Object.entries(bridgeOperations)) {
    const [group, op] = name.split('.') as [string, string]
    const original = source[group]![op]!
    wrapped[group] ??= {}
    wrapped[group][op] =
      operation.kind === 'call'
        ? async (input) => {
            const first = await original(input)
            if (first.ok || first.error.code !== REAUTH_REQUIRED) return first
            // Cancel leaves the change undone, and the call answers the server's refusal.
            return (await confirmIdentity()) ? original(input) : first
          }
        : original
  }
  return wrapped as unknown as AdminBridge
}
