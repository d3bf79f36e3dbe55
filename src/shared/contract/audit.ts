import { z } from 'zod'
import { pageQueryFields, pageSchema } from './page'

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = pageSchema(auditEntrySchema)
export const auditQuerySchema = z.object(pageQueryFields(50))
