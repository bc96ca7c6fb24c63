import { useEffect, type Dispatch, type SetStateAction } from 'react'
import { onEvent } from '../../lib/api'
import { createDeltaBuffer } from './delta-buffer'
import type { LiveTool } from './draft'
import { withRedacted, withThinking } from './thinking/thinking-block'
import { withDraft, type TurnState } from './turn-state'

/**
 * The live turn of one conversation from the chat:* events: deltas and thoughts, tools, saved
 * messages, retries, the end or the error; `load` reads it again when it changed underneath.
 */
export function useTurnEvents(
  conversationId: string | null,
  setState: Dispatch<SetStateAction<TurnState>>,
  load: () => void
) {
  useEffect(() => {
    if (!conversationId) return
    const mine = (payload: { conversationId: string }) => payload.conversationId === conversationId
    // Deltas are gathered and applied once per frame: at 100 deltas a second, one render each would
    // be wasted work. Any other event applies what is pending first, so order is kept.
    const deltas = createDeltaBuffer((batch) =>
      setState((s) =>
        batch.reduce(
          (next, [messageId, text]) =>
            withDraft(next, messageId, (d) => ({ ...d, text: d.text + text })),
          s
        )
      )
    )
    const thoughts = createDeltaBuffer((batch) =>
      setState((s) =>
        batch.reduce(
          (next, [messageId, text]) => withDraft(next, messageId, (d) => withThinking(d, text)),
          s
        )
      )
    )
    const flushAll = () => {
      thoughts.flush()
      deltas.flush()
    }
    const offs = [
      onEvent('chat:thinking', (p) => {
        if (!mine(p)) return
        thoughts.add(p.messageId, p.text)
        if (p.redacted) {
          thoughts.flush()
          setState((s) => withDraft(s, p.messageId, withRedacted))
        }
      }),
      onEvent('chat:delta', (p) => {
        if (!mine(p)) return
        deltas.add(p.messageId, p.text)
      }),
      onEvent('chat:tool', (p) => {
        if (!mine(p)) return
        flushAll()
        const tool: LiveTool = p
        setState((s) =>
          withDraft(s, p.messageId, (d) => ({
            ...d,
            tools: [...d.tools.filter((t) => t.toolUseId !== tool.toolUseId), tool]
          }))
        )
      }),
      onEvent('chat:message', (p) => {
        if (!mine(p)) return
        flushAll()
        const message = p.message
        setState((s) => ({
          ...s,
          messages: [...s.messages.filter((m) => m.id !== message.id), message],
          drafts: s.drafts.filter((d) => d.messageId !== message.id),
          retrying: null
        }))
      }),
      onEvent('chat:retrying', (p) => {
        if (!mine(p)) return
        deltas.flush()
        setState((s) => ({ ...s, running: true, retrying: p }))
      }),
      onEvent('chat:done', (p) => {
        if (!mine(p)) return
        flushAll()
        // chat:message already delivered every saved message: no re-read of a long conversation.
        setState((s) => ({
          ...s,
          running: false,
          drafts: [],
          retrying: null,
          lastUsage: p.usage
        }))
      }),
      onEvent('chat:error', (p) => {
        if (!mine(p)) return
        flushAll()
        setState((s) => ({ ...s, running: false, drafts: [], retrying: null, fault: p.error }))
        load()
      }),
      // A Forget took a text out of it (only while no reply runs): what is shown is read again.
      onEvent('chat:rewritten', (p) => {
        if (mine(p)) load()
      }),
      // Its file was changed by another program (never while a reply runs in it here).
      onEvent('chat:changed-outside', (p) => {
        if (mine(p) && p.kind === 'changed') load()
      })
    ]
    return () => {
      offs.forEach((off) => off())
      deltas.cancel()
      thoughts.cancel()
    }
  }, [conversationId, setState, load])
}
