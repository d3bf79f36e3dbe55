import { useQuery } from '@tanstack/react-query'
import type { AccessRef, Permission } from '@shared/contract'
import { permissionsOfHeldRoles } from '@shared/delegation'
import { admin } from '../lib/bridge'
import { unwrap } from '../lib/query'
import { useRoles } from './access'
import { queryKeys } from './keys'

const effectiveRoles = (id: number) => ({
  queryKey: queryKeys.userEffectiveRoles(id),
  queryFn: () => unwrap(admin().users.effectiveRoles({ id })),
})

/** The groups through which the user holds each role, by role id; roles held only directly are left out. */
export function useRolesHeldVia(id: number) {
  return useQuery({
    ...effectiveRoles(id),
    select: (roles): ReadonlyMap<number, AccessRef[]> =>
      new Map(
        roles.filter((role) => role.viaGroups.length > 0).map((role) => [role.id, role.viaGroups]),
      ),
  })
}

/**
 * What the user may do, derived as the server counts it from their effective roles and every
 * role's permissions; undefined until both are loaded, or when they cannot tell.
 */
export function useHeldPermissions(id: number): Permission[] | undefined {
  const held = useQuery(effectiveRoles(id))
  const roles = useRoles()
  return held.data && roles.data ? permissionsOfHeldRoles(held.data, roles.data) : undefined
}
