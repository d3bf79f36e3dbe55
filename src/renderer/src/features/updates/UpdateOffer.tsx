import { useEffect, useState } from 'react'
import { admin } from '../../lib/bridge'

/**
 * "Restart to update", once the main process has downloaded an update: told by app.info when
 * the page loads after the download, by an update-ready event when it comes while it is open.
 */
export function UpdateOffer() {
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

  if (!version) return null

  const restart = () =>
    void admin()
      .app.restartToUpdate()
      .then((result) => !result.ok && setError(result.error.message))

  return (
    <aside className="update-offer" aria-label="Update">
      <p role="status">Version {version} is ready to install.</p>
      <button type="button" onClick={restart}>
        Restart to update
      </button>
      {error && <p role="alert">{error}</p>}
    </aside>
  )
}
