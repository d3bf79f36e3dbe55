import type { BridgeEvent, ExportOutcome, ParsedInputOf } from '@shared/bridge'
import type { AuditExportRequest, ExportFormat, UserExportRequest } from '@shared/bridge-inputs'
import type { AuditEntry, AuditQuery, Page, User } from '@shared/contract'
import { ApiFailure } from '../api/http'
import type { LanguageText } from '../host/language'
import type { Log } from '../log/rotating-log'
import { exportAudit } from './audit-export'
import type { ExportPorts } from './report-writer'
import { exportUsers } from './user-export'
import type { UserSourceApi } from './user-source'
import type { AccessName } from './user-report-notes'

/** What every export is started with, whatever its table. */
interface ExportRun {
  ports: ExportPorts
  /** The console's language when the export began. */
  text: LanguageText
  signal: AbortSignal
  progress(done: number, total: number): void
  log?: Pick<Log, 'error'>
}

/** The exports in progress, each cancellable by the id the renderer gave it. */
export function createExports(deps: {
  /** The texts of the console's language. */
  text(): Promise<LanguageText>
  source: UserSourceApi
  getUser(input: { id: number }): Promise<{ user: User }>
  accessName: AccessName
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>>
  ports: ExportPorts
  emit(event: BridgeEvent): void
  log?: Pick<Log, 'error'>
}) {
  const running = new Map<string, AbortController>()

  async function run(
    request: { exportId: string; format: ExportFormat },
    table: string,
    work: (run: ExportRun) => Promise<ExportOutcome>,
  ): Promise<ExportOutcome> {
    if (running.has(request.exportId))
      throw new ApiFailure('An export with this id is already running')
    const controller = new AbortController()
    running.set(request.exportId, controller)
    try {
      return await work({
        ports: deps.ports,
        text: await deps.text(),
        signal: controller.signal,
        progress: (done, total) =>
          deps.emit({ type: 'export-progress', exportId: request.exportId, done, total }),
        log: deps.log,
      })
    } catch (error) {
      deps.log?.error(`Export of ${table} as ${request.format.toUpperCase()} failed`, error)
      throw error
    } finally {
      running.delete(request.exportId)
    }
  }

  return {
    users: (request: UserExportRequest) =>
      run(request, 'users', (job) =>
        exportUsers({
          ...job,
          request,
          source: deps.source,
          accessName: deps.accessName,
          getUser: async (id) => {
            try {
              return (await deps.getUser({ id })).user
            } catch (error) {
              if (error instanceof ApiFailure && error.status === 404) return undefined
              throw error
            }
          },
        }),
      ),
    audit: (request: AuditExportRequest) =>
      run(request, 'the audit log', (job) =>
        exportAudit({ ...job, request, listAudit: deps.listAudit }),
      ),
    cancel({ exportId }: ParsedInputOf<'exports.cancel'>): null {
      running.get(exportId)?.abort()
      return null
    },
  }
}
export type Exports = ReturnType<typeof createExports>
