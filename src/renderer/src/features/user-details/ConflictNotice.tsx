/** A 412 on save: someone else won; the administrator chooses when their edits are replaced. */
export function ConflictNotice({ busy, onReload }: { busy: boolean; onReload: () => void }) {
  return (
    <div className="conflict-notice" role="alert">
      <p>
        Someone else changed this user since you opened it, so your changes were not saved. They are
        still in the form: Reload loads the current version and replaces them.
      </p>
      <button type="button" className="primary" disabled={busy} onClick={onReload}>
        Reload
      </button>
    </div>
  )
}
