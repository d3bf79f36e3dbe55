import { z } from 'zod'

/**
 * Where the server forwards its audit records (issue 58), as Settings shows them to those who
 * may read the audit log: how many records each has still to receive, and what went wrong last.
 */
export const auditSinkSchema = z.object({
  name: z.enum(['syslog', 'file', 'https']),
  target: z.string(),
  /** Records written but not yet delivered. */
  lag: z.number().int().min(0),
  deliveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Its last delivery failed and records wait: the receiver is down, slow or refusing. */
  failing: z.boolean(),
})
export type AuditSink = z.infer<typeof auditSinkSchema>

export const auditSinkListSchema = z.object({ sinks: z.array(auditSinkSchema) })
export type AuditSinkList = z.infer<typeof auditSinkListSchema>

/** What "Send test event" answers: the record written, which every sink then receives. */
export const auditTestEventSchema = z.object({ id: z.number().int(), seq: z.number().int() })
export type AuditTestEvent = z.infer<typeof auditTestEventSchema>
