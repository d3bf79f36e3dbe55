import type { Translate } from '@shared/i18n/catalogues'
import type { DashboardModule } from './dashboard-data'

/** The modules whose title or description, as shown, contains the search, ignoring case. */
export function filterModules(
  modules: DashboardModule[],
  search: string,
  t: Translate,
): DashboardModule[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return modules
  return modules.filter(
    (module) =>
      t(module.title).toLowerCase().includes(needle) ||
      t(module.description).toLowerCase().includes(needle),
  )
}
