import { useMemo } from 'react'
import { Link } from 'react-router'
import { useGroups, useRoles } from '../../api/access'
import { ErrorBanner } from '../../components/ErrorBanner'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
import { AccessCard } from './AccessCard'
import { GROUP_KIND, ROLE_KIND, groupItems, roleItems } from './access-kinds'
import { useRefreshAccess } from './useAccessMutations'
import './access.css'

/** The glyph before Back to Users, hidden from screen readers: a sign, not a text. */
const BACK_ARROW = '← '

/** Roles & Groups (/access): both sides of the role–group links, each in its own card. */
export function AccessPage() {
  const roles = useRoles()
  const groups = useGroups()
  const refresh = useRefreshAccess()
  // A failed fetch empties its list (SPEC.md section 8) rather than showing stale links.
  const roleList = useMemo(
    () => (roles.isError ? [] : roleItems(roles.data ?? [])),
    [roles.isError, roles.data],
  )
  const groupList = useMemo(
    () => (groups.isError ? [] : groupItems(groups.data ?? [])),
    [groups.isError, groups.data],
  )
  const loadError = roles.error ?? groups.error
  const t = useText()

  return (
    <div className="access-page">
      <Link to="/users" className="back-link">
        <span aria-hidden="true" className="mirror-in-rtl">
          {BACK_ARROW}
        </span>
        {t('userDetails.backToUsers')}
      </Link>
      {loadError && <ErrorBanner message={errorMessage(loadError, t('access.loadFailed'))} />}
      <div className="access-cards">
        <AccessCard
          kind={ROLE_KIND}
          items={roleList}
          loading={roles.isFetching}
          options={groupList}
          optionsLoading={groups.isPending}
          optionsFailed={groups.isError}
          onRefresh={() => void refresh()}
        />
        <AccessCard
          kind={GROUP_KIND}
          items={groupList}
          loading={groups.isFetching}
          options={roleList}
          optionsLoading={roles.isPending}
          optionsFailed={roles.isError}
          onRefresh={() => void refresh()}
        />
      </div>
    </div>
  )
}
