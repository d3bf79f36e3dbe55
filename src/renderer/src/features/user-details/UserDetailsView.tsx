import { Link, useLocation } from 'react-router'
import type { UserWithVersion } from '@shared/bridge'
import { mayTake } from '@shared/user-rights'
import { useRolesHeldVia } from '../../api/effective-roles'
import { EffectConfirmDialog } from '../../components/EffectConfirmDialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { errorMessage } from '../../lib/query'
import { backToUsersPath } from '../../lib/users-list-return'
import { usePermissions } from '../auth'
import { SessionsCard } from '../sessions'
import { AssignmentCard } from './AssignmentCard'
import { ConflictNotice } from './ConflictNotice'
import { HistoryCard } from './HistoryCard'
import { ProfileCard } from './ProfileCard'
import { QuickActionsCard } from './QuickActionsCard'
import { UnsavedChangesGuard } from './UnsavedChangesGuard'
import { UserHeader } from './UserHeader'
import { useChangeRights } from './useChangeRights'
import { useUserEditor } from './useUserEditor'

/**
 * A loaded user: the header with Discard/Save, the five cards, and the user's history; only
 * the changes the signed-in user may make are offered (issue 29).
 */
export function UserDetailsView({ id, loaded }: { id: number; loaded: UserWithVersion }) {
  const editor = useUserEditor(id, loaded)
  const rolesHeldVia = useRolesHeldVia(id)
  const locked = editor.saving || editor.reloading
  const usersList = backToUsersPath(useLocation().state)
  const may = usePermissions()
  const rights = useChangeRights(loaded.user)
  const saves = rights.edit || rights.assign
  return (
    <div className="user-details">
      <UnsavedChangesGuard dirty={editor.dirty} username={loaded.user.username} />
      <Link to={usersList} className="back-link">
        <span aria-hidden="true" className="mirror-in-rtl">
          {'← '}
        </span>
        Back to Users
      </Link>
      <UserHeader user={loaded.user}>
        {saves && (
          <>
            <button
              type="button"
              className="secondary"
              disabled={!editor.dirty || locked}
              onClick={editor.discard}
            >
              Discard Changes
            </button>
            <button
              type="button"
              className="primary"
              disabled={!editor.dirty || locked}
              onClick={() => void editor.save()}
            >
              {editor.saving ? 'Saving...' : 'Save Changes'}
            </button>
          </>
        )}
      </UserHeader>
      {rights.refusal && (
        <p className="holds-more-notice" role="note">
          {rights.refusal}
        </p>
      )}
      {editor.conflict && (
        <ConflictNotice busy={editor.reloading} onReload={() => void editor.reload()} />
      )}
      {editor.banner && <ErrorBanner message={editor.banner} onDismiss={editor.dismissBanner} />}
      <div className="user-cards">
        <ProfileCard
          values={editor.values}
          edited={editor.edited}
          errors={editor.errors}
          readOnly={locked || !rights.edit}
          onChange={editor.change}
        />
        <QuickActionsCard id={id} user={loaded.user} disabled={locked} rights={rights} />
        <AssignmentCard
          title="Roles & Permissions"
          emptyText="No roles"
          options={editor.options.roles}
          chosen={editor.chosen('roles')}
          disabled={locked}
          readOnly={!rights.assign}
          onToggle={(roleId, checked) => editor.toggle('roles', roleId, checked)}
          ends={editor.takesEnds ? editor.ends.roles : undefined}
          heldVia={{
            groups: rolesHeldVia.data,
            failure: rolesHeldVia.isError
              ? errorMessage(rolesHeldVia.error, 'Failed to load the roles held through groups')
              : undefined,
          }}
        />
        <AssignmentCard
          title="Group Memberships"
          emptyText="No groups"
          options={editor.options.groups}
          chosen={editor.chosen('groups')}
          disabled={locked}
          readOnly={!rights.assign}
          onToggle={(groupId, checked) => editor.toggle('groups', groupId, checked)}
          ends={editor.takesEnds ? editor.ends.groups : undefined}
        />
        <SessionsCard user={loaded.user} mayEnd={mayTake(rights.rightOf('endSessions'))} />
        {may('audit.read') && <HistoryCard user={loaded.user} />}
      </div>
      {editor.effect.asking && <EffectConfirmDialog effect={editor.effect} confirmLabel="Save" />}
    </div>
  )
}
