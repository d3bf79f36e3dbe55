/** Dates as the console shows them; the same function formats exported files. */
export { formatDateTime } from '@shared/dates'
