import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateUserRequest, User } from '@shared/contract'
import { queryKeys } from '../../api/keys'
import { admin } from '../../lib/bridge'
import { errorMessage, unwrap } from '../../lib/query'
import { useText } from '../../lib/text'

export interface CreatedUser {
  user: User
  /** Set when the user was created but the inactive status could not be applied. */
  statusError?: string
}

/**
 * Creates a user; the create payload has no status, so a user meant to start inactive is
 * deactivated straight after. The list is refreshed either way.
 */
export function useCreateUser() {
  const t = useText()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({
      request,
      active,
    }: {
      request: CreateUserRequest
      active: boolean
    }): Promise<CreatedUser> => {
      const user = await unwrap(admin().users.create(request))
      if (active) return { user }
      try {
        return { user: await unwrap(admin().users.deactivate({ id: user.id })) }
      } catch (error) {
        return { user, statusError: errorMessage(error, t('users.deactivateFailed')) }
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  })
}
