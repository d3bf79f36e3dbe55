import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import type { Permission } from '@shared/contract'
import type { MessageId } from '@shared/i18n/catalogues'
import { LoginPage, RequirePermission, RequireSession } from '../features/auth'
import { NotAvailablePage } from '../features/modules'
import { Shell, type RouteHandle } from './layouts/Shell'
import { useText } from '../lib/text'
import { UNAVAILABLE_MODULES } from './nav'

const page = (path: string, title: MessageId, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { title } satisfies RouteHandle,
})

/** Shown for the moment a screen's code loads on a full load of its address. */
function Loading() {
  return <p role="status">{useText()('shell.loading')}</p>
}
const loading = <Loading />

/**
 * A screen loaded when first visited: the Login screen, the first thing every start shows,
 * does not wait for the code of the tables, forms and dialogs behind it.
 */
const lazyPage = (
  path: string | undefined,
  title: MessageId,
  load: () => Promise<ComponentType>,
  permission?: Permission,
): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  lazy: async () => {
    const Screen = await load()
    if (!permission) return { Component: Screen }
    return {
      Component: () => (
        <RequirePermission permission={permission} name={title}>
          <Screen />
        </RequirePermission>
      ),
    }
  },
  hydrateFallbackElement: loading,
  handle: { title } satisfies RouteHandle,
})

const dashboard = async () => (await import('../features/dashboard')).DashboardPage

/** SPEC.md section 2: every route but /login and /reset-password needs a session. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/reset-password',
    hydrateFallbackElement: loading,
    lazy: async () => ({
      Component: (await import('../features/reset-password')).ResetPasswordPage,
    }),
  },
  {
    element: (
      <RequireSession>
        <Shell />
      </RequireSession>
    ),
    children: [
      lazyPage(undefined, 'title.dashboard', dashboard),
      lazyPage('/dashboard', 'title.dashboard', dashboard),
      lazyPage(
        '/events',
        'title.events',
        async () => (await import('../features/events')).EventsPage,
      ),
      lazyPage('/users', 'title.users', async () => (await import('../features/users')).UsersPage),
      lazyPage(
        '/audit',
        'title.audit',
        async () => (await import('../features/audit')).AuditPage,
        'audit.read',
      ),
      lazyPage(
        '/access',
        'title.access',
        async () => (await import('../features/access')).AccessPage,
      ),
      lazyPage(
        '/settings',
        'title.settings',
        async () => (await import('../features/settings')).SettingsPage,
      ),
      ...Object.entries(UNAVAILABLE_MODULES).map(([path, name]) =>
        page(`/${path}`, name, <NotAvailablePage name={name} />),
      ),
    ],
  },
  {
    element: (
      <RequireSession>
        <Shell iconOnly />
      </RequireSession>
    ),
    children: [
      lazyPage(
        '/users/:id',
        'title.userDetails',
        async () => (await import('../features/user-details')).UserDetailsPage,
      ),
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
])
