import { admin } from '../../lib/bridge'
import { useSession } from '../auth'

/** Placeholder until the dashboard of SPEC.md section 2 arrives: proves the round trip. */
export function DashboardPage() {
  const session = useSession()
  const firstName = session.status === 'signed-in' ? session.session.user.firstName : ''
  return (
    <main className="dashboard">
      <h1>Dashboard</h1>
      <p>Welcome, {firstName.toUpperCase()}</p>
      <button type="button" onClick={() => void admin().auth.logout()}>
        Sign out
      </button>
    </main>
  )
}
