import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { applyAssignmentDiff, assignmentDiff, describeAssignmentFailures } from '@shared/assignment'
import { userDetailsError } from '@shared/messages'
import type { Result } from '@shared/result'
import { admin } from '../lib/bridge'
import { BridgeFailure, unwrap } from '../lib/query'
import type { EffectChanges } from './effects'
import { queryKeys, type AssignmentKind } from './keys'

/** A refused change reads as the details page maps it (SPEC.md section 8), e.g. a 403. */
const mapped = async <T>(pending: Promise<Result<T>>): Promise<Result<T>> => {
  const result = await pending
  if (result.ok) return result
  const { message, status, code } = result.error
  return {
    ok: false,
    error: {
      ...result.error,
      message: userDetailsError(new BridgeFailure(message, status, code)).message,
    },
  }
}

const calls = (kind: AssignmentKind, id: number) =>
  kind === 'roles'
    ? {
        list: () => admin().users.roles({ id }),
        add: (roleId: number) => mapped(admin().users.addRole({ id, roleId })),
        remove: (roleId: number) => mapped(admin().users.removeRole({ id, roleId })),
      }
    : {
        list: () => admin().users.groups({ id }),
        add: (groupId: number) => mapped(admin().users.addGroup({ id, groupId })),
        remove: (groupId: number) => mapped(admin().users.removeGroup({ id, groupId })),
      }

/**
 * A save of a user's roles or groups as the effect preview names it (issue 57): its additions,
 * then its removals; none when nothing changes.
 */
export function effectOfAssignments(
  id: number,
  kind: AssignmentKind,
  original: number[],
  chosen: number[],
): EffectChanges | null {
  const { add, remove } = assignmentDiff(original, chosen)
  const changes: EffectChanges =
    kind === 'roles'
      ? [
          ...add.map((roleId) => ({ operation: 'addUserRole' as const, input: { id, roleId } })),
          ...remove.map((roleId) => ({
            operation: 'removeUserRole' as const,
            input: { id, roleId },
          })),
        ]
      : [
          ...add.map((groupId) => ({ operation: 'addUserGroup' as const, input: { id, groupId } })),
          ...remove.map((groupId) => ({
            operation: 'removeUserGroup' as const,
            input: { id, groupId },
          })),
        ]
  return changes.length > 0 ? changes : null
}

/** The ids of the roles or groups a user holds directly. */
export function useUserAssignments(id: number, kind: AssignmentKind, enabled = true) {
  return useQuery({
    queryKey: queryKeys.userAssignments(id, kind),
    queryFn: () => unwrap(calls(kind, id).list()).then((list) => list.map((item) => item.id)),
    enabled,
  })
}

export interface SaveAssignments {
  original: number[]
  chosen: number[]
  /** Names the roles or groups in a failure message. */
  nameOf: (id: number) => string
}

/**
 * Saves a user's roles or groups as the difference between the original and chosen sets, in
 * parallel. Throws with which changes did not apply; the others stay applied and the cached
 * assignments are refetched either way.
 */
export function useSaveAssignments(id: number, kind: AssignmentKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ original, chosen, nameOf }: SaveAssignments) => {
      const failures = await applyAssignmentDiff(assignmentDiff(original, chosen), calls(kind, id))
      if (failures.length > 0) throw new BridgeFailure(describeAssignmentFailures(failures, nameOf))
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.userAssignments(id, kind) }),
        client.invalidateQueries({ queryKey: queryKeys.userEffectiveRoles(id) }),
        client.invalidateQueries({ queryKey: queryKeys.members }),
        // The History card: the change is audited, though the user's updatedDate stays.
        client.invalidateQueries({ queryKey: queryKeys.audit }),
      ]),
  })
}
