import { useEffect, useState } from 'react'
import { admin } from '../../lib/bridge'

/**
 * Whether "Confirm it's you" asks for a code too: the signed-in user has a second factor.
 * Undefined until known; a status that cannot be read asks for it (the code is optional then).
 */
export function useSecondFactorAsked(asked: boolean): boolean | undefined {
  const [enrolled, setEnrolled] = useState<boolean>()
  useEffect(() => {
    if (!asked) return
    let current = true
    void admin()
      .secondFactor.status()
      .then((result) => {
        if (current) setEnrolled(result.ok ? result.data.enrolled : true)
      })
    return () => {
      current = false
      setEnrolled(undefined)
    }
  }, [asked])
  return enrolled
}
