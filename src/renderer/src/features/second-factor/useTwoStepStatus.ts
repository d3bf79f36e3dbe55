import { useCallback, useEffect, useState } from 'react'
import type { EnrolmentView } from '@shared/bridge'
import type { SecondFactorStatus } from '@shared/contract'
import { admin } from '../../lib/bridge'

/**
 * The avatar menu's Two-Step Sign-In: the caller's own factor, and the steps of turning it on
 * (the new factor, then its recovery codes, shown once), and new recovery codes.
 */
export function useTwoStepStatus() {
  const [status, setStatus] = useState<SecondFactorStatus>()
  const [error, setError] = useState<string>()
  const [view, setView] = useState<EnrolmentView>()
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>()

  const load = useCallback(async () => {
    const result = await admin().secondFactor.status()
    if (result.ok) setStatus(result.data)
    else setError(result.error.message)
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  const begin = async () => {
    setError(undefined)
    const result = await admin().secondFactor.begin()
    if (result.ok) setView(result.data)
    else setError(result.error.message)
  }

  const enrolled = (codes: { recoveryCodes: string[] }) => {
    setView(undefined)
    setRecoveryCodes(codes.recoveryCodes)
    void load()
  }

  /** Ten new recovery codes in place of the old (issue 56), shown once like the first ones. */
  const regenerate = async () => {
    setError(undefined)
    const result = await admin().secondFactor.regenerateRecoveryCodes()
    if (!result.ok) {
      setError(result.error.message)
      return
    }
    setRecoveryCodes(result.data.recoveryCodes)
    void load()
  }

  return { status, error, view, recoveryCodes, begin, enrolled, regenerate, reload: load }
}
