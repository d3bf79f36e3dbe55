import { useParams } from 'react-router'
import { userDetailsError } from '@shared/messages'
import { ErrorBanner } from '../../components/ErrorBanner'
import { BridgeFailure } from '../../lib/query'
import { useText } from '../../lib/text'
import { parseUserId } from './user-id'
import { UserDetailsView } from './UserDetailsView'
import { UserNotFound } from './UserNotFound'
import { useUser } from './useUser'
import './user-details.css'

/** /users/{id} (SPEC.md section 2). An id that cannot name a user loads nothing. */
export function UserDetailsPage() {
  const id = parseUserId(useParams().id)
  // Keyed by id: another user's page starts with no edits carried over.
  return id === undefined ? <UserNotFound /> : <UserDetails key={id} id={id} />
}

function UserDetails({ id }: { id: number }) {
  const user = useUser(id)
  const t = useText()
  if (user.data) return <UserDetailsView id={id} loaded={user.data} />
  if (user.isPending) {
    return (
      <p className="loading" role="status">
        {t('userDetails.loading')}
      </p>
    )
  }
  if (user.error instanceof BridgeFailure && user.error.status === 404) return <UserNotFound />
  return (
    <div className="user-details">
      <ErrorBanner message={userDetailsError(user.error).message} />
      <button type="button" className="primary" onClick={() => void user.refetch()}>
        {t('userDetails.tryAgain')}
      </button>
    </div>
  )
}
