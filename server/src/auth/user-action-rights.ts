import {
  PERMISSIONS,
  REFUSAL_MESSAGES,
  USER_ACTION_PERMISSIONS,
  USER_ACTIONS,
  type Page,
  type Permission,
  type RefusalCode,
  type User,
  type UserAction,
  type UserActionRights,
} from '@shared/contract'
import { lackedToActOn, missingPermissions } from '@shared/delegation'
import type { Queryable } from '../db/database'
import { reachablePermissionsOfEach } from '../db/permissions'
import type { Caller } from './guard'

/**
 * Issue 56: the console offers only what the server will do. Each user the caller reads comes
 * with the caller's rights on them, judged by the rule every change enforces
 * (`assertMayActOn` in ./delegation.ts and the own-account refusals below), so that no action
 * is offered only to be refused after its confirmation.
 */

/** What nobody does to their own account, and the refusal the routes answer. */
export const OWN_ACCOUNT_REFUSALS = {
  deactivate: 'own_account_deactivate',
  lock: 'own_account_lock',
  setTemporaryPassword: 'own_account_temporary_password',
} as const satisfies Partial<Record<UserAction, RefusalCode>>

const ownAccountText = (action: UserAction) =>
  Object.hasOwn(OWN_ACCOUNT_REFUSALS, action)
    ? REFUSAL_MESSAGES[OWN_ACCOUNT_REFUSALS[action as keyof typeof OWN_ACCOUNT_REFUSALS]]
    : undefined

/** Why a caller may not act on a user who holds or could hold more than they do. */
export const holdsMoreRights = (user: Pick<User, 'firstName' | 'username'>) =>
  `${user.firstName.trim() || user.username} holds more rights than you.`

/** The caller's rights on `user`, who holds or could hold `reachable`. */
export function actionRights(
  caller: Caller,
  user: User,
  reachable: readonly Permission[],
): UserActionRights {
  const holdsMore = lackedToActOn(caller, { id: user.id, permissions: reachable }).length > 0
  const rights: UserActionRights = {}
  for (const action of USER_ACTIONS) {
    if (!caller.permissions.includes(USER_ACTION_PERMISSIONS[action])) continue
    const own = caller.id === user.id ? ownAccountText(action) : undefined
    rights[action] = own ?? (holdsMore ? holdsMoreRights(user) : null)
  }
  return rights
}

/**
 * `users` with the caller's rights on each: one statement for all of them, none when the caller
 * holds the whole catalogue (nobody can hold more).
 */
export async function withActionRights(
  db: Queryable,
  caller: Caller,
  users: User[],
): Promise<User[]> {
  const everything = missingPermissions(caller.permissions, PERMISSIONS).length === 0
  const reachable = everything
    ? new Map<number, Permission[]>()
    : await reachablePermissionsOfEach(
        db,
        users.map((user) => user.id),
      )
  return users.map((user) => ({
    ...user,
    actions: actionRights(caller, user, reachable.get(user.id) ?? []),
  }))
}

/**
 * One user with the caller's rights on them: what getUser answers, and every change that answers
 * the changed user, so a row replaced by it keeps the right actions (issue 56).
 */
export const userWithActionRights = async (
  db: Queryable,
  caller: Caller,
  user: User,
): Promise<User> => (await withActionRights(db, caller, [user]))[0]!

/** A page of the users list with the caller's rights on each of its rows. */
export const pageWithActionRights = async (
  db: Queryable,
  caller: Caller,
  page: Page<User>,
): Promise<Page<User>> => ({ ...page, content: await withActionRights(db, caller, page.content) })
