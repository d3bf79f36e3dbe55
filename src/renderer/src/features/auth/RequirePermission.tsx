import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import type { Permission } from '@shared/contract'
import { usePermissions } from './usePermissions'

/** A page the signed-in user may not use is not shown: the dashboard is, instead. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission
  children: ReactNode
}) {
  return usePermissions()(permission) ? children : <Navigate to="/dashboard" replace />
}
