import { allows, type Permission } from '@shared/contract'
import { useSession } from './session-store'

/**
 * Whether the signed-in user may do what a permission allows: the console offers only that
 * (issue 29). Everything when the server sends no permissions; nothing when signed out.
 */
export function usePermissions(): (permission: Permission) => boolean {
  const session = useSession()
  return (permission) =>
    session.status === 'signed-in' && allows(session.session.permissions, permission)
}

/**
 * The signed-in user's permissions, as `allows` reads them: undefined from a server that sends
 * none; none when signed out.
 */
export function useCallerPermissions(): readonly Permission[] | undefined {
  const session = useSession()
  return session.status === 'signed-in' ? session.session.permissions : []
}
