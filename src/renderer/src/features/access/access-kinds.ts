import type { AccessRef, Group, Permission, Role } from '@shared/contract'

/** A role or a group as this screen draws it: the other side's links under one name. */
export interface AccessItem {
  id: number
  name: string
  active: boolean
  links: AccessRef[]
  /** A role's, from a server that names them (issue 29); never a group's. */
  permissions?: Permission[]
  /** The administrator role: its permissions are every one, fixed (issue 29). */
  administrator?: boolean
}

/** What tells the Roles card from the Groups card: words, and which side is linked. */
export interface AccessKind {
  /** The bridge namespace and the query key of this side. */
  key: 'roles' | 'groups'
  noun: 'role' | 'group'
  singular: 'Role' | 'Group'
  plural: 'Roles' | 'Groups'
  /** Header of the column that lists the other side. */
  linksHeader: 'Groups' | 'Roles'
  /** Label of the dialog's checkbox list of the other side. */
  assignLabel: 'Assign Groups' | 'Assign Roles'
  noLinks: 'No groups' | 'No roles'
}

export const ROLE_KIND: AccessKind = {
  key: 'roles',
  noun: 'role',
  singular: 'Role',
  plural: 'Roles',
  linksHeader: 'Groups',
  assignLabel: 'Assign Groups',
  noLinks: 'No groups',
}

export const GROUP_KIND: AccessKind = {
  key: 'groups',
  noun: 'group',
  singular: 'Group',
  plural: 'Groups',
  linksHeader: 'Roles',
  assignLabel: 'Assign Roles',
  noLinks: 'No roles',
}

export const roleItems = (roles: Role[]): AccessItem[] =>
  roles.map(({ groups, ...role }) => ({ ...role, links: groups }))

export const groupItems = (groups: Group[]): AccessItem[] =>
  groups.map(({ roles, ...group }) => ({ ...group, links: roles }))

/** The linked names joined with ", ", or the kind's "No groups" / "No roles". */
export function linkSummary(kind: AccessKind, item: AccessItem): string {
  return item.links.length > 0 ? item.links.map((link) => link.name).join(', ') : kind.noLinks
}
