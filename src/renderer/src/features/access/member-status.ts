import type { MemberUser } from '@shared/contract'

/** "Active" or "Inactive", and ", Locked" when locked. */
export function memberStatus({ isActive, isLocked }: MemberUser): string {
  return `${isActive ? 'Active' : 'Inactive'}${isLocked ? ', Locked' : ''}`
}
