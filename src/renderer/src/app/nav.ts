import type { Permission } from '@shared/contract'
import type { MessageId } from '@shared/i18n/catalogues'
import type { IconName } from '../components/icons'

/**
 * The primary sidebar of SPEC.md section 2, in its order, with Roles & Groups beside Users: an
 * administrator finds it there, not only through the Users page's link (issue 33).
 */
export interface NavEntry {
  label: MessageId
  to: string
  /** Drawn beside the label, and alone when the sidebar is icon-only. */
  icon: IconName
  /** Offered only to a user holding it. */
  permission?: Permission
}

export const SIDEBAR: NavEntry[] = [
  { label: 'nav.dashboard', to: '/dashboard', icon: 'dashboard' },
  { label: 'nav.events', to: '/events', icon: 'events' },
  { label: 'nav.users', to: '/users', icon: 'users' },
  { label: 'nav.access', to: '/access', icon: 'access' },
  { label: 'nav.audit', to: '/audit', icon: 'audit', permission: 'audit.read' },
  { label: 'nav.budget', to: '/budget', icon: 'budget' },
  { label: 'nav.employees', to: '/employees', icon: 'employees' },
  { label: 'nav.crm', to: '/crm', icon: 'crm' },
  { label: 'nav.storage', to: '/storage', icon: 'storage' },
  { label: 'nav.suppliers', to: '/suppliers', icon: 'suppliers' },
  { label: 'nav.hotels', to: '/hotels', icon: 'hotels' },
  { label: 'nav.competitors', to: '/competitors', icon: 'competitors' },
  { label: 'nav.filehub', to: '/filehub', icon: 'filehub' },
  { label: 'nav.marketingCampaigns', to: '/marketing-campaigns', icon: 'marketing' },
]

/** Navigation targets whose content the spec does not show: each opens a clear notice. */
export const UNAVAILABLE_MODULES: Record<string, MessageId> = {
  budget: 'nav.budget',
  employees: 'nav.employees',
  'venue-management': 'nav.venueManagement',
  venues: 'nav.venues',
  hotels: 'nav.hotels',
  competitors: 'nav.competitors',
  crm: 'nav.crm',
  storage: 'nav.storage',
  suppliers: 'nav.suppliers',
  filehub: 'nav.filehub',
  'marketing-campaigns': 'nav.marketingCampaigns',
  marketing: 'nav.marketing',
  analytics: 'nav.analytics',
  support: 'nav.support',
}
