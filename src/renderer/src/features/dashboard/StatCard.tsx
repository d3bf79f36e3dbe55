import { useId } from 'react'
import { useIntl } from 'react-intl'
import { useText } from '../../lib/text'
import type { DashboardStat } from './dashboard-data'
import { useCountUp } from './useCountUp'

/** One sample figure: its title, a total that counts up, and today's increase. */
export function StatCard({ stat }: { stat: DashboardStat }) {
  const titleId = useId()
  const total = useCountUp(stat.total)
  const intl = useIntl()
  const t = useText()
  return (
    <article className="stat-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(stat.title)}</h2>
      <p className="stat-total">{intl.formatNumber(total)}</p>
      <p className="stat-today">{t('dashboard.today', { count: stat.today })}</p>
    </article>
  )
}
