import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Permission } from '@shared/contract'
import { permissionRequired } from '@shared/messages'
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
  name: string
  children: ReactNode
}) {
  if (usePermissions()(permission)) return children
  return (
    <section className="not-available" role="note">
      <p>{permissionRequired(name, permission)}</p>
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  )
}
