import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useText } from '../../lib/text'
import { useSession } from './session-store'

/** Every route but /login and /reset-password needs a session; the way back is kept. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  const t = useText()
  if (session.status === 'loading') return <p className="loading">{t('components.loading')}</p>
  if (session.status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  }
  return children
}
