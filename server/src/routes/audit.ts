import {
  auditPageSchema,
  auditQuerySchema,
  auditSinkListSchema,
  auditTestEventSchema,
} from '@shared/contract'
import { sinkStatuses } from '../audit/sink-status'
import { writeTestEvent } from '../audit/test-event'
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
    route({
      method: 'GET',
      url: '/api/admin/audit/sinks',
      operationId: 'listAuditSinks',
      summary:
        'Where the audit records are forwarded: each sink, the records it has still to receive and its last error',
      tag: 'audit',
      access: 'audit.read',
      response: auditSinkListSchema,
      handler: async () => ({ sinks: await sinkStatuses(ctx.db, ctx.auditSinks) }),
    }),
    route({
      method: 'POST',
      url: '/api/admin/audit/test-event',
      operationId: 'sendAuditTestEvent',
      summary: 'Writes an audit record of its own, which every sink then receives',
      tag: 'audit',
      access: 'audit.read',
      status: 201,
      response: auditTestEventSchema,
      handler: ({ caller }) => writeTestEvent(ctx.db, caller),
    }),
  ]
}
