import { useGroups, useRoles } from '../../api/access'
import { useUserAssignments } from '../../api/assignments'
import type { AssignmentKind } from '../../api/keys'
import { errorMessage } from '../../lib/query'

const LOAD_FAILURE: Record<AssignmentKind, string> = {
  roles: 'Failed to load roles',
  groups: 'Failed to load groups',
}

export interface AccessItem {
  id: number
  name: string
  active: boolean
}

/** What a Roles or Groups card offers: every role (or group), and the ones the user holds. */
export function useAssignmentOptions(id: number, kind: AssignmentKind) {
  const roles = useRoles()
  const groups = useGroups()
  const catalogue = kind === 'roles' ? roles : groups
  const held = useUserAssignments(id, kind)
  const failed = catalogue.error ?? held.error
  const items: AccessItem[] | undefined = catalogue.data
  return {
    items,
    held: held.data,
    loading: catalogue.isPending || held.isPending,
    failure: failed ? errorMessage(failed, LOAD_FAILURE[kind]) : undefined,
    nameOf: (itemId: number) => items?.find((item) => item.id === itemId)?.name ?? `#${itemId}`,
    refetchHeld: held.refetch,
  }
}

export type AssignmentOptions = ReturnType<typeof useAssignmentOptions>
