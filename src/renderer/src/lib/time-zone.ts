import { create } from 'zustand'
import { isTimeZone, localTimeZone } from '@shared/dates'
import { readStored, writeStored } from './storage'

/** Stored as "app:timeZone" (SPEC.md section 9); absent, this computer's zone. */
const TIME_ZONE_KEY = 'timeZone'

/** The zone chosen in Settings, or null for this computer's. */
function storedTimeZone(): string | null {
  const stored = readStored(TIME_ZONE_KEY)
  return isTimeZone(stored) ? stored : null
}

interface TimeZoneState {
  /** The zone chosen in Settings, or null to follow this computer (SPEC.md section 2). */
  chosen: string | null
  /** The zone every date is shown in. */
  zone: string
  chooseTimeZone(chosen: string | null): void
}

/** The zone the console shows and exports times in, remembered across runs (issue 56). */
export const useTimeZone = create<TimeZoneState>()((set) => ({
  chosen: storedTimeZone(),
  zone: storedTimeZone() ?? localTimeZone(),
  chooseTimeZone: (chosen) => {
    writeStored(TIME_ZONE_KEY, chosen)
    set({ chosen, zone: chosen ?? localTimeZone() })
  },
}))
