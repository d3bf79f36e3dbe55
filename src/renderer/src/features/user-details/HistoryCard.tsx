import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import { auditCellText } from '@shared/audit-cells'
import { USER_HISTORY_SIZE, type User } from '@shared/contract'
import { queryKeys } from '../../api/keys'
import { ErrorBanner } from '../../components/ErrorBanner'
import { useDateText } from '../../lib/useDateText'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { useText } from '../../lib/text'
import { userHistoryPath } from '../audit'
import './history.css'

/** The latest audit entries about this user, newest first, and a link to all of them. */
export function HistoryCard({ user }: { user: User }) {
  const titleId = useId()
  const date = useDateText()
  const t = useText()
  const history = useQuery({
    // A change to the user gives them a new updatedDate, and so a fresh history.
    queryKey: queryKeys.userHistory(user.id, user.updatedDate),
    queryFn: () =>
      unwrap(admin().audit.list({ target: String(user.id), page: 0, size: USER_HISTORY_SIZE })),
  })
  const entries = history.data?.content ?? []
  return (
    <section className="details-card history-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('userDetails.historyTitle')}</h2>
      {history.isError ? (
        <ErrorBanner message={errorMessage(history.error, t('userDetails.historyFailure'))} />
      ) : history.isPending ? (
        <p role="status">{t('userDetails.loadingItems')}</p>
      ) : entries.length === 0 ? (
        <p className="details-card-note">{t('userDetails.noHistory')}</p>
      ) : (
        <ol
          className="history-list"
          aria-label={t('userDetails.historyOf', { username: user.username })}
        >
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="history-time">{auditCellText(entry, 'time', date, t)}</span>
              <span className="history-action">{auditCellText(entry, 'action', date, t)}</span>
              <span className="history-actor">
                {t('userDetails.historyActor', { actor: auditCellText(entry, 'actor', date, t) })}
              </span>
              <span className="history-details">{auditCellText(entry, 'details', date, t)}</span>
            </li>
          ))}
        </ol>
      )}
      <Link to={userHistoryPath(user.username)}>{t('userDetails.fullHistory')}</Link>
    </section>
  )
}
