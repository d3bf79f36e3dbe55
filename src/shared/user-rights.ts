import {
  allows,
  USER_ACTION_PERMISSIONS,
  type Permission,
  type User,
  type UserAction,
} from './contract'

/**
 * What the console does with one action on one user (issue 56): `undefined`, not offered (the
 * caller lacks its permission); `null`, offered; a text, shown disabled with that reason. From
 * the server's answer (`User.actions`) when it sent one; otherwise by the caller's permissions
 * alone, as before the server answered, its refusals then coming after the confirm.
 */
export type ActionRight = string | null | undefined

export function actionRight(
  user: Pick<User, 'actions'>,
  action: UserAction,
  held: readonly Permission[] | undefined,
): ActionRight {
  if (user.actions) return user.actions[action]
  return allows(held, USER_ACTION_PERMISSIONS[action]) ? null : undefined
}

/** Whether the action may be taken now. */
export const mayTake = (right: ActionRight) => right === null

/**
 * The one reason all of `rights` offered are refused for (a user who holds more than the
 * caller), said once instead of beside each; undefined when any is allowed or none offered.
 */
export function refusalOfAll(rights: readonly ActionRight[]): string | undefined {
  const offered = rights.filter((right) => right !== undefined)
  const [first] = offered
  return typeof first === 'string' && offered.every((right) => right === first) ? first : undefined
}

/**
 * `next`, a user a change answered, with the rights the console had on `previous`: a change's
 * answer carries none, and no change of a profile or status moves them.
 */
export const withRightsOf = (previous: User, next: User): User =>
  next.actions || !previous.actions ? next : { ...next, actions: previous.actions }
