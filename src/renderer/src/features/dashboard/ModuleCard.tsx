import { useId } from 'react'
import { Link } from 'react-router'
import type { DashboardModule } from './dashboard-data'

/** One module of the hub and the link that opens it. */
export function ModuleCard({ module }: { module: DashboardModule }) {
  const titleId = useId()
  return (
    <article className="module-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{module.title}</h3>
      <p>{module.description}</p>
      <Link to={module.to}>Open {module.title}</Link>
    </article>
  )
}
