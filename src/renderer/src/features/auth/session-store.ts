import { create } from 'zustand'
import type { SessionInfo } from '@shared/bridge'
import type { Translate } from '@shared/i18n/catalogues'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out'; notice?: string }
  | { status: 'signed-in'; session: SessionInfo }

const useSessionStore = create<{ state: SessionState }>(() => ({ state: { status: 'loading' } }))
const set = (state: SessionState) => useSessionStore.setState({ state })

/** Asks the main process for the remembered session, then follows its events; once, at start. */
export function followSession() {
  admin().app.onEvent((event) => {
    if (event.type === 'session-expired') set({ status: 'signed-out', notice: event.message })
    else if (event.type === 'session-changed')
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
  return useSessionStore((store) => store.state)
}

/**
 * A session a sign-in answered: the store need not wait for the event that follows. Wrong codes
 * tried on the account since its last sign-in are told until dismissed.
 */
export function adoptSession(session: SessionInfo, t: Translate) {
  set({ status: 'signed-in', session })
  if (session.failedSecondSteps) {
    notify(t('secondFactor.failedSecondSteps', { count: session.failedSecondSteps }), {
      lasting: true,
    })
  }
}

/** Signs out: the main process calls logout (errors ignored) and clears the session. */
export async function signOut(): Promise<void> {
  await admin().auth.logout()
  set({ status: 'signed-out' })
}
