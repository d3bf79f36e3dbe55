import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { dateText, type DateText } from '@shared/dates'
import { useTimeZone } from './time-zone'

/**
 * Dates as the console shows them, in the zone chosen in Settings and naming it (issue 56); the
 * same function formats exported PDFs. A component using it redraws when the zone or the
 * language changes.
 */
export function useDateText(): DateText {
  const zone = useTimeZone((state) => state.zone)
  const { locale } = useIntl()
  return useMemo(() => dateText(zone, 'shown', locale), [zone, locale])
}
