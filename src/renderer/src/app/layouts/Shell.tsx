import { Link, Outlet, useMatches } from 'react-router'
import { useSession } from '../../features/auth'
import type { MessageId } from '@shared/i18n/catalogues'
import { PRODUCT_MARK, PRODUCT_NAME } from '../../lib/product'
import { useText } from '../../lib/text'
import { useSearchShortcut } from '../useSearchShortcut'
import { AvatarMenu } from './AvatarMenu'
import { Sidebar } from './Sidebar'

export interface RouteHandle {
  title: MessageId
}

function usePageTitle(): MessageId | undefined {
  const matches = useMatches()
  const handle = [...matches].reverse().find((match) => match.handle)?.handle as
    RouteHandle | undefined
  return handle?.title
}

/**
 * The signed-in frame: a skip link, top bar, sidebar, page title and footer; "/" focuses the
 * page's search box. The primary layout has the collapsible sidebar; the secondary one (detail
 * pages) keeps it icon-only.
 */
export function Shell({ iconOnly = false }: { iconOnly?: boolean }) {
  const session = useSession()
  const title = usePageTitle()
  const t = useText()
  useSearchShortcut()
  if (session.status !== 'signed-in') return null
  const { user } = session.session
  return (
    <div className="shell">
      <a
        href="#content"
        className="skip-link"
        // The <base href="/"> would turn the fragment into a navigation to "/": focus instead.
        onClick={(event) => {
          event.preventDefault()
          document.getElementById('content')?.focus()
        }}
      >
        {t('shell.skipToContent')}
      </a>
      <header className="top-bar">
        <Link to="/dashboard" className="logo">
          <span className="logo-mark" aria-hidden="true">
            {PRODUCT_MARK}
          </span>
          <span>{PRODUCT_NAME}</span>
        </Link>
        <p className="welcome">{t('shell.welcome', { name: user.firstName.toUpperCase() })}</p>
        <AvatarMenu user={user} />
      </header>
      <div className="shell-body">
        <Sidebar iconOnly={iconOnly} />
        <div className="shell-main">
          <main id="content" tabIndex={-1}>
            {title && <h1 className="page-title">{t(title)}</h1>}
            <Outlet />
          </main>
          <footer className="footer">
            {t('shell.footer', { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}
          </footer>
        </div>
      </div>
    </div>
  )
}
