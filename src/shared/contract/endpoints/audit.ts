import { auditPageSchema, auditQuerySchema } from '../audit'
import { auditSinkListSchema, auditTestEventSchema } from '../audit-sinks'
import { endpoint } from '../endpoint'

export const auditEndpoints = {
  listAuditEntries: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    summary:
      'The audit log, newest first: filtered by actor, target user (each an id or username), action and an inclusive range of UTC days',
    tag: 'audit',
    access: 'audit.read',
    query: auditQuerySchema,
    output: auditPageSchema,
  }),
  listAuditSinks: endpoint({
    method: 'GET',
    path: '/api/admin/audit/sinks',
    summary:
      'Where the audit records are forwarded: each sink, the records it has still to receive and its last error',
    tag: 'audit',
    access: 'audit.read',
    output: auditSinkListSchema,
  }),
  sendAuditTestEvent: endpoint({
    method: 'POST',
    path: '/api/admin/audit/test-event',
    summary: 'Writes an audit record of its own, which every sink then receives',
    tag: 'audit',
    access: 'audit.read',
    status: 201,
    output: auditTestEventSchema,
  }),
}
