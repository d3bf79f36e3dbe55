import type { UserListQuery } from '../../../shared/contract'

/** TanStack Query keys of the admin data; a mutation invalidates by these prefixes. */
export const queryKeys = {
  users: ['users'] as const,
  userList: (query: UserListQuery) => ['users', 'list', query] as const,
  user: (id: number) => ['users', 'one', id] as const,
  userAssignments: (id: number, kind: AssignmentKind) => ['users', 'one', id, kind] as const,
  userSessions: (id: number) => ['users', 'one', id, 'sessions'] as const,
  roles: ['roles'] as const,
  groups: ['groups'] as const,
}

export type AssignmentKind = 'roles' | 'groups'
