import { useEffect, useState } from 'react'

const DUBAI_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Dubai',
  dateStyle: 'full',
  timeStyle: 'medium',
})

/** The login screen's "Dubai Time": full date and medium time, refreshed every second. */
export function useDubaiClock(): string {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return DUBAI_TIME.format(now)
}
