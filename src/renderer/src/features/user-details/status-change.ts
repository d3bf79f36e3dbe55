import type { UserWithVersion } from '@shared/bridge'
import type { User } from '@shared/contract'
import { sameProfile } from './profile'

/**
 * The cached user after a lock, unlock, activate or deactivate. Each moves the server's version
 * on, so the ETag of a fresh read replaces ours, but only when that read shows the profile the
 * administrator is editing: had someone else changed the profile meanwhile, keeping the old
 * ETag makes Save meet the 412 instead of silently overwriting their change.
 */
export function afterStatusChange(
  current: UserWithVersion,
  changed: User,
  fresh: UserWithVersion | undefined,
): UserWithVersion {
  if (fresh?.etag && sameProfile(current.user, fresh.user)) return fresh
  return {
    user: { ...current.user, isActive: changed.isActive, isLocked: changed.isLocked },
    etag: current.etag,
  }
}
