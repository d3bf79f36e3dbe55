import { z } from 'zod'

export const pageInfoSchema = z.object({
  number: z.number().int().min(0),
  size: z.number().int().min(0),
  totalElements: z.number().int().min(0),
  /** Our server sends it; other servers of the contract may not. */
  totalPages: z.number().int().min(0).optional(),
})
export type PageInfo = z.infer<typeof pageInfoSchema>

/** SPEC.md section 3: content plus a zero-based page object. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: pageInfoSchema,
    /**
     * Our server's keyset paging (issue 14): opaque cursors of the next and previous page, null
     * at either end. Other servers of the contract send neither; clients then page by number.
     */
    next: z
      .string()
      .nullable()
      .optional()
      .describe('Cursor of the next page (send as `cursor`); null on the last page'),
    prev: z
      .string()
      .nullable()
      .optional()
      .describe('Cursor of the previous page (send as `cursor`); null on the first page'),
  })
}
export interface Page<T> {
  content: T[]
  page: PageInfo
  next?: string | null
  prev?: string | null
}

export const MAX_PAGE_SIZE = 200

/** Query-string numbers arrive as text; an absent value takes the default. */
export function pageQueryFields(defaultSize: number) {
  return {
    page: z.coerce
      .number({ error: 'page must be a whole number of 0 or more' })
      .int({ error: 'page must be a whole number of 0 or more' })
      .min(0, { error: 'page must be a whole number of 0 or more' })
      .default(0)
      .describe('Zero-based page number; ignored when a cursor is given'),
    size: z.coerce
      .number({ error: `size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int({ error: `size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .min(1, { error: `size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .max(MAX_PAGE_SIZE, { error: `size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .default(defaultSize),
  }
}
