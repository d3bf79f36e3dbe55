import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { errorMessage, unwrap } from '../../lib/query'
import { useText } from '../../lib/text'

/** While Settings is open, each sink's lag is read again this often. */
const REFRESH_MS = 3000

/**
 * The server's audit sinks as they are now, and "Send test event": an audited record that each
 * sink then receives, its lag showing it go out.
 */
export function useAuditSinks() {
  const queryClient = useQueryClient()
  const t = useText()
  const list = useQuery({
    queryKey: queryKeys.auditSinks,
    queryFn: () => unwrap(admin().audit.sinks()),
    refetchInterval: REFRESH_MS,
  })
  const testEvent = useMutation({
    mutationFn: () => unwrap(admin().audit.sendTestEvent()),
    onSuccess: async (event) => {
      notify(t('settings.testEventWritten', { seq: event.seq }))
      await queryClient.invalidateQueries({ queryKey: queryKeys.audit })
    },
  })
  return {
    sinks: list.data?.sinks,
    loadError: list.isError ? errorMessage(list.error, t('settings.sinksFailed')) : null,
    sendTestEvent: () => testEvent.mutate(),
    sending: testEvent.isPending,
    sendError: testEvent.isError
      ? errorMessage(testEvent.error, t('settings.testEventFailed'))
      : null,
  }
}
