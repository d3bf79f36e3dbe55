import { useEffect, useRef, useState } from 'react'
import { readStored, writeStored } from '../../lib/storage'
import type { UserColumnId } from '@shared/user-columns'
import { restoreColumnVisibility, toggleColumn } from './columns'

/** Stored as "app:users.columns" (SPEC.md section 2). */
const STORAGE_KEY = 'users.columns'
const SAVE_DELAY_MS = 250

/** The administrator's column choice, restored from and saved (250 ms after a change) to storage. */
export function useColumnVisibility() {
  const [visibility, setVisibility] = useState(() =>
    restoreColumnVisibility(readStored(STORAGE_KEY)),
  )
  const latest = useRef(visibility)

  useEffect(() => {
    latest.current = visibility
    const timer = setTimeout(() => writeStored(STORAGE_KEY, visibility), SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [visibility])
  // Leaving the page within the delay still keeps the last choice.
  useEffect(() => () => writeStored(STORAGE_KEY, latest.current), [])

  const toggle = (id: UserColumnId) => setVisibility((current) => toggleColumn(current, id))
  return { visibility, toggle }
}
