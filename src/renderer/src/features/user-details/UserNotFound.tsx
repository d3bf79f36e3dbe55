import { useLocation, useNavigate } from 'react-router'
import { useText } from '../../lib/text'
import { backToUsersPath } from '../../lib/users-list-return'

/** A missing user, or an id in the URL that cannot name one. */
export function UserNotFound() {
  const t = useText()
  const navigate = useNavigate()
  const usersList = backToUsersPath(useLocation().state)
  return (
    <div className="user-details">
      <section className="details-card user-not-found" aria-labelledby="user-not-found-title">
        <h2 id="user-not-found-title">{t('userDetails.notFoundTitle')}</h2>
        <p>{t('userDetails.notFoundText')}</p>
        <button type="button" className="primary" onClick={() => void navigate(usersList)}>
          {t('userDetails.returnToUsers')}
        </button>
      </section>
    </div>
  )
}
