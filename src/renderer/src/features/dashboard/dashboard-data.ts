import type { MessageId } from '@shared/i18n/catalogues'

/** A stat card of the dashboard: sample figures, not read from the server (SPEC.md section 2). */
export interface DashboardStat {
  title: MessageId
  total: number
  today: number
}

export const DASHBOARD_STATS: DashboardStat[] = [
  { title: 'dashboard.statTotalEvents', total: 128, today: 3 },
  { title: 'dashboard.statEmployees', total: 342, today: 2 },
  { title: 'dashboard.statCustomers', total: 1286, today: 14 },
  { title: 'dashboard.statSuppliers', total: 87, today: 1 },
  { title: 'dashboard.statQuotations', total: 459, today: 6 },
  { title: 'dashboard.statSupportTickets', total: 73, today: 5 },
]

/** A module of the operations hub and the route that opens it. */
export interface DashboardModule {
  title: MessageId
  description: MessageId
  to: string
}

export const DASHBOARD_MODULES: DashboardModule[] = [
  {
    title: 'dashboard.moduleEvents',
    description: 'dashboard.moduleEventsDescription',
    to: '/events',
  },
  {
    title: 'dashboard.moduleVenues',
    description: 'dashboard.moduleVenuesDescription',
    to: '/venues',
  },
  {
    title: 'dashboard.moduleCompetitors',
    description: 'dashboard.moduleCompetitorsDescription',
    to: '/competitors',
  },
  { title: 'dashboard.moduleCrm', description: 'dashboard.moduleCrmDescription', to: '/crm' },
  {
    title: 'dashboard.moduleBudget',
    description: 'dashboard.moduleBudgetDescription',
    to: '/budget',
  },
  {
    title: 'dashboard.moduleEmployees',
    description: 'dashboard.moduleEmployeesDescription',
    to: '/employees',
  },
  { title: 'dashboard.moduleUsers', description: 'dashboard.moduleUsersDescription', to: '/users' },
  {
    title: 'dashboard.moduleAnalytics',
    description: 'dashboard.moduleAnalyticsDescription',
    to: '/analytics',
  },
  {
    title: 'dashboard.moduleStorage',
    description: 'dashboard.moduleStorageDescription',
    to: '/storage',
  },
  {
    title: 'dashboard.moduleSuppliers',
    description: 'dashboard.moduleSuppliersDescription',
    to: '/suppliers',
  },
  {
    title: 'dashboard.moduleSupport',
    description: 'dashboard.moduleSupportDescription',
    to: '/support',
  },
  {
    title: 'dashboard.moduleFileHub',
    description: 'dashboard.moduleFileHubDescription',
    to: '/filehub',
  },
  {
    title: 'dashboard.moduleMarketingCampaigns',
    description: 'dashboard.moduleMarketingCampaignsDescription',
    to: '/marketing-campaigns',
  },
]
