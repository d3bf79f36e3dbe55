import type { AccessRef, Group, Permission, Role } from '@shared/contract'
import type { MessageId, Translate } from '@shared/i18n/catalogues'

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

/** What tells the Roles card from the Groups card: its messages, and which side is linked. */
export interface AccessKind {
  /** The bridge namespace and the query key of this side. */
  key: 'roles' | 'groups'
  /** "Roles": the card's title and its table's name. */
  plural: MessageId
  /** "Role": the header of the name column. */
  singular: MessageId
  search: MessageId
  searchPlaceholder: MessageId
  add: MessageId
  loading: MessageId
  none: MessageId
  noneMatch: MessageId
  addTitle: MessageId
  editTitle: MessageId
  /** Header of the column that lists the other side. */
  linksHeader: MessageId
  /** Label of the dialog's checkbox list of the other side. */
  assignLabel: MessageId
  linksFailed: MessageId
  noOptions: MessageId
  noLinks: MessageId
  toggleLabel: MessageId
  editLabel: MessageId
  membersLabel: MessageId
  question: MessageId
  toggled: MessageId
  created: MessageId
  saved: MessageId
}

export const ROLE_KIND: AccessKind = {
  key: 'roles',
  plural: 'access.roles',
  singular: 'access.role',
  search: 'access.searchRoles',
  searchPlaceholder: 'access.searchRolesPlaceholder',
  add: 'access.addRole',
  loading: 'access.loadingRoles',
  none: 'access.noRolesFound',
  noneMatch: 'access.noRolesMatch',
  addTitle: 'access.addRoleTitle',
  editTitle: 'access.editRoleTitle',
  linksHeader: 'access.groups',
  assignLabel: 'access.assignGroups',
  linksFailed: 'access.groupsNotLoaded',
  noOptions: 'access.noGroupsYet',
  noLinks: 'access.noGroups',
  toggleLabel: 'access.toggleRole',
  editLabel: 'access.editRole',
  membersLabel: 'access.roleMembers',
  question: 'access.confirmRoleToggle',
  toggled: 'access.roleToggled',
  created: 'access.roleCreated',
  saved: 'access.roleSaved',
}

export const GROUP_KIND: AccessKind = {
  key: 'groups',
  plural: 'access.groups',
  singular: 'access.group',
  search: 'access.searchGroups',
  searchPlaceholder: 'access.searchGroupsPlaceholder',
  add: 'access.addGroup',
  loading: 'access.loadingGroups',
  none: 'access.noGroupsFound',
  noneMatch: 'access.noGroupsMatch',
  addTitle: 'access.addGroupTitle',
  editTitle: 'access.editGroupTitle',
  linksHeader: 'access.roles',
  assignLabel: 'access.assignRoles',
  linksFailed: 'access.rolesNotLoaded',
  noOptions: 'access.noRolesYet',
  noLinks: 'access.noRoles',
  toggleLabel: 'access.toggleGroup',
  editLabel: 'access.editGroup',
  membersLabel: 'access.groupMembers',
  question: 'access.confirmGroupToggle',
  toggled: 'access.groupToggled',
  created: 'access.groupCreated',
  saved: 'access.groupSaved',
}

export const roleItems = (roles: Role[]): AccessItem[] =>
  roles.map(({ groups, ...role }) => ({ ...role, links: groups }))

export const groupItems = (groups: Group[]): AccessItem[] =>
  groups.map(({ roles, ...group }) => ({ ...group, links: roles }))

/** The linked names joined with ", ", or the kind's "No groups" / "No roles". */
export function linkSummary(kind: AccessKind, item: AccessItem, t: Translate): string {
  return item.links.length > 0 ? item.links.map((link) => link.name).join(', ') : t(kind.noLinks)
}
