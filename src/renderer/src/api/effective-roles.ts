import { useQuery } from '@tanstack/react-query'
import type { AccessRef } from '@shared/contract'
import { admin } from '../lib/bridge'
import { unwrap } from '../lib/query'
import { queryKeys } from './keys'

/** The groups through which the user holds each role, by role id; roles held only directly are left out. */
export function useRolesHeldVia(id: number) {
  return useQuery({
    queryKey: queryKeys.userEffectiveRoles(id),
    queryFn: () => unwrap(admin().users.effectiveRoles({ id })),
    select: (roles): ReadonlyMap<number, AccessRef[]> =>
      new Map(
        roles.filter((role) => role.viaGroups.length > 0).map((role) => [role.id, role.viaGroups]),
      ),
  })
}
