/*
 * Joins text deltas so the renderer gets a smooth stream instead of one IPC message per token:
 * the first piece goes out at once (time to first text matters), later pieces at most once per
 * interval. `flush` sends whatever is waiting (end of a block, a tool call, a stop).
 */
export interface Coalescer {
  push(text: string): void
  flush(): void
  /** Drops the timer; call once the stream is over (after a final flush). */
  close(): void
}

export const DEFAULT_COALESCE_MS = 32

export function createCoalescer(
  emit: (text: string) => void,
  intervalMs = DEFAULT_COALESCE_MS
): Coalescer {
  let pending = ''
  let timer: NodeJS.Timeout | null = null
  let lastEmit = Number.NEGATIVE_INFINITY

  const send = (): void => {
    if (timer) clearTimeout(timer)
    timer = null
    if (pending.length === 0) return
    const text = pending
    pending = ''
    lastEmit = performance.now()
    emit(text)
  }

  return {
    push(text) {
      if (text.length === 0) return
      pending += text
      if (timer) return
      const wait = lastEmit + intervalMs - performance.now()
      if (wait <= 0) send()
      else timer = setTimeout(send, wait)
    },
    flush: send,
    close() {
      if (timer) clearTimeout(timer)
      timer = null
      pending = ''
    }
  }
}
