import type { ReactNode } from 'react'
import type { User } from '@shared/contract'
import { useDateText } from '../../lib/useDateText'
import { initials } from '../../lib/initials'
import { activeText, lockedText } from '@shared/user-actions'
import { useText } from '../../lib/text'

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
        <h2>{user.fullName}</h2>
        <p className="user-username">@{user.username}</p>
        <p>{user.email}</p>
        <ul className="user-pills" aria-label="Status">
          <li className={user.isActive ? 'status-pill status-good' : 'status-pill state-inactive'}>
            {activeText(user, t)}
          </li>
          <li className={user.isLocked ? 'status-pill status-bad' : 'status-pill status-good'}>
            {lockedText(user, t)}
          </li>
        </ul>
        {user.loginBlockedUntil ? (
          <p className="user-login-blocked">
            Temporarily locked until {formatDateTime(user.loginBlockedUntil)}
          </p>
        ) : null}
        {user.resetEmailStatus === 'failed' ? (
          <p className="user-mail-failed" role="alert">
            The email could not be sent
          </p>
        ) : null}
        <p className="user-last-login">Last login: {formatDateTime(user.lastLogin, 'Never')}</p>
      </div>
      <div className="user-header-actions">{children}</div>
    </header>
  )
}
