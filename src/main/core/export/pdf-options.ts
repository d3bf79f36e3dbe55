/** SPEC.md section 9: A4 landscape with 12 mm margins, the same in both hosts. */
export const REPORT_MARGIN_MM = 12
export const MM_PER_INCH = 25.4
/** How long a report page may take to load its resources before it is printed anyway. */
export const RESOURCE_WAIT_MS = 5_000
/** The print window of the fallback closes itself after this long. */
export const PRINT_WINDOW_CLOSE_MS = 10_000
