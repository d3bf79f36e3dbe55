import { useUpdateOffer } from './useUpdateOffer'

/** "Restart to update", once the main process has downloaded an update. */
export function UpdateOffer() {
  const { version, error, restart } = useUpdateOffer()
  if (!version) return null
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
