import { useEffect, useMemo, useState } from 'react'
import { useIntl } from 'react-intl'

/**
 * The login screen's "Dubai Time": full date and medium time in the console's language, the
 * zone Asia/Dubai in every language, refreshed every second.
 */
export function useDubaiClock(): string {
  const { locale } = useIntl()
  const dubaiTime = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone: 'Asia/Dubai',
        dateStyle: 'full',
        timeStyle: 'medium',
      }),
    [locale],
  )
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return dubaiTime.format(now)
}
