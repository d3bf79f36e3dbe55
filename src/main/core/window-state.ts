import { z } from 'zod'

const boundsSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(800).max(10_000),
  height: z.number().int().min(600).max(10_000),
})
export type WindowBounds = z.infer<typeof boundsSchema>

export const DEFAULT_BOUNDS: WindowBounds = { width: 1366, height: 768 }

/** The remembered window size; anything unreadable falls back to the default. */
export function parseWindowBounds(text: string | undefined): WindowBounds {
  if (!text) return DEFAULT_BOUNDS
  try {
    return boundsSchema.parse(JSON.parse(text))
  } catch {
    return DEFAULT_BOUNDS
  }
}
