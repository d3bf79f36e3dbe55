import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type {
  BridgeEvent,
  ExportOutcome,
  ImportOpenOutcome,
  ImportPreview,
  ImportReport,
  ImportRowError,
  ImportRowOutcome,
  ParsedInputOf,
} from '@shared/bridge'
import { unchangedReason } from '@shared/user-import-messages'
import type {
  ImportOutcome,
  ImportRunFinish,
  UserImportRequest,
  UserImportResponse,
  UserImportResult,
} from '@shared/contract'
import { ApiFailure } from '../api/http'
import { csvRows } from '../export/csv'
import type { ExportPorts } from '../export/report-writer'
import { ImportFileError, readImportFile, type ParsedImport } from './parse-csv'
import {
  APPLY_CHUNK_ROWS,
  APPLY_REQUESTS_AT_ONCE,
  CHECK_CHUNK_ROWS,
  CHECK_REQUESTS_AT_ONCE,
  runImport,
} from './run-import'

/** Rows of the file the preview shows with their outcome. */
export const PREVIEW_FIRST_ROWS = 20
/** Errors the preview lists; the saved report has every one. */
export const MAX_PREVIEW_ERRORS = 1000
export const IMPORT_REPORT_FILE_NAME = 'import-report.csv'
const REPORT_HEADERS = ['Row', 'Username', 'Outcome', 'Reason']

interface OpenedImport {
  fileName: string
  parsed: ParsedImport
  /** Every row's outcome once applied (or checked), by row number. */
  outcomes?: Map<number, ImportRowOutcome>
  /** The choice the outcomes were applied with, for the reasons of rows left alone. */
  updateExisting?: boolean
  running?: AbortController
}

/** The rows refused in the file itself, as failed outcomes. */
function localOutcomes(parsed: ParsedImport): Map<number, ImportRowOutcome> {
  const outcomes = new Map<number, ImportRowOutcome>()
  for (const error of parsed.errors) {
    const outcome = outcomes.get(error.row) ?? {
      row: error.row,
      username: parsed.usernames.get(error.row) ?? '',
      outcome: 'failed' as const,
      present: false,
      errors: [],
    }
    outcome.errors.push({ field: parsed.fieldName(error.field), message: error.message })
    outcomes.set(error.row, outcome)
  }
  return outcomes
}

/** A server's result with its errors' fields named as the file names them. */
function inFileTerms(parsed: ParsedImport, result: UserImportResult): UserImportResult {
  if (result.errors.length === 0) return result
  const errors = result.errors.map((error) => ({
    ...error,
    field: error.field && parsed.fieldName(error.field),
  }))
  return { ...result, errors }
}

/** Every error of these outcomes by row and field, in row order, the first MAX_PREVIEW_ERRORS. */
function errorList(outcomes: Iterable<ImportRowOutcome>): ImportRowError[] {
  return [...outcomes]
    .sort((a, b) => a.row - b.row)
    .flatMap((row) => row.errors.map((error) => ({ row: row.row, ...error })))
    .slice(0, MAX_PREVIEW_ERRORS)
}

type Counts = Record<ImportOutcome | 'present', number>

/** Counts outcomes in one pass, as they come. */
function counter() {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0, failed: 0, present: 0 }
  return {
    counts,
    add(outcome: ImportRowOutcome) {
      counts[outcome.outcome] += 1
      if (outcome.present && outcome.outcome !== 'failed') counts.present += 1
    },
  }
}

/**
 * A dry run's results as they come, keeping only what the preview shows (its counts, the first
 * rows, the rows with errors) and the file's own refusals, not a result for each of 100,000 rows.
 */
function previewCollector(parsed: ParsedImport) {
  const { counts, add } = counter()
  const kept = localOutcomes(parsed)
  for (const outcome of kept.values()) add(outcome)
  let seen = 0
  return {
    collect(results: UserImportResult[]) {
      for (const result of results) {
        add(result)
        // Results come in file order: the first ones are the lowest rows sent.
        if (seen < PREVIEW_FIRST_ROWS || result.errors.length > 0) kept.set(result.row, result)
        seen += 1
      }
    },
    preview(): ImportPreview {
      const inRowOrder = [...kept.values()].sort((a, b) => a.row - b.row)
      return {
        created: counts.created,
        present: counts.present,
        updated: counts.updated,
        failed: counts.failed,
        firstRows: inRowOrder.slice(0, PREVIEW_FIRST_ROWS),
        errors: errorList(inRowOrder),
      }
    },
  }
}

/**
 * The CSV imports of this console, each opened by the id the renderer gave it: read and checked
 * here, previewed by the server's dry run, applied a request at a time with progress and Cancel,
 * and reported row by row.
 */
export function createImports(deps: {
  /** The native open dialog: the chosen file, or null when the administrator cancels it. */
  chooseFile: (() => Promise<string | null>) | undefined
  send(body: UserImportRequest): Promise<UserImportResponse>
  /**
   * Our server's import runs (feature 'import-runs'): whether the server has them, and the call
   * that ends one, so that a file applied in many requests is audited once (issue 56).
   */
  importRuns: {
    offered(): Promise<boolean>
    finish(runId: string, ending: ImportRunFinish['ending']): Promise<unknown>
  }
  saveFile: ExportPorts['chooseFile']
  emit(event: BridgeEvent): void
}) {
  const opened = new Map<string, OpenedImport>()

  const find = (importId: string) => {
    const found = opened.get(importId)
    if (!found) throw new ApiFailure('This file is no longer open. Choose it again.')
    return found
  }

  async function run(
    importId: string,
    phase: 'checking' | 'applying',
    body: Omit<UserImportRequest, 'rows'>,
    collect: (results: UserImportResult[]) => void,
  ) {
    const file = find(importId)
    if (file.running) throw new ApiFailure('This file is already being imported')
    const controller = new AbortController()
    file.running = controller
    // Rows refused in the file itself count as done from the start.
    const { total } = file.parsed
    const refused = total - file.parsed.rows.length
    deps.emit({ type: 'import-progress', importId, phase, done: refused, total })
    try {
      const answer = await runImport({
        rows: file.parsed.rows,
        rowsPerRequest: phase === 'checking' ? CHECK_CHUNK_ROWS : APPLY_CHUNK_ROWS,
        requestsAtOnce: phase === 'checking' ? CHECK_REQUESTS_AT_ONCE : APPLY_REQUESTS_AT_ONCE,
        send: (rows) => deps.send({ ...body, rows, fileName: file.fileName }),
        signal: controller.signal,
        collect: (results) => collect(results.map((result) => inFileTerms(file.parsed, result))),
        progress: (sent) =>
          deps.emit({ type: 'import-progress', importId, phase, done: refused + sent, total }),
      })
      return { file, answer }
    } finally {
      file.running = undefined
    }
  }

  return {
    async open({ importId }: ParsedInputOf<'imports.open'>): Promise<ImportOpenOutcome> {
      if (!deps.chooseFile) throw new ApiFailure('This console cannot open files.')
      const path = await deps.chooseFile()
      if (!path) return { status: 'cancelled' }
      try {
        const parsed = await readImportFile(path)
        const fileName = basename(path)
        opened.set(importId, { fileName, parsed })
        return {
          status: 'opened',
          fileName,
          rows: parsed.total,
          unknownColumns: parsed.unknownColumns,
        }
      } catch (error) {
        if (error instanceof ImportFileError) throw new ApiFailure(error.message)
        const reason = error instanceof Error ? error.message : String(error)
        throw new ApiFailure(`The file could not be read: ${reason}`)
      }
    },

    async preview(input: ParsedInputOf<'imports.preview'>): Promise<ImportPreview> {
      const collector = previewCollector(find(input.importId).parsed)
      const { answer } = await run(
        input.importId,
        'checking',
        { dryRun: true, updateExisting: input.updateExisting },
        collector.collect,
      )
      if (answer.error) throw new ApiFailure(answer.error)
      return collector.preview()
    },

    async apply(input: ParsedInputOf<'imports.apply'>): Promise<ImportReport> {
      const file = find(input.importId)
      // Every row's outcome, for the report.
      const outcomes = localOutcomes(file.parsed)
      // Each application of the file is a run of its own on the server.
      const runId = (await deps.importRuns.offered()) ? randomUUID() : undefined
      const { answer } = await run(
        input.importId,
        'applying',
        {
          dryRun: false,
          updateExisting: input.updateExisting,
          sendSetPasswordLink: input.sendSetPasswordLink,
          ...(runId && { importId: runId }),
        },
        (results) => {
          for (const result of results) outcomes.set(result.row, result)
        },
      )
      if (runId) {
        const ending = answer.error ? 'failed' : answer.cancelled ? 'cancelled' : 'completed'
        // Unfinished, the server audits the run itself after a quiet while; a run that applied
        // nothing has nothing to finish (404).
        await deps.importRuns.finish(runId, ending).catch((error: unknown) => {
          if (!(error instanceof ApiFailure)) throw error
        })
      }
      file.outcomes = outcomes
      file.updateExisting = input.updateExisting
      const { counts, add } = counter()
      for (const outcome of outcomes.values()) add(outcome)
      return {
        created: counts.created,
        updated: counts.updated,
        unchanged: counts.unchanged,
        failed: counts.failed,
        done: answer.done + file.parsed.total - file.parsed.rows.length,
        total: file.parsed.total,
        cancelled: answer.cancelled,
        ...(answer.stoppedAtRow !== undefined && { stoppedAtRow: answer.stoppedAtRow }),
        ...(answer.error !== undefined && { error: answer.error }),
        errors: errorList(outcomes.values()),
      }
    },

    cancel({ importId }: ParsedInputOf<'imports.cancel'>): null {
      opened.get(importId)?.running?.abort()
      return null
    },

    async saveReport({ importId }: ParsedInputOf<'imports.saveReport'>): Promise<ExportOutcome> {
      const file = find(importId)
      const outcomes = file.outcomes
      if (!outcomes) throw new ApiFailure('Apply the import first: the report lists what it did.')
      const path = await deps.saveFile(IMPORT_REPORT_FILE_NAME, 'csv')
      if (!path) return { status: 'cancelled' }
      const rows = [...file.parsed.usernames].map(([row, username]) => {
        const outcome = outcomes.get(row)
        return [
          String(row),
          username,
          outcome?.outcome ?? 'not imported',
          !outcome
            ? 'stopped before this row'
            : outcome.outcome === 'unchanged'
              ? unchangedReason(file.updateExisting ?? false)
              : outcome.errors
                  .map((error) =>
                    error.field ? `${error.field}: ${error.message}` : error.message,
                  )
                  .join('; '),
        ]
      })
      await writeFile(path, csvRows([REPORT_HEADERS]) + csvRows(rows))
      return { status: 'saved', file: path, rows: rows.length }
    },

    close({ importId }: ParsedInputOf<'imports.close'>): null {
      opened.get(importId)?.running?.abort()
      opened.delete(importId)
      return null
    },
  }
}
export type Imports = ReturnType<typeof createImports>
