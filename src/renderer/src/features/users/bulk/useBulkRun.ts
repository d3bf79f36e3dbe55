import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { BulkSummary } from '@shared/bridge'
import type { BulkAction } from '@shared/contract'
import type { GrantInput } from '@shared/grant-ends'
import { queryKeys } from '@/api/keys'
import { admin } from '@/lib/bridge'
import { notify } from '@/lib/notifications'
import { useText } from '@/lib/text'
import { bulkLabel, summaryText } from './bulk-texts'
import { selectionInput, type Selection } from './selection'

export interface BulkProgress {
  action: BulkAction
  phase: 'selecting' | 'applying'
  done: number
  total: number
}

export interface FinishedBulk {
  action: BulkAction
  summary: BulkSummary
}

/**
 * Runs a bulk action in the main process: follows its progress, cancels it on request, and
 * ends with its summary (also notified); the list is then read again.
 */
export function useBulkRun() {
  const t = useText()
  const client = useQueryClient()
  const [progress, setProgress] = useState<BulkProgress | null>(null)
  const [finished, setFinished] = useState<FinishedBulk | null>(null)
  const [error, setError] = useState<string | null>(null)
  const running = useRef<string | null>(null)
  const unsubscribe = useRef<(() => void) | null>(null)
  useEffect(() => () => unsubscribe.current?.(), [])

  const run = async (
    action: BulkAction,
    selection: Selection,
    targetId?: number,
    grant?: GrantInput,
  ) => {
    const bulkId = crypto.randomUUID()
    running.current = bulkId
    setError(null)
    setProgress({ action, phase: 'selecting', done: 0, total: 0 })
    unsubscribe.current = admin().app.onEvent((event) => {
      if (event.type === 'bulk-progress' && event.bulkId === bulkId)
        setProgress({ action, phase: event.phase, done: event.done, total: event.total })
    })
    const result = await admin().users.bulk({
      bulkId,
      action,
      selection: selectionInput(selection),
      ...(targetId !== undefined ? { targetId } : {}),
      ...(grant && { grant }),
    })
    unsubscribe.current()
    unsubscribe.current = null
    running.current = null
    setProgress(null)
    void client.invalidateQueries({ queryKey: queryKeys.users })
    if (!result.ok) {
      setError(result.error.message)
      return
    }
    setFinished({ action, summary: result.data })
    notify(
      t('bulk.finishedNotice', {
        action: bulkLabel(t, action),
        summary: summaryText(t, result.data),
      }),
    )
  }

  return {
    progress,
    finished,
    error,
    /** Runs `action`; an access action names its role or group, and a grant may give an end. */
    run: (action: BulkAction, selection: Selection, targetId?: number, grant?: GrantInput) =>
      void run(action, selection, targetId, grant),
    cancel: () => {
      if (running.current) void admin().users.bulkCancel({ bulkId: running.current })
    },
    closeSummary: () => setFinished(null),
    dismissError: () => setError(null),
  }
}
