import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Permission } from '@shared/contract'
import type { MessageId } from '@shared/i18n/catalogues'
import { useText } from '../../lib/text'
import { usePermissions } from './usePermissions'

/**
 * A page the signed-in user may not use says why (issue 56): its address typed or followed
 * from elsewhere does not silently land on another page.
 */
export function RequirePermission({
  permission,
  name,
  children,
}: {
  permission: Permission
  /** The page, as its title names it. */
  name: MessageId
  children: ReactNode
}) {
  const may = usePermissions()
  const t = useText()
  if (may(permission)) return children
  return (
    <section className="not-available" role="note">
      <p>{t('shell.permissionRequired', { page: t(name), permission })}</p>
      <p>
        <Link to="/dashboard">{t('modules.backToDashboard')}</Link>
      </p>
    </section>
  )
}
