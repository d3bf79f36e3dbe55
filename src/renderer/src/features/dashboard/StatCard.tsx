import { useId } from 'react'
import type { DashboardStat } from './dashboard-data'
import { useCountUp } from './useCountUp'

const numbers = new Intl.NumberFormat('en-US')

/** One sample figure: its title, a total that counts up, and today's increase. */
export function StatCard({ stat }: { stat: DashboardStat }) {
  const titleId = useId()
  const total = useCountUp(stat.total)
  return (
    <article className="stat-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{stat.title}</h2>
      <p className="stat-total">{numbers.format(total)}</p>
      <p className="stat-today">+{numbers.format(stat.today)} today</p>
    </article>
  )
}
