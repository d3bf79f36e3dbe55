import { auditPageSchema, auditQuerySchema } from '@shared/contract'
import type { ServerContext } from '../context'
import { listAudit } from '../db/audit'
import { route, type RouteSpec } from './define'

export function auditRoutes(ctx: ServerContext): RouteSpec[] {
  return [
    route({
      method: 'GET',
      url: '/api/admin/audit',
      operationId: 'listAuditEntries',
      summary:
        'The audit log, newest first: filtered by actor, target user (each an id or username), action and an inclusive range of UTC days',
      tag: 'audit',
      access: 'audit.read',
      query: auditQuerySchema,
      response: auditPageSchema,
      handler: ({ query }) => listAudit(ctx.db, query),
    }),
  ]
}
