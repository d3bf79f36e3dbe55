import { useErrorShown } from '../lib/notifications'

/**
 * SPEC.md section 8: every failure shows as "Error: {message}". Success notifications still
 * showing go as it appears: a green "Changes saved" beside a red error reads as both.
 */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  useErrorShown(message)
  return (
    <div className="error-banner" role="alert">
      <span>Error: {message}</span>
      {onDismiss && (
        <button type="button" className="link" aria-label="Dismiss error" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  )
}
