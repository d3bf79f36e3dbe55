import { endpoints } from '@shared/contract'
import { listAudit } from '../db/audit'
import { resource } from './serve'

export const auditRoutes = resource(({ serve }, ctx) => {
  serve(endpoints.listAuditEntries, ({ query }) => listAudit(ctx.db, query))
})
