import { useId, useState } from 'react'
import type { User } from '@shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { useDateText } from '../../lib/useDateText'
import { errorMessage } from '../../lib/query'
import {
  clientText,
  NO_SESSIONS,
  SESSIONS_LOAD_FAILURE,
  SESSIONS_TITLE,
  SIGN_OUT_FAILURE,
  signOutEverywhereQuestion,
  THIS_SESSION,
} from './session-text'
import { useSessions } from './useSessions'
import './sessions.css'

/**
 * Active Sessions: each live session of the user, signed out one by one or everywhere when
 * the signed-in user may (`mayEnd`, issue 29).
 */
export function SessionsCard({
  user,
  mayEnd,
}: {
  user: Pick<User, 'id' | 'username'>
  mayEnd: boolean
}) {
  const titleId = useId()
  const formatDateTime = useDateText()
  const { list, endOne, endAll } = useSessions(user.id)
  const [confirming, setConfirming] = useState(false)
  const sessions = list.data ?? []
  const busy = endOne.isPending || endAll.isPending

  return (
    <section className="details-card sessions-card" aria-labelledby={titleId}>
      <div className="sessions-heading">
        <h2 id={titleId}>{SESSIONS_TITLE}</h2>
        {mayEnd && (
          <button
            type="button"
            className="danger"
            disabled={busy || sessions.length === 0}
            onClick={() => {
              endAll.reset()
              setConfirming(true)
            }}
          >
            Sign Out Everywhere
          </button>
        )}
      </div>
      {endOne.isError && (
        <ErrorBanner
          message={errorMessage(endOne.error, SIGN_OUT_FAILURE)}
          onDismiss={() => endOne.reset()}
        />
      )}
      {list.isError ? (
        <ErrorBanner message={errorMessage(list.error, SESSIONS_LOAD_FAILURE)} />
      ) : list.isPending ? (
        <p role="status">Loading...</p>
      ) : sessions.length === 0 ? (
        <p className="details-card-note">{NO_SESSIONS}</p>
      ) : (
        <table className="data-table sessions-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Last Used</th>
              <th scope="col">Expires</th>
              <th scope="col">Client</th>
              {mayEnd && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <td>{formatDateTime(session.createdAt)}</td>
                <td>{formatDateTime(session.lastUsedAt)}</td>
                <td>{formatDateTime(session.expiresAt)}</td>
                <td className="session-client">
                  {clientText(session)}
                  {session.current && <span className="this-session">{THIS_SESSION}</span>}
                </td>
                {mayEnd && (
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy}
                      aria-label={`Sign Out the session started ${formatDateTime(session.createdAt)}${session.current ? ` (${THIS_SESSION.toLowerCase()})` : ''}`}
                      onClick={() => endOne.mutate(session.id)}
                    >
                      Sign Out
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirming && (
        <ConfirmDialog
          message={signOutEverywhereQuestion(user.username)}
          confirmLabel="Sign Out Everywhere"
          danger
          busy={endAll.isPending}
          error={endAll.isError ? errorMessage(endAll.error, SIGN_OUT_FAILURE) : null}
          onConfirm={() => endAll.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  )
}
