import type { ImportPreview, ImportRowError, ImportRowOutcome } from '@shared/bridge'
import {
  NOTHING_TO_CHANGE,
  NOTHING_TO_CHANGE_UNTICKED,
  SEND_LINK_LABEL,
  UPDATE_PRESENT_LABEL,
  importPreviewCounts,
  importReportCounts,
  unchangedReason,
} from '@shared/user-import-messages'
import { Dialog } from '@/components/Dialog'
import { ErrorBanner } from '@/components/ErrorBanner'
import { useUserImport, type ImportProgress } from './useUserImport'
import './import.css'

/** A preview row's outcome in words: what would happen to it, and why a row is left alone. */
function previewOutcome(row: ImportRowOutcome, updateExisting: boolean): string {
  if (row.outcome === 'failed') return 'Error'
  if (row.outcome === 'created') return 'New user'
  return row.outcome === 'updated'
    ? 'Already present, will be updated'
    : unchangedReason(updateExisting)
}

/** Whether applying the previewed file would change no user. */
const changesNothing = (preview: ImportPreview, updateExisting: boolean) =>
  preview.created === 0 && preview.failed === 0 && (!updateExisting || preview.updated === 0)

/** The rows' errors by row and field, the field as the file's header names it (issue 56). */
function ErrorTable({ errors }: { errors: ImportRowError[] }) {
  if (errors.length === 0) return null
  return (
    <table className="data-table import-errors" aria-label="Errors">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Field</th>
          <th scope="col">Error</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={`${error.row}-${index}`}>
            <td>{error.row}</td>
            <td>{error.field}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Progress({ progress, onCancel }: { progress: ImportProgress; onCancel?: () => void }) {
  const verb = progress.phase === 'checking' ? 'Checking' : 'Importing'
  const label = `${verb} rows: ${progress.done} of ${progress.total}`
  return (
    <div className="import-progress">
      <label htmlFor="import-progress-bar">{label}</label>
      <progress
        id="import-progress-bar"
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-valuetext={label}
      />
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  )
}

/** Import CSV (issue 32): choose a file, see what it would do, apply it, keep the report. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const run = useUserImport()
  const { state } = run
  const applying = state.step === 'working' && state.progress?.phase === 'applying'

  const footer =
    state.step === 'preview' ? (
      <>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        {/* Even a file that changes nothing is applied: its report says so (docs/CONSOLE.md). */}
        <button type="button" className="primary" onClick={run.apply}>
          Apply
        </button>
      </>
    ) : state.step === 'report' ? (
      <>
        <button type="button" className="secondary" onClick={run.saveReport}>
          Save report
        </button>
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </>
    ) : state.step === 'choose' ? (
      <button type="button" className="secondary" onClick={onClose}>
        Cancel
      </button>
    ) : undefined

  return (
    // Closing while applying would hide the Cancel that stops it: the dialog stays until done.
    <Dialog
      title="Import Users from CSV"
      className="import-dialog"
      onClose={applying ? () => undefined : onClose}
      footer={footer}
    >
      {run.error && <ErrorBanner message={run.error} onDismiss={run.dismissError} />}

      {state.step === 'choose' && (
        <div className="import-choose">
          <p>
            One user per row, columns found by their header: username, email, first name, last name,
            phone, active, roles and groups (names separated by “;”). Passwords are never imported.
          </p>
          <button type="button" className="primary" data-autofocus onClick={run.choose}>
            Choose File…
          </button>
        </div>
      )}

      {state.step === 'working' && (
        <div role="status">
          {state.file && <p className="import-file">{state.file.fileName}</p>}
          {state.progress ? (
            <Progress
              progress={state.progress}
              onCancel={state.progress.phase === 'applying' ? run.cancel : undefined}
            />
          ) : (
            <p>Working…</p>
          )}
        </div>
      )}

      {state.step === 'preview' && (
        <div className="import-preview">
          <p className="import-file">
            {state.file.fileName}: {state.file.rows} rows
          </p>
          {state.file.unknownColumns.length > 0 && (
            <p className="import-note">Ignored columns: {state.file.unknownColumns.join(', ')}</p>
          )}
          <p className="import-counts" role="status">
            {importPreviewCounts({
              ...state.preview,
              updated: run.updateExisting ? state.preview.updated : undefined,
            })}
          </p>
          {changesNothing(state.preview, run.updateExisting) && (
            <p className="import-note">
              {run.updateExisting || state.preview.present === 0
                ? NOTHING_TO_CHANGE
                : NOTHING_TO_CHANGE_UNTICKED}
            </p>
          )}
          <table className="data-table import-rows" aria-label="First rows">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Username</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {state.preview.firstRows.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>{row.username}</td>
                  <td className={`import-outcome-${row.outcome}`}>
                    {previewOutcome(row, run.updateExisting)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ErrorTable errors={state.preview.errors} />
          <label className="import-choice">
            <input
              type="checkbox"
              checked={run.updateExisting}
              onChange={(event) => run.setUpdateExisting(event.target.checked)}
            />
            {UPDATE_PRESENT_LABEL}
          </label>
          <label className="import-choice">
            <input
              type="checkbox"
              checked={run.sendSetPasswordLink}
              onChange={(event) => run.setSendSetPasswordLink(event.target.checked)}
            />
            {SEND_LINK_LABEL}
          </label>
        </div>
      )}

      {state.step === 'report' && (
        <div className="import-report" role="status">
          <p className="import-counts">{importReportCounts(state.report)}</p>
          {state.report.cancelled && state.report.stoppedAtRow !== undefined && (
            <p className="import-note">
              Cancelled: rows from {state.report.stoppedAtRow} on were not imported; what was
              created before stays.
            </p>
          )}
          {state.report.error && (
            <p className="import-note">
              Stopped at row {state.report.stoppedAtRow}: {state.report.error}
            </p>
          )}
          <ErrorTable errors={state.report.errors} />
        </div>
      )}
    </Dialog>
  )
}
