import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { useText } from '../../lib/text'
import { unwrap } from '../../lib/query'

/**
 * The live sessions of a user, and signing them out one by one or all at once. Signing out the
 * console's own session ends it in the main process, which sends the renderer to Login.
 */
export function useSessions(userId: number) {
  const client = useQueryClient()
  const t = useText()
  const key = queryKeys.userSessions(userId)
  const list = useQuery({
    queryKey: key,
    queryFn: () => unwrap(admin().users.sessions({ id: userId })),
  })
  const refresh = () => client.invalidateQueries({ queryKey: key })
  const endOne = useMutation({
    mutationFn: (sessionId: string) => unwrap(admin().users.endSession({ id: userId, sessionId })),
    onSuccess: (outcome) => {
      notify(t('sessions.signedOut'))
      if (!outcome.currentSessionEnded) return refresh()
    },
  })
  const endAll = useMutation({
    mutationFn: () => unwrap(admin().users.endAllSessions({ id: userId })),
    onSuccess: (outcome) => {
      notify(t('sessions.signedOutOf', { count: outcome.ended }))
      if (!outcome.currentSessionEnded) return refresh()
    },
  })
  return { list, endOne, endAll }
}
