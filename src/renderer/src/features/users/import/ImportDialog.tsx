import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { ImportPreview, ImportRowError, ImportRowOutcome } from '@shared/bridge'
import type { Translate } from '@shared/i18n/catalogues'
import { unchangedReasonId } from '@shared/user-import-messages'
import { Dialog } from '@/components/Dialog'
import { ErrorBanner } from '@/components/ErrorBanner'
import { useText } from '@/lib/text'
import { importMessageText, previewCounts, reportCounts } from './import-texts'
import { useUserImport, type ImportProgress } from './useUserImport'
import './import.css'

/** A preview row's outcome in words: what would happen to it, and why a row is left alone. */
function previewOutcome(t: Translate, row: ImportRowOutcome, updateExisting: boolean): string {
  if (row.outcome === 'failed') return t('import.outcomeFailed')
  if (row.outcome === 'created') return t('import.outcomeCreated')
  return row.outcome === 'updated'
    ? t('import.outcomeUpdated')
    : t(unchangedReasonId(updateExisting))
}

/** A file's name kept whole, left to right, inside a right-to-left sentence. */
const bdi = (chunks: ReactNode[]) => <bdi>{chunks}</bdi>

/** Whether applying the previewed file would change no user. */
const changesNothing = (preview: ImportPreview, updateExisting: boolean) =>
  preview.created === 0 && preview.failed === 0 && (!updateExisting || preview.updated === 0)

/** The rows' errors by row and field, the field as the file's header names it (issue 56). */
function ErrorTable({ errors }: { errors: ImportRowError[] }) {
  const t = useText()
  if (errors.length === 0) return null
  return (
    <table className="data-table import-errors" aria-label={t('import.errors')}>
      <thead>
        <tr>
          <th scope="col">{t('import.row')}</th>
          <th scope="col">{t('import.field')}</th>
          <th scope="col">{t('import.error')}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={`${error.row}-${index}`}>
            <td>{error.row}</td>
            <td>
              <bdi>{error.field}</bdi>
            </td>
            <td>{importMessageText(t, error.message)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Progress({ progress, onCancel }: { progress: ImportProgress; onCancel?: () => void }) {
  const t = useText()
  const label = t(progress.phase === 'checking' ? 'import.checking' : 'import.importing', {
    done: progress.done,
    total: progress.total,
  })
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
          {t('import.cancel')}
        </button>
      )}
    </div>
  )
}

/** Import CSV (issue 32): choose a file, see what it would do, apply it, keep the report. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const t = useText()
  const run = useUserImport()
  const { state } = run
  const applying = state.step === 'working' && state.progress?.phase === 'applying'

  const footer =
    state.step === 'preview' ? (
      <>
        <button type="button" className="secondary" onClick={onClose}>
          {t('import.cancel')}
        </button>
        {/* Even a file that changes nothing is applied: its report says so (docs/CONSOLE.md). */}
        <button type="button" className="primary" onClick={run.apply}>
          {t('import.apply')}
        </button>
      </>
    ) : state.step === 'report' ? (
      <>
        <button type="button" className="secondary" onClick={run.saveReport}>
          {t('import.saveReport')}
        </button>
        <button type="button" className="primary" onClick={onClose}>
          {t('import.close')}
        </button>
      </>
    ) : state.step === 'choose' ? (
      <button type="button" className="secondary" onClick={onClose}>
        {t('import.cancel')}
      </button>
    ) : undefined

  return (
    // Closing while applying would hide the Cancel that stops it: the dialog stays until done.
    <Dialog
      title={t('import.title')}
      className="import-dialog"
      onClose={applying ? () => undefined : onClose}
      footer={footer}
    >
      {run.error && <ErrorBanner message={run.error} onDismiss={run.dismissError} />}

      {state.step === 'choose' && (
        <div className="import-choose">
          <p>{t('import.intro')}</p>
          <button type="button" className="primary" data-autofocus onClick={run.choose}>
            {t('import.chooseFile')}
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
            <p>{t('import.working')}</p>
          )}
        </div>
      )}

      {state.step === 'preview' && (
        <div className="import-preview">
          <p className="import-file">
            <FormattedMessage
              id="import.fileRows"
              values={{ file: state.file.fileName, rows: state.file.rows, bdi }}
            />
          </p>
          {state.file.unknownColumns.length > 0 && (
            <p className="import-note">
              {t('import.ignoredColumns', { columns: state.file.unknownColumns.join(', ') })}
            </p>
          )}
          <p className="import-counts" role="status">
            {previewCounts(t, state.preview, run.updateExisting)}
          </p>
          {changesNothing(state.preview, run.updateExisting) && (
            <p className="import-note">
              {run.updateExisting || state.preview.present === 0
                ? t('import.nothingToChange')
                : t('import.nothingToChangeUnticked')}
            </p>
          )}
          <table className="data-table import-rows" aria-label={t('import.firstRows')}>
            <thead>
              <tr>
                <th scope="col">{t('import.row')}</th>
                <th scope="col">{t('import.username')}</th>
                <th scope="col">{t('import.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {state.preview.firstRows.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>
                    <bdi>{row.username}</bdi>
                  </td>
                  <td className={`import-outcome-${row.outcome}`}>
                    {previewOutcome(t, row, run.updateExisting)}
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
            {t('import.updatePresent')}
          </label>
          <label className="import-choice">
            <input
              type="checkbox"
              checked={run.sendSetPasswordLink}
              onChange={(event) => run.setSendSetPasswordLink(event.target.checked)}
            />
            {t('import.sendLink')}
          </label>
        </div>
      )}

      {state.step === 'report' && (
        <div className="import-report" role="status">
          <p className="import-counts">{reportCounts(t, state.report)}</p>
          {state.report.cancelled && state.report.stoppedAtRow !== undefined && (
            <p className="import-note">
              {t('import.cancelledAt', { row: state.report.stoppedAtRow })}
            </p>
          )}
          {state.report.error && (
            <p className="import-note">
              {t('import.stoppedAt', {
                row: state.report.stoppedAtRow ?? '',
                error: state.report.error,
              })}
            </p>
          )}
          <ErrorTable errors={state.report.errors} />
        </div>
      )}
    </Dialog>
  )
}
