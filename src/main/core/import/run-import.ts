import {
  MAX_IMPORT_ROWS,
  type UserImportResponse,
  type UserImportResult,
  type UserImportRow,
} from '@shared/contract'
import { ApiFailure } from '../api/http'

/** Below the server's 1 MiB body limit, whatever the rows hold. */
export const IMPORT_CHUNK_BYTES = 512 * 1024
/**
 * Rows applied per request: small enough that progress moves and Cancel takes effect within a
 * moment (each row is a transaction of its own). A dry run only reads, and sends the most.
 */
export const APPLY_CHUNK_ROWS = 200
export const CHECK_CHUNK_ROWS = MAX_IMPORT_ROWS
/** Dry-run requests in flight at once: the console's work on one overlaps the server's on the next. */
export const CHECK_REQUESTS_AT_ONCE = 2
/**
 * Applying requests in flight at once: the server plans and writes one while the database
 * commits the other (`npm run bench:import`, 100,000 rows: about 75 s one at a time, 48-55 s two
 * at once). Each row is still a transaction of its own; the file's duplicates are refused before
 * anything is sent.
 */
export const APPLY_REQUESTS_AT_ONCE = 2

/** The rows in requests of at most `maxRows` rows and IMPORT_CHUNK_BYTES of JSON. */
export function importChunks(rows: UserImportRow[], maxRows: number): UserImportRow[][] {
  const chunks: UserImportRow[][] = []
  let chunk: UserImportRow[] = []
  let bytes = 0
  for (const row of rows) {
    const size = JSON.stringify(row).length + 1
    if (chunk.length === maxRows || (chunk.length > 0 && bytes + size > IMPORT_CHUNK_BYTES)) {
      chunks.push(chunk)
      chunk = []
      bytes = 0
    }
    chunk.push(row)
    bytes += size
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}

export interface ImportRun {
  /** Rows sent and answered. */
  done: number
  /** The first row not sent, when Cancel or a failed request stopped the run. */
  stoppedAtRow?: number
  cancelled: boolean
  error?: string
}

/**
 * Sends the rows in requests, in file order, up to `requestsAtOnce` of them in flight: the
 * console prepares and reads one while the server works on the next. Cancel stops before the next
 * request; what was sent stays applied and counted. A request that fails as a whole stops the
 * run once the requests in flight are answered, and the run says where and why.
 */
export async function runImport(job: {
  rows: UserImportRow[]
  rowsPerRequest: number
  requestsAtOnce: number
  send(rows: UserImportRow[]): Promise<UserImportResponse>
  signal: AbortSignal
  /** Takes each answer's results, in file order, as they come. */
  collect(results: UserImportResult[]): void
  progress(done: number): void
}): Promise<ImportRun> {
  const run: ImportRun = { done: 0, cancelled: false }
  const chunks = importChunks(job.rows, job.rowsPerRequest)
  const sent: Promise<UserImportResponse>[] = []
  for (const [index, chunk] of chunks.entries()) {
    while (sent.length < chunks.length && sent.length - index < job.requestsAtOnce) {
      if (job.signal.aborted) break
      const answer = job.send(chunks[sent.length]!)
      // Awaited in its turn; one answered after the run stopped is let go.
      answer.catch(() => undefined)
      sent.push(answer)
    }
    if (index === sent.length) return { ...run, cancelled: true, stoppedAtRow: chunk[0]!.row }
    let answer: UserImportResponse
    try {
      answer = await sent[index]!
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error
      // The run ends when the server has nothing of it left to do: the requests after this one
      // may still be applying rows, and the run's audit entry follows them (issue 56).
      await Promise.allSettled(sent.slice(index + 1))
      return { ...run, error: error.message, stoppedAtRow: chunk[0]!.row }
    }
    job.collect(answer.results)
    run.done += answer.results.length
    job.progress(run.done)
  }
  return run
}
