import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { unwrap } from '../../lib/query'

/**
 * The user and the ETag the edits are based on. Read afresh each time the page opens, then
 * only when asked (Reload, a save, a quick action): a refetch of its own accord would move the
 * ETag on under unsaved edits and let them overwrite a change nobody saw.
 */
export function useUser(id: number) {
  return useQuery({
    queryKey: queryKeys.user(id),
    queryFn: () => unwrap(admin().users.get({ id })),
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  })
}
