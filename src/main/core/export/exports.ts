import type { BridgeEvent, ExportOutcome, UserExportRequest } from '../../../shared/bridge'
import { ApiFailure } from '../api/http'
import type { Log } from '../log/rotating-log'
import { exportUsers, type ExportPorts } from './user-export'
import type { UserSourceApi } from './user-source'

/** The exports in progress, each cancellable by the id the renderer gave it. */
export function createExports(deps: {
  source: UserSourceApi
  ports: ExportPorts
  emit(event: BridgeEvent): void
  log?: Pick<Log, 'error'>
}) {
  const running = new Map<string, AbortController>()
  return {
    async users(request: UserExportRequest): Promise<ExportOutcome> {
      if (running.has(request.exportId))
        throw new ApiFailure('An export with this id is already running')
      const controller = new AbortController()
      running.set(request.exportId, controller)
      try {
        return await exportUsers({
          request,
          source: deps.source,
          ports: deps.ports,
          signal: controller.signal,
          progress: (done, total) =>
            deps.emit({ type: 'export-progress', exportId: request.exportId, done, total }),
          log: deps.log,
        })
      } catch (error) {
        deps.log?.error(`Export of users as ${request.format.toUpperCase()} failed`, error)
        throw error
      } finally {
        running.delete(request.exportId)
      }
    },
    cancel({ exportId }: { exportId: string }): null {
      running.get(exportId)?.abort()
      return null
    },
  }
}
export type Exports = ReturnType<typeof createExports>
