import type { MemberUser } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'

/** "Active" or "Inactive", and ", Locked" when locked. */
export function memberStatus({ isActive, isLocked }: MemberUser, t: Translate): string {
  return t(isLocked ? 'access.memberLocked' : 'access.memberStatus', {
    state: isActive ? 'active' : 'inactive',
  })
}
