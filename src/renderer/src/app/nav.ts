import type { Permission } from '@shared/contract'
import type { IconName } from '../components/icons'

/**
 * The primary sidebar of SPEC.md section 2, in its order, with Roles & Groups beside Users: an
 * administrator finds it there, not only through the Users page's link (issue 33).
 */
export interface NavEntry {
  label: string
  to: string
  /** Drawn beside the label, and alone when the sidebar is icon-only. */
  icon: IconName
  /** Offered only to a user holding it. */
  permission?: Permission
}

export const SIDEBAR: NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  { label: 'Event Management', to: '/events', icon: 'events' },
  { label: 'Users', to: '/users', icon: 'users' },
  { label: 'Roles & Groups', to: '/access', icon: 'access' },
  { label: 'Audit Log', to: '/audit', icon: 'audit', permission: 'audit.read' },
  { label: 'Budget & Cost', to: '/budget', icon: 'budget' },
  { label: 'Employees', to: '/employees', icon: 'employees' },
  { label: 'CRM', to: '/crm', icon: 'crm' },
  { label: 'Storage', to: '/storage', icon: 'storage' },
  { label: 'Suppliers', to: '/suppliers', icon: 'suppliers' },
  { label: 'Hotels', to: '/hotels', icon: 'hotels' },
  { label: 'Competitors', to: '/competitors', icon: 'competitors' },
  { label: 'FileHub', to: '/filehub', icon: 'filehub' },
  { label: 'Marketing Campaigns', to: '/marketing-campaigns', icon: 'marketing' },
]

/** Navigation targets whose content the spec does not show: each opens a clear notice. */
export const UNAVAILABLE_MODULES: Record<string, string> = {
  budget: 'Budget & Cost',
  employees: 'Employees',
  'venue-management': 'Venue Management',
  venues: 'Venues',
  hotels: 'Hotels',
  competitors: 'Competitors',
  crm: 'CRM',
  storage: 'Storage',
  suppliers: 'Suppliers',
  filehub: 'FileHub',
  'marketing-campaigns': 'Marketing Campaigns',
  marketing: 'Marketing',
  analytics: 'Analytics',
  support: 'Support',
}
