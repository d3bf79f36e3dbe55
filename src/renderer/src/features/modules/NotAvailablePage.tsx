import { Link } from 'react-router'

/** A module of the hub whose content this console does not have yet: never a dead link. */
export function NotAvailablePage({ name }: { name: string }) {
  return (
    <section className="not-available">
      <p>
        <strong>{name}</strong> is not available in this console yet.
      </p>
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  )
}
