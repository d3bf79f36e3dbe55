/** SPEC.md section 8: every failure shows as "Error: {message}". */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
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
