import type { ReactNode } from 'react'
import type { User } from '@shared/contract'
import { useDateText } from '../../lib/useDateText'
import { initials } from '../../lib/initials'
import { useText } from '../../lib/text'
import { activeText, lockedText } from '@shared/user-actions'

/** Who the user is and the state the server holds: avatar, names, pills and last login. */
export function UserHeader({ user, children }: { user: User; children: ReactNode }) {
  const formatDateTime = useDateText()
  const t = useText()
  return (
    <header className="user-header">
      <span className="user-avatar" aria-hidden="true">
        {initials(user.firstName, user.lastName)}
      </span>
      <div className="user-identity">
        <h2>
          <bdi>{user.fullName}</bdi>
        </h2>
        <p className="user-username">
          <bdi>{t('userDetails.handle', { username: user.username })}</bdi>
        </p>
        <p>
          <bdi>{user.email}</bdi>
        </p>
        <ul className="user-pills" aria-label={t('userDetails.status')}>
          <li className={user.isActive ? 'status-pill status-good' : 'status-pill state-inactive'}>
            {activeText(user, t)}
          </li>
          <li className={user.isLocked ? 'status-pill status-bad' : 'status-pill status-good'}>
            {lockedText(user, t)}
          </li>
        </ul>
        {user.loginBlockedUntil ? (
          <p className="user-login-blocked">
            {t('userDetails.loginBlockedUntil', { date: formatDateTime(user.loginBlockedUntil) })}
          </p>
        ) : null}
        {user.resetEmailStatus === 'failed' ? (
          <p className="user-mail-failed" role="alert">
            {t('userDetails.mailFailed')}
          </p>
        ) : null}
        <p className="user-last-login">
          {t('userDetails.lastLogin', {
            date: formatDateTime(user.lastLogin, t('userDetails.never')),
          })}
        </p>
      </div>
      <div className="user-header-actions">{children}</div>
    </header>
  )
}
