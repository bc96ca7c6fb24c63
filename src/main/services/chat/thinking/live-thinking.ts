import type { BetaRawMessageStreamEvent } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { createCoalescer } from '../stream/coalescer'

/*
 * Thinking as it streams, for the renderer's "Thinking…" block: deltas are coalesced like text;
 * a thinking block's start and a redacted block are sent at once, so the block shows before any
 * words arrive (some models stream no thinking text at all, only a signature).
 */

export interface ThinkingPiece {
  text: string
  redacted: boolean
}

export interface ThinkingRelay {
  /** Passes on what this event shows of thinking; true when it showed something. */
  take(event: BetaRawMessageStreamEvent): boolean
  flush(): void
  close(): void
}

export function createThinkingRelay(
  send: (piece: ThinkingPiece) => void,
  intervalMs: number
): ThinkingRelay {
  const words = createCoalescer((text) => send({ text, redacted: false }), intervalMs)
  return {
    take(event) {
      if (event.type === 'content_block_start') {
        const type = event.content_block.type
        if (type !== 'thinking' && type !== 'redacted_thinking') return false
        words.flush()
        send({ text: '', redacted: type === 'redacted_thinking' })
        return true
      }
      if (event.type === 'content_block_delta' && event.delta.type === 'thinking_delta') {
        words.push(event.delta.thinking)
        return true
      }
      return false
    },
    flush: () => words.flush(),
    close: () => words.close()
  }
}
