import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router'
import { Notifications } from '../components/Notifications'
import { ConfirmIdentity, useSession } from '../features/auth'
import { UpdateOffer } from '../features/updates'
import { createQueryClient } from '../lib/query'
import { LocaleProvider } from '../lib/text'
import { router } from './router'

const queryClient = createQueryClient()

/** Nothing one administrator loaded outlives their session. */
function ForgetDataOnSignOut() {
  const session = useSession()
  useEffect(() => {
    if (session.status === 'signed-out') queryClient.clear()
  }, [session.status])
  return null
}

export function App() {
  return (
    <LocaleProvider>
      <QueryClientProvider client={queryClient}>
        <ForgetDataOnSignOut />
        <RouterProvider router={router} />
        <UpdateOffer />
        <ConfirmIdentity />
        <Notifications />
      </QueryClientProvider>
    </LocaleProvider>
  )
}
