import { useEffect, useState } from 'react'
import { selectOnline, useAppStore } from '../store/app'

/**
 * The current time for "2 s ago" and elapsed times: every second while something runs (`live`), every
 * half minute otherwise, so idle lists do not re-render for nothing. While the backend cannot be reached
 * the clock stands still: elapsed times stay at what was last known instead of counting on.
 */
export function useNow(live: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  const online = useAppStore(selectOnline)
  useEffect(() => {
    if (!online) return
    // Catch up at once when a job starts or stops, then tick.
    const catchUp = setTimeout(() => setNow(Date.now()), 0)
    const timer = setInterval(() => setNow(Date.now()), live ? 1_000 : 30_000)
    return () => {
      clearTimeout(catchUp)
      clearInterval(timer)
    }
  }, [live, online])
  return now
}
