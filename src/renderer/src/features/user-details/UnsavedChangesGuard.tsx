import { useBlocker } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useText } from '../../lib/text'

/** Leaving the page with unsaved edits asks first: what was typed is never dropped silently. */
export function UnsavedChangesGuard({ dirty, username }: { dirty: boolean; username: string }) {
  const t = useText()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  )
  if (blocker.state !== 'blocked') return null
  return (
    <ConfirmDialog
      title={t('userDetails.unsavedTitle')}
      message={t('userDetails.unsavedQuestion', { username })}
      confirmLabel={t('userDetails.discardChanges')}
      danger
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  )
}
