import { useErrorShown } from '../lib/notifications'
import { useText } from '../lib/text'
import { MARKS } from './icons'

/**
 * SPEC.md section 8: every failure shows as "Error: {message}". Success notifications still
 * showing go as it appears: a green "Changes saved" beside a red error reads as both.
 */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  useErrorShown(message)
  const t = useText()
  return (
    <div className="error-banner" role="alert">
      <span>{t('components.error', { message })}</span>
      {onDismiss && (
        <button
          type="button"
          className="link"
          aria-label={t('components.dismissError')}
          onClick={onDismiss}
        >
          {MARKS.dismiss}
        </button>
      )}
    </div>
  )
}
