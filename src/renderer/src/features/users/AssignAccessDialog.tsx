import { useId, useState } from 'react'
import type { User } from '../../../../shared/contract'
import { useGroups, useRoles } from '../../api/access'
import { useSaveAssignments, useUserAssignments } from '../../api/assignments'
import type { AssignmentKind } from '../../api/keys'
import { Dialog } from '../../components/Dialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { errorMessage } from '../../lib/query'

const WORDS = {
  roles: {
    title: 'Assign Roles',
    noun: 'Roles',
    load: 'Failed to load roles',
    save: 'Failed to save roles',
  },
  groups: {
    title: 'Assign Groups',
    noun: 'Groups',
    load: 'Failed to load groups',
    save: 'Failed to save groups',
  },
} as const

/**
 * Assign Roles / Assign Groups for one user: every role or group as a checkbox, ticked where the
 * user holds it. Saving applies only the difference; on failure the choice stays for a retry.
 */
export function AssignAccessDialog({
  user,
  kind,
  onClose,
}: {
  user: User
  kind: AssignmentKind
  onClose: () => void
}) {
  const words = WORDS[kind]
  const listId = useId()
  // A hook cannot be picked by kind; both lists are small, cached, and serve the other dialog.
  const roles = useRoles()
  const groups = useGroups()
  const all = kind === 'roles' ? roles : groups
  const held = useUserAssignments(user.id, kind)
  const save = useSaveAssignments(user.id, kind)
  const [chosen, setChosen] = useState<Set<number> | null>(null)

  const loading = all.isPending || held.isPending
  const loadError = all.error ?? held.error
  const original = held.data ?? []
  const selected = chosen ?? new Set(original)
  const options = all.data ?? []

  const toggle = (id: number) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setChosen(next)
  }

  const submit = () =>
    save.mutate(
      {
        original,
        chosen: [...selected],
        nameOf: (id) => options.find((option) => option.id === id)?.name ?? `#${id}`,
      },
      { onSuccess: onClose },
    )

  return (
    <Dialog
      title={`${words.title}: ${user.username}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={loading || Boolean(loadError) || save.isPending}
            onClick={submit}
          >
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      {loading ? (
        <p role="status">Loading...</p>
      ) : loadError ? (
        <ErrorBanner message={errorMessage(loadError, words.load)} />
      ) : options.length === 0 ? (
        <p>No {words.noun.toLowerCase()} found.</p>
      ) : (
        <fieldset className="assign-list">
          <legend className="visually-hidden">{words.noun}</legend>
          {options.map((option) => {
            const id = `${listId}-${option.id}`
            return (
              <div key={option.id} className="assign-option">
                <input
                  id={id}
                  type="checkbox"
                  checked={selected.has(option.id)}
                  onChange={() => toggle(option.id)}
                />
                <label htmlFor={id}>
                  {option.name}
                  {!option.active && <span className="muted"> (inactive)</span>}
                </label>
              </div>
            )
          })}
        </fieldset>
      )}
      {save.isError && <ErrorBanner message={errorMessage(save.error, words.save)} />}
    </Dialog>
  )
}
