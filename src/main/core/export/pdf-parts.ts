/** Rows printed to PDF at a time: Chromium's printToPDF gives up on one page of 100,000 rows. */
export const PDF_PART_ROWS = 5_000
/** What one part may take while Chromium lays it out and prints it. */
const BYTES_PER_PART = 512 * 1024 * 1024
const MOST_PARTS_AT_ONCE = 2

/**
 * How many parts to print at once: one per core, at most two (more only adds memory), and only
 * as many as the free memory holds; at least one.
 */
export function pdfPartsAtOnce(cores: number, freeBytes: number): number {
  return Math.max(1, Math.min(MOST_PARTS_AT_ONCE, cores, Math.floor(freeBytes / BYTES_PER_PART)))
}

/** Runs the given work at most `concurrency` at a time, in the order it was handed in. */
export function limiter(concurrency: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < concurrency) active += 1
    // A finished task hands its slot straight to the next, so none can slip in between.
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}
