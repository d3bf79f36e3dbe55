import { useMemo } from 'react'
import { dateText, type DateText } from '@shared/dates'
import { useTimeZone } from './time-zone'

/**
 * Dates as the console shows them, in the zone chosen in Settings and naming it (issue 56); the
 * same function formats exported PDFs. A component using it redraws when the zone changes.
 */
export function useDateText(): DateText {
  const zone = useTimeZone((state) => state.zone)
  return useMemo(() => dateText(zone, 'shown'), [zone])
}
