import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { ImportPreview, ImportReport } from '@shared/bridge'
import { queryKeys } from '@/api/keys'
import { admin } from '@/lib/bridge'
import { notify } from '@/lib/notifications'
import { useText } from '@/lib/text'
import { importMessageText, reportCounts } from './import-texts'

export interface OpenedFile {
  fileName: string
  rows: number
  unknownColumns: string[]
}

export interface ImportProgress {
  phase: 'checking' | 'applying'
  done: number
  total: number
}

/** Where the import stands: choosing a file, checking it, its preview, applying, its report. */
export type ImportStep =
  | { step: 'choose' }
  | { step: 'working'; file: OpenedFile | null; progress: ImportProgress | null }
  | { step: 'preview'; file: OpenedFile; preview: ImportPreview }
  | { step: 'report'; file: OpenedFile; report: ImportReport }

/**
 * A CSV import run by the main process (issue 32): the native open dialog, the server's dry run
 * as a preview (again whenever "Update users already present" changes), apply with progress and
 * Cancel, and the report, which can be saved. The list is read again after applying.
 */
export function useUserImport() {
  const t = useText()
  const client = useQueryClient()
  const importId = useRef(crypto.randomUUID()).current
  const [state, setState] = useState<ImportStep>({ step: 'choose' })
  const [error, setError] = useState<string | null>(null)
  const [updateExisting, setUpdateExisting] = useState(false)
  const [sendSetPasswordLink, setSendSetPasswordLink] = useState(true)

  useEffect(() => {
    const unsubscribe = admin().app.onEvent((event) => {
      if (event.type !== 'import-progress' || event.importId !== importId) return
      const progress = { phase: event.phase, done: event.done, total: event.total }
      setState((current) => (current.step === 'working' ? { ...current, progress } : current))
    })
    return () => {
      unsubscribe()
      void admin().imports.close({ importId })
    }
  }, [importId])

  const check = async (file: OpenedFile, update: boolean) => {
    setState({ step: 'working', file, progress: null })
    const preview = await admin().imports.preview({ importId, updateExisting: update })
    if (!preview.ok) {
      setError(importMessageText(t, preview.error.message))
      setState({ step: 'choose' })
      return
    }
    setState({ step: 'preview', file, preview: preview.data })
  }

  const choose = async () => {
    setError(null)
    const opened = await admin().imports.open({ importId })
    if (!opened.ok) {
      setError(importMessageText(t, opened.error.message))
      return
    }
    if (opened.data.status === 'cancelled') return
    const { fileName, rows, unknownColumns } = opened.data
    await check({ fileName, rows, unknownColumns }, updateExisting)
  }

  const apply = async (file: OpenedFile) => {
    setError(null)
    setState({ step: 'working', file, progress: null })
    const report = await admin().imports.apply({ importId, updateExisting, sendSetPasswordLink })
    void client.invalidateQueries({ queryKey: queryKeys.users })
    if (!report.ok) {
      setError(report.error.message)
      setState({ step: 'choose' })
      return
    }
    setState({ step: 'report', file, report: report.data })
    notify(t('import.notice', { file: file.fileName, counts: reportCounts(t, report.data) }))
  }

  const saveReport = async () => {
    const saved = await admin().imports.saveReport({ importId })
    if (!saved.ok) setError(saved.error.message)
    else if (saved.data.status === 'saved')
      notify(t('import.reportSaved', { file: saved.data.file }))
  }

  return {
    state,
    error,
    updateExisting,
    sendSetPasswordLink,
    choose: () => void choose(),
    setUpdateExisting: (update: boolean) => {
      setUpdateExisting(update)
      if (state.step === 'preview') void check(state.file, update)
    },
    setSendSetPasswordLink,
    apply: () => {
      if (state.step === 'preview') void apply(state.file)
    },
    cancel: () => void admin().imports.cancel({ importId }),
    saveReport: () => void saveReport(),
    dismissError: () => setError(null),
  }
}
