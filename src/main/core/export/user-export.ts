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
  /** One user for Export Selected; undefined when it was deleted since it was chosen. */
  getUser(id: number): Promise<User | undefined>
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

/** Export Selected reads its users this many at a time. */
const SELECTED_READS_AT_ONCE = 10

/** Hands the chosen users' cells to `take`, in the order chosen; answers how many rows there were. */
async function eachSelected(
  { request, getUser, signal, progress }: UserExportJob,
  ids: number[],
  take: (cells: string[][]) => Promise<void>,
): Promise<number> {
  let rows = 0
  for (let start = 0; start < ids.length; start += SELECTED_READS_AT_ONCE) {
    if (signal.aborted) throw new Cancelled()
    const batch = ids.slice(start, start + SELECTED_READS_AT_ONCE)
    const users = (await Promise.all(batch.map(getUser))).filter((user) => user !== undefined)
    if (signal.aborted) throw new Cancelled()
    await take(users.map((user) => request.columns.map((column) => userCellText(user, column))))
    rows += users.length
    progress(start + batch.length, ids.length)
  }
  return rows
}

/** Hands each page's cells to `take`, in order; answers how many rows there were. */
async function eachPage(job: UserExportJob, take: (cells: string[][]) => Promise<void>) {
  if (job.request.ids) return eachSelected(job, job.request.ids, take)
  const { request, listUsers, signal, progress } = job
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
