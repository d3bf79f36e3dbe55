import { useQuery } from '@tanstack/react-query'
import { admin } from '../lib/bridge'
import { unwrap } from '../lib/query'
import { queryKeys } from './keys'

/** Every role (page 0, size 200: SPEC.md section 9). */
export function useRoles() {
  return useQuery({
    queryKey: queryKeys.roles,
    queryFn: () => unwrap(admin().roles.list()).then((page) => page.content),
  })
}

/** Every group (page 0, size 200: SPEC.md section 9). */
export function useGroups() {
  return useQuery({
    queryKey: queryKeys.groups,
    queryFn: () => unwrap(admin().groups.list()).then((page) => page.content),
  })
}
