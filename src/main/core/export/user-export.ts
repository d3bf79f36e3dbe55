import type { ExportOutcome, UserExportRequest } from '../../../shared/bridge'
import type { Page, User, UserListQuery } from '../../../shared/contract'
import { USER_COLUMN_LABELS, userCellText } from '../../../shared/user-columns'
import { USERS_REPORT_TITLE } from '../../../shared/report-file-name'
import type { Log } from '../log/rotating-log'
import { Cancelled, EXPORT_PAGE_SIZE, writeReport, type ExportPorts } from './report-writer'

export type { ExportPorts } from './report-writer'

export interface UserExportJob {
  request: UserExportRequest
  listUsers(query: UserListQuery): Promise<Page<User>>
  ports: ExportPorts
  signal: AbortSignal
  progress(done: number, total: number): void
  log?: Pick<Log, 'error'>
}

/** Exports every user matching the request's search, in its sort, with its columns. */
export function exportUsers(job: UserExportJob): Promise<ExportOutcome> {
  return writeReport({
    format: job.request.format,
    title: USERS_REPORT_TITLE,
    headers: job.request.columns.map((column) => USER_COLUMN_LABELS[column]),
    eachPage: (take) => eachPage(job, take),
    ports: job.ports,
    signal: job.signal,
    log: job.log,
  })
}

/** Hands each page's cells to `take`, in order; answers how many rows there were. */
async function eachPage(
  { request, listUsers, signal, progress }: UserExportJob,
  take: (cells: string[][]) => Promise<void>,
): Promise<number> {
  let done = 0
  for (let page = 0; ; page += 1) {
    if (signal.aborted) throw new Cancelled()
    const answer = await listUsers({
      page,
      size: EXPORT_PAGE_SIZE,
      search: request.search,
      sort: request.sort,
      direction: request.direction,
    })
    if (signal.aborted) throw new Cancelled()
    await take(
      answer.content.map((user) => request.columns.map((column) => userCellText(user, column))),
    )
    done += answer.content.length
    progress(done, Math.max(answer.page.totalElements, done))
    if (answer.content.length < EXPORT_PAGE_SIZE || done >= answer.page.totalElements) return done
  }
}
