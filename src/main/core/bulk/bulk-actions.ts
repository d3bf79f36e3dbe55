import type { BridgeEvent, BulkSummary, ParsedInputOf } from '@shared/bridge'
import type { BulkRequest } from '@shared/bridge-inputs'
import type { BulkAction, BulkResult, Page, User, UserListQuery } from '@shared/contract'
import { ApiFailure } from '../api/http'
import { runBulk, type BulkChunk } from './run-bulk'

/** The bulk actions in progress, each cancellable by the id the renderer gave it. */
export function createBulkActions(deps: {
  listUsers(query: UserListQuery): Promise<Page<User>>
  applyChunk(action: BulkAction, body: BulkChunk): Promise<BulkResult>
  emit(event: BridgeEvent): void
}) {
  const running = new Map<string, AbortController>()
  return {
    async run(request: BulkRequest): Promise<BulkSummary> {
      if (running.has(request.bulkId))
        throw new ApiFailure('A bulk action with this id is already running')
      const controller = new AbortController()
      running.set(request.bulkId, controller)
      try {
        return await runBulk({
          request,
          listUsers: deps.listUsers,
          applyChunk: deps.applyChunk,
          signal: controller.signal,
          progress: (phase, done, total) =>
            deps.emit({ type: 'bulk-progress', bulkId: request.bulkId, phase, done, total }),
        })
      } finally {
        running.delete(request.bulkId)
      }
    },
    cancel({ bulkId }: ParsedInputOf<'users.bulkCancel'>): null {
      running.get(bulkId)?.abort()
      return null
    },
  }
}
export type BulkActions = ReturnType<typeof createBulkActions>
