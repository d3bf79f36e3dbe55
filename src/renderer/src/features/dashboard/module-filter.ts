import type { DashboardModule } from './dashboard-data'

/** The modules whose title or description contains the search, ignoring case. */
export function filterModules(modules: DashboardModule[], search: string): DashboardModule[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return modules
  return modules.filter(
    (module) =>
      module.title.toLowerCase().includes(needle) ||
      module.description.toLowerCase().includes(needle),
  )
}
