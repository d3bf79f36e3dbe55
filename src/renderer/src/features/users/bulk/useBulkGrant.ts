import { useState } from 'react'
import { takesGrantEnd, type BulkAction } from '@shared/contract'
import { endsAt, grantInputOf, untilOf, type EndChoice, type GrantInput } from '@shared/grant-ends'
import { useEndCheck } from '@/lib/useGrantEnds'
import { useServerFeature } from '../../auth'

/**
 * The "Until" of a bulk Assign Role or Add to Group and its reason (issue 57), offered against a
 * server naming `grant-ends`: none by default, checked as one user's are before anything is sent.
 */
export function useBulkGrant(action: BulkAction) {
  const offered = useServerFeature('grant-ends') && takesGrantEnd(action)
  const [choice, choose] = useState<EndChoice>({ kind: 'none' })
  const endCheck = useEndCheck()
  return {
    offered,
    choice,
    choose,
    endCheck,
    asksReason: offered && endsAt(choice),
    /**
     * What the run sends at `now`: `ok` with the grant (none without an end), or not ok, with
     * what is wrong shown, when it cannot be sent.
     */
    checked(now: number): { ok: true; grant?: GrantInput } | { ok: false } {
      if (!offered) return { ok: true }
      const until = untilOf(choice, now) ?? null
      if (!endCheck.check([until], now)) return { ok: false }
      return until === null
        ? { ok: true }
        : { ok: true, grant: grantInputOf(until, endCheck.reason) }
    },
  }
}
