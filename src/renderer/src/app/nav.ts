/** The primary sidebar of SPEC.md section 2, in its order. */
export interface NavEntry {
  label: string
  to: string
  /** Two letters drawn as the entry's icon when the sidebar is icon-only. */
  icon: string
}

export const SIDEBAR: NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'Db' },
  { label: 'Event Management', to: '/events', icon: 'Ev' },
  { label: 'Users', to: '/users', icon: 'Us' },
  { label: 'Audit Log', to: '/audit', icon: 'Au' },
  { label: 'Budget & Cost', to: '/budget', icon: 'Bu' },
  { label: 'Employees', to: '/employees', icon: 'Em' },
  { label: 'CRM', to: '/crm', icon: 'Cr' },
  { label: 'Storage', to: '/storage', icon: 'St' },
  { label: 'Suppliers', to: '/suppliers', icon: 'Su' },
  { label: 'Hotels', to: '/hotels', icon: 'Ho' },
  { label: 'Competitors', to: '/competitors', icon: 'Co' },
  { label: 'FileHub', to: '/filehub', icon: 'Fh' },
  { label: 'Marketing Campaigns', to: '/marketing-campaigns', icon: 'Mc' },
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
  settings: 'Settings',
}
