import type { ReactNode } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { AccessPage } from '../features/access'
import { LoginPage, RequireSession } from '../features/auth'
import { DashboardPage } from '../features/dashboard'
import { EventsPage } from '../features/events'
import { NotAvailablePage } from '../features/modules'
import { ResetPasswordPage } from '../features/reset-password'
import { UserDetailsPage } from '../features/user-details'
import { UsersPage } from '../features/users'
import { Shell, type RouteHandle } from './layouts/Shell'
import { UNAVAILABLE_MODULES } from './nav'

const page = (path: string, title: string, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { title } satisfies RouteHandle,
})

/** SPEC.md section 2: every route but /login and /reset-password needs a session. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: (
      <RequireSession>
        <Shell />
      </RequireSession>
    ),
    children: [
      { index: true, element: <DashboardPage />, handle: { title: 'Dashboard' } },
      page('/dashboard', 'Dashboard', <DashboardPage />),
      page('/events', 'Events', <EventsPage />),
      page('/users', 'Users Management', <UsersPage />),
      page('/access', 'Roles & Groups', <AccessPage />),
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
    children: [page('/users/:id', 'User Details', <UserDetailsPage />)],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
])
