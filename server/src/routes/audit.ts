import { endpoints } from '@shared/contract'
import { sinkStatuses } from '../audit/sink-status'
import { writeTestEvent } from '../audit/test-event'
import { listAudit } from '../db/audit'
import { resource } from './serve'

export const auditRoutes = resource(({ serve }, ctx) => {
  serve(endpoints.listAuditEntries, ({ query }) => listAudit(ctx.db, query))
  serve(endpoints.listAuditSinks, async () => ({
    sinks: await sinkStatuses(ctx.db, ctx.auditSinks),
  }))
  serve(endpoints.sendAuditTestEvent, ({ caller }) => writeTestEvent(ctx.db, caller))
})
