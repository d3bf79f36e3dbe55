import { useEffect, useState } from 'react'
import { admin } from '../../lib/bridge'

/**
 * The update the main process has downloaded, if any: told by app.info when the page loads
 * after the download, by an update-ready event when it comes while the page is open; and the
 * restart into it, with why it failed.
 */
export function useUpdateOffer() {
  const [version, setVersion] = useState<string | null>(null)
  const [error, setError] = useState<string>()

  useEffect(() => {
    const unsubscribe = admin().app.onEvent((event) => {
      if (event.type === 'update-ready') setVersion(event.version)
    })
    void admin()
      .app.info()
      .then((result) => result.ok && result.data.updateReady && setVersion(result.data.updateReady))
    return unsubscribe
  }, [])

  const restart = () =>
    void admin()
      .app.restartToUpdate()
      .then((result) => !result.ok && setError(result.error.message))

  return { version, error, restart }
}
