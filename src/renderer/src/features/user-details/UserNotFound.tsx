import { useLocation, useNavigate } from 'react-router'
import { backToUsersPath } from '../../lib/users-list-return'

/** A missing user, or an id in the URL that cannot name one. */
export function UserNotFound() {
  const navigate = useNavigate()
  const usersList = backToUsersPath(useLocation().state)
  return (
    <div className="user-details">
      <section className="details-card user-not-found" aria-labelledby="user-not-found-title">
        <h2 id="user-not-found-title">User not found</h2>
        <p>The requested user could not be found.</p>
        <button type="button" className="primary" onClick={() => void navigate(usersList)}>
          Return to Users
        </button>
      </section>
    </div>
  )
}
