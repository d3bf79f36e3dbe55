import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DormantPolicy } from '@shared/contract'
import { queryKeys } from '@/api/keys'
import { admin } from '@/lib/bridge'
import { BridgeFailure, unwrap } from '@/lib/query'

/**
 * The dormant-accounts policy (issue 57) of a server that has one: null from a server of the
 * contract without it (it answers 404) and from ours with the policy off, so the page is as
 * before. Run now deactivates, then the list and the policy are read again.
 */
export function useDormantPolicy() {
  const client = useQueryClient()
  const policy = useQuery({
    queryKey: queryKeys.dormantPolicy,
    queryFn: async (): Promise<Extract<DormantPolicy, { enabled: true }> | null> => {
      try {
        const answer = await unwrap(admin().policies.dormant())
        return answer.enabled ? answer : null
      } catch (error) {
        if (error instanceof BridgeFailure && error.status === 404) return null
        throw error
      }
    },
  })
  const run = useMutation({
    mutationFn: () => unwrap(admin().policies.runDormant()),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  })
  return { policy: policy.data ?? null, run }
}
