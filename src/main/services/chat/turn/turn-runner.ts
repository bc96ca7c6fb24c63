import type { Conversation } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import type { Turn, TurnEnd } from './turn'

/*
 * The replies running now, one at most per conversation: starting them, stopping them, waiting
 * for them. How a reply is made and what its end tells the page belong to the chat service.
 */

export interface TurnRunner {
  /** Starts a reply to the conversation as it stands (`ready`: the user's message is saving). */
  start(conversation: Conversation, ready?: Promise<boolean>): Turn
  isRunning(conversationId: string): boolean
  /** Whether any reply is running now. */
  busy(): boolean
  /** Throws CHAT_BUSY while a reply runs in this conversation (or Cairn is shutting down). */
  ensureIdle(conversationId: string): void
  /** Stops the conversation's reply; resolves once what was shown is saved. False: none ran. */
  stop(conversationId: string): Promise<boolean>
  /** Resolves when the conversation's reply has ended (at once when none runs). */
  ended(conversationId: string): Promise<void>
  /** Resolves when no reply is running (in this conversation, or at all). */
  idle(conversationId?: string): Promise<void>
  /** Refuses new replies, stops the running ones and waits for them. */
  dispose(): Promise<void>
}

export function createTurnRunner(deps: {
  makeTurn(conversation: Conversation, ready?: Promise<boolean>): Turn
  /** A reply ended (it is no longer running). */
  onEnd(turn: Turn, conversation: Conversation, end: TurnEnd): void
}): TurnRunner {
  const running = new Map<string, { turn: Turn; done: Promise<void> }>()
  let disposed = false

  const runner: TurnRunner = {
    start(conversation, ready) {
      const turn = deps.makeTurn(conversation, ready)
      const done = turn.run().then((end) => {
        running.delete(conversation.id)
        deps.onEnd(turn, conversation, end)
      })
      running.set(conversation.id, { turn, done })
      return turn
    },
    isRunning: (conversationId) => running.has(conversationId),
    busy: () => running.size > 0,
    ensureIdle(conversationId) {
      if (disposed) throw new CairnError('CHAT_BUSY', 'Cairn is shutting down.')
      if (running.has(conversationId))
        throw new CairnError(
          'CHAT_BUSY',
          'Claude is still answering in this conversation. Wait for it, or press Stop first.'
        )
    },
    async stop(conversationId) {
      const active = running.get(conversationId)
      if (!active) return false
      active.turn.stop()
      await active.done
      return true
    },
    async ended(conversationId) {
      await running.get(conversationId)?.done
    },
    async idle(conversationId) {
      for (;;) {
        const pending = conversationId
          ? [running.get(conversationId)?.done]
          : [...running.values()].map((r) => r.done)
        const waiting = pending.filter((p): p is Promise<void> => p !== undefined)
        if (waiting.length === 0) return
        await Promise.all(waiting)
      }
    },
    async dispose() {
      disposed = true
      for (const { turn } of running.values()) turn.stop()
      await Promise.all([...running.values()].map((r) => r.done))
    }
  }
  return runner
}
