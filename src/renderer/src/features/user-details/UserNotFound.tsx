import { useNavigate } from 'react-router'

/** A missing user, or an id in the URL that cannot name one. */
export function UserNotFound() {
  const navigate = useNavigate()
  return (
    <div className="user-details">
      <section className="details-card user-not-found" aria-labelledby="user-not-found-title">
        <h2 id="user-not-found-title">User not found</h2>
        <p>The requested user could not be found.</p>
        <button type="button" className="primary" onClick={() => navigate('/users')}>
          Return to Users
        </button>
      </section>
    </div>
  )
}
