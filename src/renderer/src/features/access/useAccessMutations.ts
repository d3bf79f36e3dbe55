import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { EffectChanges } from '../../api/effects'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { unwrap } from '../../lib/query'
import type { AccessKind } from './access-kinds'
import type { AccessFormInput } from './access-form'

/**
 * Links show on both sides, so a change to either refetches both lists; links and activation
 * also decide who holds a role through a group.
 */
const refetchBothSides = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.roles }),
    client.invalidateQueries({ queryKey: queryKeys.groups }),
    client.invalidateQueries({ queryKey: queryKeys.effectiveRoles }),
    client.invalidateQueries({ queryKey: queryKeys.members }),
  ])

export interface SaveAccess extends AccessFormInput {
  /** Absent when creating. */
  id?: number
}

const roleInput = ({ name, linkIds, permissions }: SaveAccess) => ({
  name,
  groupIds: linkIds,
  ...(permissions && { permissions }),
})
const groupInput = ({ name, linkIds }: SaveAccess) => ({ name, roleIds: linkIds })

async function save(kind: AccessKind, change: SaveAccess): Promise<void> {
  const { id } = change
  if (kind.key === 'roles') {
    const input = roleInput(change)
    await unwrap(
      id === undefined ? admin().roles.create(input) : admin().roles.update({ id, ...input }),
    )
  } else {
    const input = groupInput(change)
    await unwrap(
      id === undefined ? admin().groups.create(input) : admin().groups.update({ id, ...input }),
    )
  }
}

/**
 * The save as the effect preview names it (issue 57); none for a new group, whom no one holds
 * yet.
 */
export function effectOfSave(kind: AccessKind, change: SaveAccess): EffectChanges | null {
  const { id } = change
  if (kind.key === 'roles') {
    const input = roleInput(change)
    return [
      id === undefined
        ? { operation: 'createRole', input }
        : { operation: 'updateRole', input: { id, ...input } },
    ]
  }
  return id === undefined
    ? null
    : [{ operation: 'updateGroup', input: { id, ...groupInput(change) } }]
}

/** Creates or updates a role or group; its id list replaces its links. */
export function useSaveAccess(kind: AccessKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: SaveAccess) => save(kind, change),
    onSuccess: () => refetchBothSides(client),
  })
}

export interface SetActive {
  id: number
  active: boolean
}

async function setActive(kind: AccessKind, { id, active }: SetActive): Promise<void> {
  const side = kind.key === 'roles' ? admin().roles : admin().groups
  await unwrap<unknown>(active ? side.activate({ id }) : side.deactivate({ id }))
}

/** Activating or deactivating, as the effect preview names it (issue 57). */
export function effectOfSetActive(kind: AccessKind, { id, active }: SetActive): EffectChanges {
  const operation =
    kind.key === 'roles'
      ? active
        ? 'activateRole'
        : 'deactivateRole'
      : active
        ? 'activateGroup'
        : 'deactivateGroup'
  return [{ operation, input: { id } }]
}

/** Activates or deactivates a role or group. */
export function useSetAccessActive(kind: AccessKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: SetActive) => setActive(kind, change),
    onSuccess: () => refetchBothSides(client),
  })
}

/** The Refresh buttons: both lists, for the same reason. */
export function useRefreshAccess() {
  const client = useQueryClient()
  return () => refetchBothSides(client)
}
