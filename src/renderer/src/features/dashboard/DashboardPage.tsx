/** Placeholder: the dashboard of SPEC.md section 2 arrives with its feature work. */
export function DashboardPage() {
  return <p>Dashboard</p>
}
