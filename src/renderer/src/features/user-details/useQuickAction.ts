import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserWithVersion } from '@shared/bridge'
import type { User } from '@shared/contract'
import type { Result } from '@shared/result'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { unwrap } from '../../lib/query'
import type { StatusAction } from '@shared/user-actions'
import type { QuickAction } from './quick-actions'
import { afterStatusChange } from './status-change'

const STATUS_CALLS: Record<StatusAction, (id: number) => Promise<Result<User>>> = {
  lock: (id) => admin().users.lock({ id }),
  unlock: (id) => admin().users.unlock({ id }),
  activate: (id) => admin().users.activate({ id }),
  deactivate: (id) => admin().users.deactivate({ id }),
}

/**
 * Lock, unlock, activate, deactivate or reset the password of the user. A status change is
 * followed by a fresh read for the ETag it moved on; the header then shows the new state.
 */
export function useQuickAction(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (action: QuickAction) => {
      if (action === 'resetPassword') {
        await unwrap(admin().users.resetPassword({ id }))
        return undefined
      }
      const changed = await unwrap(STATUS_CALLS[action](id))
      const fresh = await admin().users.get({ id })
      return { changed, fresh: fresh.ok ? fresh.data : undefined }
    },
    onSuccess: (outcome) => {
      if (!outcome) return
      client.setQueryData<UserWithVersion>(
        queryKeys.user(id),
        (current) => current && afterStatusChange(current, outcome.changed, outcome.fresh),
      )
      // The list refetches when it is next shown; this page's user must not refetch under edits.
      return client.invalidateQueries({ queryKey: queryKeys.users, refetchType: 'none' })
    },
  })
}
