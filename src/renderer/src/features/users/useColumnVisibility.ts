import { useEffect, useState } from 'react'
import { readStored, writeStored } from '../../lib/storage'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { restoreColumnVisibility, toggleColumn, type UserColumnId } from './columns'

/** Stored as "app:users.columns" (SPEC.md section 2). */
const STORAGE_KEY = 'users.columns'
const SAVE_DELAY_MS = 250

/** The administrator's column choice, restored from and saved (250 ms after a change) to storage. */
export function useColumnVisibility() {
  const [visibility, setVisibility] = useState(() =>
    restoreColumnVisibility(readStored(STORAGE_KEY)),
  )
  const settled = useDebouncedValue(visibility, SAVE_DELAY_MS)
  useEffect(() => writeStored(STORAGE_KEY, settled), [settled])
  const toggle = (id: UserColumnId) => setVisibility((current) => toggleColumn(current, id))
  return { visibility, toggle }
}
