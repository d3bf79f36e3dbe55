import { Link, useLocation } from 'react-router'
import type { UserWithVersion } from '@shared/bridge'
import { mayTake } from '@shared/user-rights'
import { useRolesHeldVia } from '../../api/effective-roles'
import { EffectConfirmDialog } from '../../components/EffectConfirmDialog'
import { ErrorBanner } from '../../components/ErrorBanner'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
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

/** The glyph before Back to Users, hidden from screen readers: a sign, not a text. */
const BACK_ARROW = '← '
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
  const t = useText()
  return (
    <div className="user-details">
      <UnsavedChangesGuard dirty={editor.dirty} username={loaded.user.username} />
      <Link to={usersList} className="back-link">
        <span aria-hidden="true" className="mirror-in-rtl">
          {BACK_ARROW}
        </span>
        {t('userDetails.backToUsers')}
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
              {t('userDetails.discardChanges')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!editor.dirty || locked}
              onClick={() => void editor.save()}
            >
              {editor.saving ? t('userDetails.saving') : t('userDetails.saveChanges')}
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
          title={t('userDetails.rolesTitle')}
          emptyText={t('userDetails.noRoles')}
          options={editor.options.roles}
          chosen={editor.chosen('roles')}
          disabled={locked}
          readOnly={!rights.assign}
          onToggle={(roleId, checked) => editor.toggle('roles', roleId, checked)}
          ends={editor.takesEnds ? editor.ends.roles : undefined}
          heldVia={{
            groups: rolesHeldVia.data,
            failure: rolesHeldVia.isError
              ? errorMessage(rolesHeldVia.error, t('userDetails.rolesViaFailure'))
              : undefined,
          }}
        />
        <AssignmentCard
          title={t('userDetails.groupsTitle')}
          emptyText={t('userDetails.noGroups')}
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
      {editor.effect.asking && (
        <EffectConfirmDialog effect={editor.effect} confirmLabel={t('userDetails.save')} />
      )}
    </div>
  )
}
