import type { UserSession } from '@shared/contract'

export const SESSIONS_TITLE = 'Active Sessions'
export const THIS_SESSION = 'This session'
export const NO_SESSIONS = 'No active sessions.'
export const SESSIONS_LOAD_FAILURE = 'Failed to load sessions'
export const SIGN_OUT_FAILURE = 'Failed to sign out the session'

/** The confirmation of "Sign Out Everywhere": every session of the user ends. */
export const signOutEverywhereQuestion = (username: string) =>
  `Sign out "${username}" everywhere? Every session of theirs ends now.`

/** The client as the server saw it: its user agent and address, or what is unknown. */
export function clientText(session: Pick<UserSession, 'userAgent' | 'ipAddress'>): string {
  const agent = session.userAgent?.trim() || 'Unknown client'
  return session.ipAddress ? `${agent} · ${session.ipAddress}` : agent
}
