import { NavLink } from 'react-router'
import { Icon } from '../../components/icons'
import { usePermissions } from '../../features/auth'
import { SIDEBAR } from '../nav'
import { useLayoutStore } from '../layout-store'

/** The primary navigation; icon-only when collapsed or in the secondary layout. */
export function Sidebar({ iconOnly }: { iconOnly: boolean }) {
  const collapsed = useLayoutStore((state) => state.sidebarCollapsed)
  const toggle = useLayoutStore((state) => state.toggleSidebar)
  const compact = iconOnly || collapsed
  const may = usePermissions()
  return (
    <nav className={compact ? 'sidebar compact' : 'sidebar'} aria-label="Main">
      {!iconOnly && (
        <button
          type="button"
          className="sidebar-toggle"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={toggle}
        >
          <span className="mirror-in-rtl">{collapsed ? '»' : '«'}</span>
        </button>
      )}
      <ul>
        {SIDEBAR.filter((entry) => !entry.permission || may(entry.permission)).map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to} title={compact ? entry.label : undefined}>
              <Icon name={entry.icon} className="nav-icon" />
              <span className={compact ? 'visually-hidden' : 'nav-label'}>{entry.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
