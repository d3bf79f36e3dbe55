import { useSyncExternalStore } from 'react'
import type { SessionInfo } from '../../../../shared/bridge'
import { admin } from '../../lib/bridge'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out'; notice?: string }
  | { status: 'signed-in'; session: SessionInfo }

let state: SessionState = { status: 'loading' }
const listeners = new Set<() => void>()

function set(next: SessionState) {
  state = next
  listeners.forEach((listener) => listener())
}

let started = false
/** Asks the main process for the remembered session once, then follows its events. */
function start() {
  if (started) return
  started = true
  admin().app.onEvent((event) => {
    if (event.type === 'session-expired') set({ status: 'signed-out', notice: event.message })
    else
      set(
        event.session ? { status: 'signed-in', session: event.session } : { status: 'signed-out' },
      )
  })
  void admin()
    .auth.session()
    .then((result) =>
      set(
        result.ok && result.data
          ? { status: 'signed-in', session: result.data }
          : { status: 'signed-out' },
      ),
    )
}

export function useSession(): SessionState {
  start()
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
