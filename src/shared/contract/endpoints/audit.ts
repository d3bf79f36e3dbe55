import { auditPageSchema, auditQuerySchema } from '../audit'
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
}
