import { NavLink } from 'react-router'
import { Icon } from '../../components/icons'
import { usePermissions } from '../../features/auth'
import { useText } from '../../lib/text'
import { SIDEBAR } from '../nav'
import { useLayoutStore } from '../layout-store'

/** The toggle's arrows: marks, not words, in every language. */
const EXPAND_MARK = '»'
const COLLAPSE_MARK = '«'

/** The primary navigation; icon-only when collapsed or in the secondary layout. */
export function Sidebar({ iconOnly }: { iconOnly: boolean }) {
  const collapsed = useLayoutStore((state) => state.sidebarCollapsed)
  const toggle = useLayoutStore((state) => state.toggleSidebar)
  const compact = iconOnly || collapsed
  const may = usePermissions()
  const t = useText()
  return (
    <nav className={compact ? 'sidebar compact' : 'sidebar'} aria-label={t('shell.mainNavigation')}>
      {!iconOnly && (
        <button
          type="button"
          className="sidebar-toggle"
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'shell.expandSidebar' : 'shell.collapseSidebar')}
          onClick={toggle}
        >
          <span className="mirror-in-rtl">{collapsed ? EXPAND_MARK : COLLAPSE_MARK}</span>
        </button>
      )}
      <ul>
        {SIDEBAR.filter((entry) => !entry.permission || may(entry.permission)).map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to} title={compact ? t(entry.label) : undefined}>
              <Icon name={entry.icon} className="nav-icon" />
              <span className={compact ? 'visually-hidden' : 'nav-label'}>{t(entry.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
