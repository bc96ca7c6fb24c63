import { useEffect, useState } from 'react'

/** The current time, refreshed every `everyMs`, so "3 min ago" stays true while a view is open. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
