import { useId } from 'react'
import { Link } from 'react-router'
import { useText } from '../../lib/text'
import type { DashboardModule } from './dashboard-data'

/** One module of the hub and the link that opens it. */
export function ModuleCard({ module }: { module: DashboardModule }) {
  const titleId = useId()
  const t = useText()
  const title = t(module.title)
  return (
    <article className="module-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p>{t(module.description)}</p>
      <Link to={module.to}>{t('dashboard.openModule', { module: title })}</Link>
    </article>
  )
}
