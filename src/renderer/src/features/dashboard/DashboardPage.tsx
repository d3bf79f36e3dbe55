import { useMemo, useState } from 'react'
import { useText } from '../../lib/text'
import { DASHBOARD_MODULES, DASHBOARD_STATS } from './dashboard-data'
import { ModuleCard } from './ModuleCard'
import { ModuleSearch } from './ModuleSearch'
import { filterModules } from './module-filter'
import { StatCard } from './StatCard'
import './dashboard.css'

/** The hub: sample figures, then every module with a search over their titles and descriptions. */
export function DashboardPage() {
  const [search, setSearch] = useState('')
  const t = useText()
  const modules = useMemo(() => filterModules(DASHBOARD_MODULES, search, t), [search, t])

  return (
    <div className="dashboard-page">
      <div className="stat-cards">
        {DASHBOARD_STATS.map((stat) => (
          <StatCard key={stat.title} stat={stat} />
        ))}
      </div>
      <section className="modules" aria-labelledby="modules-title">
        <div className="modules-header">
          <h2 id="modules-title">{t('dashboard.modules')}</h2>
          <ModuleSearch value={search} onChange={setSearch} />
        </div>
        {modules.length === 0 ? (
          <p className="modules-empty" role="status">
            {t('dashboard.noModulesMatch', { search: search.trim() })}
          </p>
        ) : (
          <ul className="module-cards">
            {modules.map((module) => (
              <li key={module.to}>
                <ModuleCard module={module} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
