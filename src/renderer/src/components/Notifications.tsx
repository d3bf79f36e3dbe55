import { useNotificationStore } from '../lib/notifications'
import { useText } from '../lib/text'
import { MARKS } from './icons'

/**
 * The newest success notification of notify(), in the top bar; a polite live region, so
 * nothing is interrupted. Its whole text is in its title when the bar is too narrow for it.
 */
export function Notifications() {
  const notifications = useNotificationStore((state) => state.notifications)
  const dismiss = useNotificationStore((state) => state.dismiss)
  const t = useText()
  return (
    <div className="notifications" role="status" aria-live="polite">
      {notifications.slice(-1).map((notification) => (
        <div key={notification.id} className="notification">
          <span title={notification.text}>{notification.text}</span>
          <button
            type="button"
            className="link"
            aria-label={t('components.dismissNotification', { text: notification.text })}
            onClick={() => dismiss(notification.id)}
          >
            {MARKS.dismiss}
          </button>
        </div>
      ))}
    </div>
  )
}
