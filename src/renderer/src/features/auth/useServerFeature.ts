import type { ServerFeature } from '@shared/contract'
import { useSession } from './session-store'

/** Whether the server says it offers `feature` beyond the contract (issue 57). */
export function useServerFeature(feature: ServerFeature): boolean {
  const session = useSession()
  return session.status === 'signed-in' && session.session.features.includes(feature)
}
