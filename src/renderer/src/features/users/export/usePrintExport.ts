import { useEffect, useState } from 'react'
import { reportFileName } from '@shared/report-file-name'
import type { PrintJob } from './PrintReport'
import { useText } from '@/lib/text'

/**
 * Prints a hidden report: the document is titled with the report's file name (which the
 * print dialog's "Save as PDF" offers), printed, then both are undone. Chromium's print()
 * returns once the dialog is closed.
 */
export function usePrintExport() {
  const [job, setJob] = useState<PrintJob | null>(null)
  const t = useText()
  useEffect(() => {
    if (!job) return
    const title = document.title
    document.title = reportFileName(job.title, job.generatedAt, 'pdf', t).replace(/\.pdf$/, '')
    window.print()
    document.title = title
    setJob(null)
  }, [job, t])
  return { job, print: setJob }
}
