import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  applyAssignmentDiff,
  assignmentDiff,
  describeAssignmentFailures,
  withEndChanges,
} from '@shared/assignment'
import type { Assignment, GrantInput } from '@shared/contract'
import { grantInputOf } from '@shared/grant-ends'
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
        grant: (roleId: number, grant: GrantInput) =>
          mapped(admin().users.grantRole({ id, roleId, ...grant })),
        remove: (roleId: number) => mapped(admin().users.removeRole({ id, roleId })),
      }
    : {
        list: () => admin().users.groups({ id }),
        add: (groupId: number) => mapped(admin().users.addGroup({ id, groupId })),
        grant: (groupId: number, grant: GrantInput) =>
          mapped(admin().users.grantGroup({ id, groupId, ...grant })),
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

/** The roles or groups a user holds directly, with their ends where the server sends them. */
export function useUserAssignments(id: number, kind: AssignmentKind, enabled = true) {
  return useQuery({
    queryKey: queryKeys.userAssignments(id, kind),
    queryFn: (): Promise<Assignment[]> => unwrap(calls(kind, id).list()),
    enabled,
  })
}

export interface SaveAssignments {
  original: number[]
  chosen: number[]
  /** Names the roles or groups in a failure message. */
  nameOf: (id: number) => string
  /**
   * Against a server that takes grants with an end (issue 57): the end chosen for each role or
   * group given or changed (null: none), and the reason. Each of them is given by the grant call.
   */
  ends?: { until: ReadonlyMap<number, string | null>; reason: string }
}

/**
 * Saves a user's roles or groups as the difference between the original and chosen sets, in
 * parallel. Throws with which changes did not apply; the others stay applied and the cached
 * assignments are refetched either way.
 */
export function useSaveAssignments(id: number, kind: AssignmentKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ original, chosen, nameOf, ends }: SaveAssignments) => {
      const diff = assignmentDiff(original, chosen)
      const call = calls(kind, id)
      const failures = await applyAssignmentDiff(
        ends ? withEndChanges(diff, ends.until) : diff,
        ends
          ? {
              add: (itemId) =>
                call.grant(itemId, grantInputOf(ends.until.get(itemId) ?? null, ends.reason)),
              remove: call.remove,
            }
          : call,
      )
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
