import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { useText } from '../../lib/text'
import { unwrap } from '../../lib/query'

/** Whether a user has two-step sign-in, and its reset by an administrator (a lost phone). */
export function useUserSecondFactor(userId: number) {
  const client = useQueryClient()
  const t = useText()
  const key = queryKeys.userSecondFactor(userId)
  const status = useQuery({
    queryKey: key,
    queryFn: () => unwrap(admin().users.secondFactor({ id: userId })),
  })
  const reset = useMutation({
    mutationFn: () => unwrap(admin().users.resetSecondFactor({ id: userId })),
    onSuccess: (outcome) => {
      notify(t('secondFactor.resetDone'))
      if (outcome.currentSessionEnded) return
      return client.invalidateQueries({ queryKey: ['users', 'one', userId] })
    },
  })
  return { status, reset }
}
