import { useId } from 'react'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useText } from '../../lib/text'
import type { DashboardStat } from './dashboard-data'
import { useCountUp } from './useCountUp'

/** The increase kept in its own direction, its sign before it, inside Arabic text. */
const isolated = (chunks: ReactNode[]) => <bdi>{chunks}</bdi>

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
      <p className="stat-today">
        <FormattedMessage id="dashboard.today" values={{ count: stat.today, bdi: isolated }} />
      </p>
    </article>
  )
}
