import { useQueryClient } from '@tanstack/react-query'
import type { UserWithVersion } from '@shared/bridge'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { afterStatusChange } from './status-change'

/**
 * After a change that moved the user's version on without touching the profile (a temporary
 * password): the ETag of a fresh read replaces ours when it shows the profile being edited,
 * as after a status change.
 */
export function useVersionRefresh(id: number) {
  const client = useQueryClient()
  return async () => {
    const fresh = await admin().users.get({ id })
    client.setQueryData<UserWithVersion>(
      queryKeys.user(id),
      (current) =>
        current && afterStatusChange(current, current.user, fresh.ok ? fresh.data : undefined),
    )
  }
}
