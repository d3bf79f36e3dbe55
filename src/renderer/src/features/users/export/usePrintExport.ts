import { useEffect, useState } from 'react'
import { reportBaseName } from './file-name'
import type { PrintJob } from './PrintReport'

/**
 * The print-based PDF export: the report is mounted, the document is titled with the report's
 * file name (which the print dialog's "Save as PDF" offers), printed, then both are undone.
 * Chromium's print() returns once the dialog is closed.
 */
export function usePrintExport<T>() {
  const [job, setJob] = useState<PrintJob<T> | null>(null)
  useEffect(() => {
    if (!job) return
    const title = document.title
    document.title = reportBaseName(job.title, job.generatedAt)
    window.print()
    document.title = title
    setJob(null)
  }, [job])
  return { job, print: setJob }
}
