/** A stat card of the dashboard: sample figures, not read from the server (SPEC.md section 2). */
export interface DashboardStat {
  title: string
  total: number
  today: number
}

export const DASHBOARD_STATS: DashboardStat[] = [
  { title: 'Total Events', total: 128, today: 3 },
  { title: 'Employees', total: 342, today: 2 },
  { title: 'Customers', total: 1286, today: 14 },
  { title: 'Suppliers', total: 87, today: 1 },
  { title: 'Quotations', total: 459, today: 6 },
  { title: 'Support Tickets', total: 73, today: 5 },
]

/** A module of the operations hub and the route that opens it. */
export interface DashboardModule {
  title: string
  description: string
  to: string
}

export const DASHBOARD_MODULES: DashboardModule[] = [
  {
    title: 'Events',
    description: 'Plan events and follow their schedule and staff.',
    to: '/events',
  },
  { title: 'Venues', description: 'Keep venues, their capacity and availability.', to: '/venues' },
  {
    title: 'Competitors',
    description: 'Track competitors and what they offer.',
    to: '/competitors',
  },
  { title: 'CRM', description: 'Manage customers, contacts and opportunities.', to: '/crm' },
  { title: 'Budget', description: 'Follow budgets, costs and spending per event.', to: '/budget' },
  {
    title: 'Employees',
    description: 'Staff records, departments and assignments.',
    to: '/employees',
  },
  { title: 'Users', description: 'User accounts, their roles and groups.', to: '/users' },
  { title: 'Analytics', description: 'Reports and trends across the business.', to: '/analytics' },
  { title: 'Storage', description: 'Warehouse stock and equipment on hand.', to: '/storage' },
  {
    title: 'Suppliers',
    description: 'Suppliers, their quotations and contracts.',
    to: '/suppliers',
  },
  { title: 'Support', description: 'Support tickets and their follow-up.', to: '/support' },
  { title: 'File Hub', description: 'Shared documents and files in one place.', to: '/filehub' },
  {
    title: 'Marketing Campaigns',
    description: 'Plan campaigns and measure their reach.',
    to: '/marketing-campaigns',
  },
]
