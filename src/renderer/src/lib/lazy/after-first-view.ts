import { useEffect, useState } from 'react'

/*
 * Work the first view does not need (loading the other views' chunks, mounting them hidden) waits
 * until it has painted and the main thread is idle, so it never delays the composer.
 */

/** Runs `task` after the next paint, when the browser is idle (or after `timeout` ms at most). */
export function afterFirstView(task: () => void, timeout = 2000): () => void {
  let cancelled = false
  let idle: number | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const run = () => !cancelled && task()
  // A frame callback runs before the paint; a task queued from it runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout })
      else run()
    })
  })
  return () => {
    cancelled = true
    cancelAnimationFrame(frame)
    if (timer !== null) clearTimeout(timer)
    if (idle !== null) cancelIdleCallback(idle)
  }
}

/** False for the first view; true once it has painted and the browser is idle, or once `now`. */
export function useAfterFirstView(now = false): boolean {
  const [ready, setReady] = useState(now)
  if (now && !ready) setReady(true)
  useEffect(() => (ready ? undefined : afterFirstView(() => setReady(true))), [ready])
  return ready
}
