import { USER_ACTIONS, type User, type UserAction } from '@shared/contract'
import { lackedToActOn } from '@shared/delegation'
import { HOLDS_MORE_PERMISSIONS } from '@shared/messages'
import { actionRight, mayTake, refusalOfAll, type ActionRight } from '@shared/user-rights'
import { useHeldPermissions } from '../../api/effective-roles'
import { useCallerPermissions, useSession } from '../auth'

/** What the details page offers on one user (issues 29 and 56). */
export interface ChangeRights {
  /** Why nothing may be changed, when nothing may (a user who holds more): said once. */
  refusal?: string
  /** Each action: not offered, offered, or disabled with its reason (see `actionRight`). */
  rightOf: (action: UserAction) => ActionRight
  edit: boolean
  assign: boolean
}

/**
 * The signed-in user's rights on `user`: the server's answer, read with the user, when it sent
 * one. From a server that sends none, each change by its permission and none on a user whose
 * active roles grant more than the caller holds; everything while either side's permissions
 * are unknown, the server's refusals then coming after the confirm.
 */
export function useChangeRights(user: User): ChangeRights {
  const session = useSession()
  const held = useCallerPermissions()
  const targetHeld = useHeldPermissions(user.id)
  const caller = session.status === 'signed-in' ? session.session : undefined
  const holdsMore =
    !user.actions &&
    caller?.permissions !== undefined &&
    targetHeld !== undefined &&
    lackedToActOn(
      { id: caller.user.id, permissions: caller.permissions },
      { id: user.id, permissions: targetHeld },
    ).length > 0
  const rightOf = (action: UserAction): ActionRight => {
    const right = actionRight(user, action, held)
    return holdsMore && right === null ? HOLDS_MORE_PERMISSIONS : right
  }
  return {
    refusal: refusalOfAll(USER_ACTIONS.map(rightOf)),
    rightOf,
    edit: mayTake(rightOf('edit')),
    assign: mayTake(rightOf('assign')),
  }
}
