/**
 * Streamed text per message, applied at most once per animation frame (or at once on flush).
 * Text for one message is concatenated in arrival order; messages keep their first-seen order.
 */
export function createDeltaBuffer(apply: (batch: [messageId: string, text: string][]) => void) {
  const pending = new Map<string, string>()
  let frame: number | null = null
  const flush = (): void => {
    if (frame !== null) cancelAnimationFrame(frame)
    frame = null
    if (pending.size === 0) return
    const batch = [...pending]
    pending.clear()
    apply(batch)
  }
  return {
    add(messageId: string, text: string): void {
      pending.set(messageId, (pending.get(messageId) ?? '') + text)
      frame ??= requestAnimationFrame(flush)
    },
    flush,
    /** Drops what is pending (the conversation is closing; it reloads from disk when opened). */
    cancel(): void {
      if (frame !== null) cancelAnimationFrame(frame)
      frame = null
      pending.clear()
    }
  }
}
