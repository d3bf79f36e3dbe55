import { useBlocker } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'

/** Leaving the page with unsaved edits asks first: what was typed is never dropped silently. */
export function UnsavedChangesGuard({ dirty, username }: { dirty: boolean; username: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  )
  if (blocker.state !== 'blocked') return null
  return (
    <ConfirmDialog
      title="Unsaved Changes"
      message={`You have unsaved changes to "${username}". Leave and discard them?`}
      confirmLabel="Discard Changes"
      danger
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  )
}
