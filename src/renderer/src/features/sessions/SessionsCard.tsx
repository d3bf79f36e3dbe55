import { useId, useState } from 'react'
import type { User } from '@shared/contract'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { useDateText } from '../../lib/useDateText'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
import { clientText } from './session-text'
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
  const t = useText()
  const { list, endOne, endAll } = useSessions(user.id)
  const [confirming, setConfirming] = useState(false)
  const sessions = list.data ?? []
  const busy = endOne.isPending || endAll.isPending

  return (
    <section className="details-card sessions-card" aria-labelledby={titleId}>
      <div className="sessions-heading">
        <h2 id={titleId}>{t('sessions.title')}</h2>
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
            {t('sessions.signOutEverywhere')}
          </button>
        )}
      </div>
      {endOne.isError && (
        <ErrorBanner
          message={errorMessage(endOne.error, t('sessions.signOutFailure'))}
          onDismiss={() => endOne.reset()}
        />
      )}
      {list.isError ? (
        <ErrorBanner message={errorMessage(list.error, t('sessions.loadFailure'))} />
      ) : list.isPending ? (
        <p role="status">{t('sessions.loading')}</p>
      ) : sessions.length === 0 ? (
        <p className="details-card-note">{t('sessions.none')}</p>
      ) : (
        <table className="data-table sessions-table">
          <thead>
            <tr>
              <th scope="col">{t('sessions.started')}</th>
              <th scope="col">{t('sessions.lastUsed')}</th>
              <th scope="col">{t('sessions.expires')}</th>
              <th scope="col">{t('sessions.client')}</th>
              {mayEnd && (
                <th scope="col">
                  <span className="visually-hidden">{t('sessions.actions')}</span>
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
                  <bdi>{clientText(t, session)}</bdi>
                  {session.current && (
                    <span className="this-session">{t('sessions.thisSession')}</span>
                  )}
                </td>
                {mayEnd && (
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy}
                      aria-label={t(
                        session.current ? 'sessions.signOutThisSession' : 'sessions.signOutSession',
                        { started: formatDateTime(session.createdAt) },
                      )}
                      onClick={() => endOne.mutate(session.id)}
                    >
                      {t('sessions.signOut')}
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
          message={t('sessions.signOutEverywhereQuestion', { username: user.username })}
          confirmLabel={t('sessions.signOutEverywhere')}
          danger
          busy={endAll.isPending}
          error={endAll.isError ? errorMessage(endAll.error, t('sessions.signOutFailure')) : null}
          onConfirm={() => endAll.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  )
}
