import { useMutation } from '@tanstack/react-query'
import type { User } from '@shared/contract'
import { admin } from '../../lib/bridge'
import { unwrap } from '../../lib/query'
import type { StatusAction } from '@shared/user-actions'

/** Activates, deactivates, locks or unlocks a user; answers the user as the server now has it. */
export function useStatusChange(onChanged: (user: User) => void) {
  return useMutation({
    mutationFn: ({ user, action }: { user: User; action: StatusAction }) =>
      unwrap(admin().users[action]({ id: user.id })),
    onSuccess: onChanged,
  })
}
