import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { errorMessage, unwrap } from '../../lib/query'

/** While Settings is open, each sink's lag is read again this often. */
const REFRESH_MS = 3000

/**
 * The server's audit sinks as they are now, and "Send test event": an audited record that each
 * sink then receives, its lag showing it go out.
 */
export function useAuditSinks() {
  const queryClient = useQueryClient()
  const list = useQuery({
    queryKey: queryKeys.auditSinks,
    queryFn: () => unwrap(admin().audit.sinks()),
    refetchInterval: REFRESH_MS,
  })
  const testEvent = useMutation({
    mutationFn: () => unwrap(admin().audit.sendTestEvent()),
    onSuccess: async (event) => {
      notify(`Test event ${event.seq} written to the audit log`)
      await queryClient.invalidateQueries({ queryKey: queryKeys.audit })
    },
  })
  return {
    sinks: list.data?.sinks,
    loadError: list.isError ? errorMessage(list.error, 'The audit sinks could not be read') : null,
    sendTestEvent: () => testEvent.mutate(),
    sending: testEvent.isPending,
    sendError: testEvent.isError
      ? errorMessage(testEvent.error, 'The test event could not be sent')
      : null,
  }
}
