import { useParams } from 'react-router'
import { userDetailsError } from '@shared/messages'
import { ErrorBanner } from '../../components/ErrorBanner'
import { BridgeFailure } from '../../lib/query'
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
  if (user.data) return <UserDetailsView id={id} loaded={user.data} />
  if (user.isPending) {
    return (
      <p className="loading" role="status">
        Loading user details...
      </p>
    )
  }
  if (user.error instanceof BridgeFailure && user.error.status === 404) return <UserNotFound />
  return (
    <div className="user-details">
      <ErrorBanner message={userDetailsError(user.error).message} />
      <button type="button" className="primary" onClick={() => void user.refetch()}>
        Try Again
      </button>
    </div>
  )
}
