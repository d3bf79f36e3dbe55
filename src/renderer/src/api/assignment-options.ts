import { errorMessage } from '../lib/query'
import { useText } from '../lib/text'
import { useGroups, useRoles } from './access'
import { useUserAssignments } from './assignments'
import type { AssignmentKind } from './keys'

export interface AssignmentOption {
  id: number
  name: string
  active: boolean
  /** The administrator role: it grants every permission (roles only). */
  administrator?: true
}

/**
 * What a user's roles (or groups) can be: every role, and the ones the user holds; for the
 * Assign dialogs of the list and the cards of the details page alike.
 */
export function useAssignmentOptions(id: number, kind: AssignmentKind) {
  // A hook cannot be picked by kind; both lists are small, cached, and serve the other side.
  const roles = useRoles()
  const groups = useGroups()
  const catalogue = kind === 'roles' ? roles : groups
  const held = useUserAssignments(id, kind)
  const t = useText()
  const failed = catalogue.error ?? held.error
  const items: AssignmentOption[] | undefined = catalogue.data
  return {
    items,
    held: held.data?.map((item) => item.id),
    /** The end of each held one, by id (null: none), as the server sent it. */
    heldEnds: new Map(held.data?.map((item) => [item.id, item.until ?? null])),
    loading: catalogue.isPending || held.isPending,
    failure: failed ? errorMessage(failed, t('users.assignmentsLoadFailed', { kind })) : undefined,
    nameOf: (itemId: number) => items?.find((item) => item.id === itemId)?.name ?? `#${itemId}`,
    refetchHeld: held.refetch,
  }
}

export type AssignmentOptions = ReturnType<typeof useAssignmentOptions>
