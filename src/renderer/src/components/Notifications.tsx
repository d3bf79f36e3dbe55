import { useNotificationStore } from '../lib/notifications'

/** The success notifications of notify(); a polite live region, so nothing is interrupted. */
export function Notifications() {
  const notifications = useNotificationStore((state) => state.notifications)
  const dismiss = useNotificationStore((state) => state.dismiss)
  return (
    <div className="notifications" role="status" aria-live="polite">
      {notifications.map((notification) => (
        <div key={notification.id} className="notification">
          <span>{notification.text}</span>
          <button
            type="button"
            className="link"
            aria-label={`Dismiss: ${notification.text}`}
            onClick={() => dismiss(notification.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
