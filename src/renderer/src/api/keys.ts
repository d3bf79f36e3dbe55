import type { InputOf } from '@shared/bridge'
import type { AuditQuery, MemberListQuery, UserListQuery } from '@shared/contract'

/** TanStack Query keys of the admin data; a mutation invalidates by these prefixes. */
export const queryKeys = {
  users: ['users'] as const,
  userList: (query: UserListQuery) => ['users', 'list', query] as const,
  user: (id: number) => ['users', 'one', id] as const,
  /** Under users: any change of users may change what the policy's next run does. */
  dormantPolicy: ['users', 'dormant-policy'] as const,
  userAssignments: (id: number, kind: AssignmentKind) => ['users', 'one', id, kind] as const,
  userSessions: (id: number) => ['users', 'one', id, 'sessions'] as const,
  userSecondFactor: (id: number) => ['users', 'one', id, 'second-factor'] as const,
  roles: ['roles'] as const,
  groups: ['groups'] as const,
  /** Who holds what changes with assignments and with role–group links alike. */
  effectiveRoles: ['effective-roles'] as const,
  userEffectiveRoles: (id: number) => ['effective-roles', id] as const,
  members: ['members'] as const,
  accessMembers: (kind: AssignmentKind, id: number, query: MemberListQuery) =>
    ['members', kind, id, query] as const,
  audit: ['audit'] as const,
  auditList: (query: AuditQuery) => ['audit', 'list', query] as const,
  auditSinks: ['audit', 'sinks'] as const,
  userHistory: (id: number, version: string | null) => ['audit', 'user', id, version] as const,
  effect: (changes: InputOf<'effects.preview'>['changes']) => ['effect', changes] as const,
}

export type AssignmentKind = 'roles' | 'groups'
