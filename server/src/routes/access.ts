import { endpoints, type Group, type Role, type Permission } from '@shared/contract'
import { missingPermissions } from '@shared/delegation'
import { assertMayChangeAccess, assertMayGrant } from '../auth/delegation'
import { requireRecentReauth, requireReauthForAdministration } from '../auth/reauth'
import {
  GROUP,
  ROLE,
  assertNameFree,
  findAccess,
  insertAccess,
  listAccess,
  lockAccess,
  replaceLinks,
  setRolePermissions,
  updateAccess,
  type AccessKind,
  type AccessRow,
} from '../db/access'
import { assertAnAdminRemains, lockAdminRights } from '../db/admins'
import { writeAudit } from '../db/audit'
import type { Queryable } from '../db/database'
import { groupMembers, roleMembers } from '../db/members'
import { permissionsOfGroup, permissionsOfRole } from '../db/permissions'
import { conflict } from '../errors'
import { resource } from './serve'

function present(kind: AccessKind, row: AccessRow): Role | Group {
  const base = { id: row.id, name: row.name, active: row.active }
  return kind === ROLE
    ? {
        ...base,
        groups: row.links,
        permissions: row.permissions ?? [],
        ...(row.administrator && { administrator: true }),
      }
    : { ...base, roles: row.links }
}

/** What giving this role or group hands out: a role's permissions, or all of a group's roles'. */
async function grantedBy(tx: Queryable, kind: AccessKind, row: AccessRow) {
  return kind === ROLE ? (row.permissions ?? []) : permissionsOfGroup(tx, row.id)
}

/** What linking `ids` of the other side hands out: the role's own, or the linked roles'. */
async function grantedByLinks(
  tx: Queryable,
  kind: AccessKind,
  row: AccessRow,
  ids: number[],
): Promise<Permission[]> {
  if (ids.length === 0) return []
  if (kind === ROLE) return row.permissions ?? []
  const perRole = await Promise.all(ids.map((id) => permissionsOfRole(tx, id)))
  return [...new Set(perRole.flat())]
}

const samePermissions = (a: AccessRow, b: AccessRow) =>
  (a.permissions ?? []).join('\n') === (b.permissions ?? []).join('\n')

/** One side's endpoints: its list, create, update, members, activate and deactivate. */
interface AccessEndpoints {
  list: typeof endpoints.listRoles | typeof endpoints.listGroups
  create: typeof endpoints.createRole | typeof endpoints.createGroup
  update: typeof endpoints.updateRole | typeof endpoints.updateGroup
  members: typeof endpoints.listRoleMembers | typeof endpoints.listGroupMembers
  activate: typeof endpoints.activateRole | typeof endpoints.activateGroup
  deactivate: typeof endpoints.deactivateRole | typeof endpoints.deactivateGroup
}

/** The routes of one side (roles or groups); both sides are built from this. */
function accessRoutes(kind: AccessKind, set: AccessEndpoints) {
  return resource(({ serve }, { db }) => {
    const linkIds = (body: Record<string, unknown>) => body[kind.linkField] as number[] | undefined
    const linkNames = (row: AccessRow) => row.links.map((link) => link.name)
    const linkIdsOf = (row: AccessRow) => row.links.map((link) => link.id)
    const permissionsSent = (body: Record<string, unknown>) =>
      kind === ROLE ? (body.permissions as Permission[] | undefined) : undefined

    serve(set.list, async ({ query }) => {
      const page = await listAccess(db, kind, query.page, query.size)
      return { ...page, content: page.content.map((row) => present(kind, row)) }
    })

    serve(set.create, async ({ body, caller }) => {
      const row = await db.transaction(async (tx) => {
        await assertNameFree(tx, kind, body.name)
        const id = await insertAccess(tx, kind, body.name)
        const permissions = permissionsSent(body)
        if (permissions) await setRolePermissions(tx, id, permissions)
        await replaceLinks(tx, kind, id, linkIds(body) ?? [])
        const created = await findAccess(tx, kind, id)
        if (kind === ROLE) {
          assertMayGrant(caller, created.permissions ?? [], 'may_not_create', { kind, ...created })
        } else {
          const granted = await grantedBy(tx, kind, created)
          assertMayGrant(caller, granted, 'may_not_create_with_roles', { kind, ...created })
        }
        await assertMayChangeAccess(tx, caller, kind, created)
        // Linked at once, it is given to groups (a role) or gives its roles (a group).
        await requireReauthForAdministration(
          tx,
          caller,
          await grantedByLinks(tx, kind, created, linkIdsOf(created)),
        )
        await writeAudit(tx, {
          actor: caller,
          action: `${kind.noun}.create`,
          targetType: kind.noun,
          targetId: id,
          changes: {
            name: created.name,
            [kind.other]: linkNames(created),
            ...(kind === ROLE ? { permissions: created.permissions } : {}),
          },
        })
        return created
      })
      return present(kind, row)
    })

    serve(set.update, async ({ params, body, caller }) => {
      const row = await db.transaction(async (tx) => {
        await lockAdminRights(tx)
        await lockAccess(tx, kind, params.id)
        const before = await findAccess(tx, kind, params.id)
        const ids = linkIds(body)
        // Before: everyone who holds it now, and the members of groups about to be linked.
        await assertMayChangeAccess(tx, caller, kind, before, kind === ROLE ? (ids ?? []) : [])
        await assertNameFree(tx, kind, body.name, params.id)
        await updateAccess(tx, kind, params.id, { name: body.name })
        const permissions = permissionsSent(body)
        if (permissions) await setRolePermissions(tx, params.id, permissions)
        if (ids) await replaceLinks(tx, kind, params.id, ids)
        const after = await findAccess(tx, kind, params.id)
        // After: what they all could hold once it is made.
        await assertMayChangeAccess(tx, caller, kind, after)
        if (permissions && missingPermissions(permissions, after.permissions ?? []).length > 0) {
          throw conflict('administrator_role_fixed', { role: after.name })
        }
        const permissionsChanged = !samePermissions(before, after)
        if (permissionsChanged) {
          assertMayGrant(caller, after.permissions ?? [], 'may_not_give_permissions', {
            kind,
            ...after,
          })
        }
        const linked = linkIdsOf(after).filter((id) => !linkIdsOf(before).includes(id))
        const grantedByLinking = await grantedByLinks(tx, kind, after, linked)
        assertMayGrant(caller, grantedByLinking, 'may_not_link', { kind, ...after })
        // Changing what a role grants is dangerous whatever it grants (issue 30, item 4).
        if (permissionsChanged) await requireRecentReauth(tx, caller)
        else await requireReauthForAdministration(tx, caller, grantedByLinking)
        const changes: Record<string, unknown> = {}
        if (before.name !== after.name) changes.name = { from: before.name, to: after.name }
        if (linkNames(before).join('\n') !== linkNames(after).join('\n')) {
          changes[kind.other] = { from: linkNames(before), to: linkNames(after) }
        }
        if (!samePermissions(before, after)) {
          changes.permissions = { from: before.permissions, to: after.permissions }
        }
        if (Object.keys(changes).length > 0) {
          await writeAudit(tx, {
            actor: caller,
            action: `${kind.noun}.update`,
            targetType: kind.noun,
            targetId: params.id,
            changes,
          })
          await assertAnAdminRemains(tx)
        }
        return after
      })
      return present(kind, row)
    })

    serve(set.members, ({ params, query }) =>
      (kind === ROLE ? roleMembers : groupMembers)(db, params.id, query),
    )

    for (const verb of ['activate', 'deactivate'] as const) {
      serve(set[verb], async ({ params, caller }) => {
        const active = verb === 'activate'
        const row = await db.transaction(async (tx) => {
          if (!active) await lockAdminRights(tx)
          const before = await lockAccess(tx, kind, params.id)
          if (before.active !== active) {
            const row = await findAccess(tx, kind, params.id)
            if (active) {
              const granted = await grantedBy(tx, kind, row)
              assertMayGrant(caller, granted, 'may_not_activate', { kind, ...row })
              await requireReauthForAdministration(tx, caller, granted)
            }
            await assertMayChangeAccess(tx, caller, kind, row)
            if (!active && row.administrator)
              throw conflict('administrator_role_stays', { role: row.name })
            await updateAccess(tx, kind, params.id, { active })
            await writeAudit(tx, {
              actor: caller,
              action: `${kind.noun}.${verb}`,
              targetType: kind.noun,
              targetId: params.id,
              changes: { active: { from: before.active, to: active } },
            })
            if (!active) await assertAnAdminRemains(tx)
          }
          return findAccess(tx, kind, params.id)
        })
        return present(kind, row)
      })
    }
  })
}

export const roleRoutes = accessRoutes(ROLE, {
  list: endpoints.listRoles,
  create: endpoints.createRole,
  update: endpoints.updateRole,
  members: endpoints.listRoleMembers,
  activate: endpoints.activateRole,
  deactivate: endpoints.deactivateRole,
})
export const groupRoutes = accessRoutes(GROUP, {
  list: endpoints.listGroups,
  create: endpoints.createGroup,
  update: endpoints.updateGroup,
  members: endpoints.listGroupMembers,
  activate: endpoints.activateGroup,
  deactivate: endpoints.deactivateGroup,
})
