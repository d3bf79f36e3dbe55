import { useEffect, useState } from 'react'
import { useText } from '@/lib/text'
import type { ExportProgress } from './useUserExport'

/** Shown only once an export takes more than a moment, so a quick one does not flicker. */
const SHOW_AFTER_MS = 400

/** "Exporting 400 of 10000 users", a progress bar and Cancel; the rest of the screen stays usable. */
export function ExportProgressBar({
  progress,
  onCancel,
}: {
  progress: ExportProgress
  onCancel: () => void
}) {
  const t = useText()
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS)
    return () => clearTimeout(timer)
  }, [])
  if (!shown) return null
  const { done, total } = progress
  const format = progress.format.toUpperCase()
  // Until the main process has counted them, the total is not known.
  const label = total
    ? t('users.exporting', { format, done, total })
    : t('users.exportingCounting', { format, done })
  return (
    // Not a live region: the count changes many times a second; the outcome is announced.
    <div className="export-progress">
      <label htmlFor={`progress-${progress.exportId}`}>{label}</label>
      <progress
        id={`progress-${progress.exportId}`}
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-valuetext={label}
      />
      <button type="button" className="secondary" onClick={onCancel}>
        {t('users.exportCancel')}
      </button>
    </div>
  )
}
