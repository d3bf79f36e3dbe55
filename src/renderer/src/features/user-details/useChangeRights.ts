import type { Permission } from '@shared/contract'
import { lackedToActOn } from '@shared/delegation'
import { useHeldPermissions } from '../../api/effective-roles'
import { usePermissions, useSession } from '../auth'

/** What the details page offers on one user (issue 29); the server refuses the rest anyway. */
export interface ChangeRights {
  /** The user holds a permission the signed-in user lacks: nothing may be changed. */
  holdsMore: boolean
  edit: boolean
  status: boolean
  credentials: boolean
  assign: boolean
}

/**
 * The signed-in user's rights on the user of `id`: each change by its permission, and none on
 * a user who holds more (the server's rule). Everything while either side's permissions are
 * unknown: a server that sends none, or the user's still loading.
 */
export function useChangeRights(id: number): ChangeRights {
  const session = useSession()
  const may = usePermissions()
  const held = useHeldPermissions(id)
  const caller = session.status === 'signed-in' ? session.session : undefined
  const holdsMore =
    caller?.permissions !== undefined &&
    held !== undefined &&
    lackedToActOn(
      { id: caller.user.id, permissions: caller.permissions },
      { id, permissions: held },
    ).length > 0
  const allowed = (permission: Permission) => !holdsMore && may(permission)
  return {
    holdsMore,
    edit: allowed('users.edit'),
    status: allowed('users.status'),
    credentials: allowed('users.credentials'),
    assign: allowed('users.assign'),
  }
}
