import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { InputOf } from '@shared/bridge'
import type { BulkSelectionInput } from '@shared/bridge-inputs'
import { isBulkAccessAction, REAUTH_REQUIRED, type BulkAction } from '@shared/contract'
import { admin } from '../lib/bridge'
import { BridgeFailure, unwrap } from '../lib/query'
import { queryKeys } from './keys'

export type EffectChanges = InputOf<'effects.preview'>['changes']

/**
 * A bulk access action as the effect preview names it, once its role or group is chosen: the
 * chosen users, or those the list's search and filters match; none for a status action.
 */
export function effectOfBulk(
  action: BulkAction,
  selection: BulkSelectionInput,
  targetId: number | undefined,
): EffectChanges | null {
  if (!isBulkAccessAction(action) || targetId === undefined) return null
  const users =
    'ids' in selection
      ? { ids: selection.ids }
      : { filter: { ...selection.filter, ...(selection.search && { search: selection.search }) } }
  switch (action) {
    case 'assign-role':
      return [{ operation: 'bulkAssignRole', input: { ...users, roleId: targetId } }]
    case 'add-to-group':
      return [{ operation: 'bulkAddToGroup', input: { ...users, groupId: targetId } }]
    case 'remove-from-group':
      return [{ operation: 'bulkRemoveFromGroup', input: { ...users, groupId: targetId } }]
  }
}

const previewOf = (changes: EffectChanges) => unwrap(admin().effects.preview({ changes }))

/**
 * The effect of `changes` while a question about them is open (issue 57), asked afresh each time:
 * what others changed meanwhile counts.
 */
export function useEffectOf(changes: EffectChanges, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.effect(changes),
    queryFn: () => previewOf(changes),
    enabled,
    gcTime: 0,
    staleTime: 0,
  })
}

/**
 * A change shown by its effect before it is made (issue 57): `ask` has the server make it as a
 * dry run and say who gains and who loses which permission; only `confirm` then applies it.
 */
export function useEffectConfirm() {
  const [apply, setApply] = useState<(() => void) | null>(null)
  const preview = useMutation({
    mutationFn: previewOf,
    // "Confirm it's you" cancelled: the change is left undone, and so is the question about it.
    onError: (error) => {
      if (error instanceof BridgeFailure && error.code === REAUTH_REQUIRED) close()
    },
  })
  const close = () => {
    setApply(null)
    preview.reset()
  }
  return {
    /** Shows the effect of `changes`; `onConfirmed` makes them, once confirmed. */
    ask(changes: EffectChanges, onConfirmed: () => void) {
      setApply(() => onConfirmed)
      preview.mutate(changes)
    },
    asking: apply !== null,
    preview,
    confirm() {
      const confirmed = apply
      close()
      confirmed?.()
    },
    cancel: close,
  }
}

export type EffectConfirm = ReturnType<typeof useEffectConfirm>
