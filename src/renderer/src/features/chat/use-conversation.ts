import { useCallback, useEffect, useState } from 'react'
import type { SendAttachment } from '@shared/chat/attachments'
import type { BranchPoint, ChatFault, ChatMessage, Conversation, Usage } from '@shared/chat/chat'
import type { ChatRetrying } from '@shared/chat/events'
import { withoutUnfinishedReply } from '@shared/chat/retry-target'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { createDeltaBuffer } from './delta-buffer'
import type { Draft, LiveTool } from './draft'
import { withRedacted, withThinking } from './thinking/thinking-block'

export type { Draft, LiveTool } from './draft'

export interface TurnState {
  messages: ChatMessage[]
  /** Earlier versions (message actions); `messages` is the version shown. */
  branches: BranchPoint[]
  drafts: Draft[]
  running: boolean
  fault: ChatFault | null
  lastUsage: Usage | null
  error: ShownError | null
  /** Cairn is waiting to try the request again on its own (429, 529, 5xx, offline). */
  retrying: ChatRetrying | null
}

const EMPTY: TurnState = {
  messages: [],
  branches: [],
  drafts: [],
  running: false,
  fault: null,
  lastUsage: null,
  error: null,
  retrying: null
}

/** Live events for a message already saved (they can arrive just after it) change nothing. */
function withDraft(s: TurnState, messageId: string, change: (d: Draft) => Draft): TurnState {
  if (s.messages.some((m) => m.id === messageId)) return s
  return { ...s, running: true, retrying: null, drafts: upsertDraft(s.drafts, messageId, change) }
}

function upsertDraft(drafts: Draft[], messageId: string, change: (d: Draft) => Draft): Draft[] {
  const found = drafts.find((d) => d.messageId === messageId)
  if (!found) return [...drafts, change({ messageId, text: '', tools: [] })]
  return drafts.map((d) => (d.messageId === messageId ? change(d) : d))
}

/** One conversation: its saved messages plus the live turn, from the chat:* events. */
export function useConversation(conversationId: string | null) {
  const [state, setState] = useState<TurnState>(EMPTY)

  const load = useCallback(() => {
    if (!conversationId) return
    call((api) => api.chat.getConversation({ conversationId })).then(
      ({ conversation, running }) =>
        setState((s) => ({
          ...s,
          messages: conversation.messages,
          branches: conversation.branches ?? [],
          running,
          drafts: []
        })),
      (failure: unknown) => setState((s) => ({ ...s, error: toShownError(failure) }))
    )
  }, [conversationId])

  useEffect(() => {
    load()
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
  }, [conversationId, load])

  const send = useCallback(
    async (text: string, attachments: SendAttachment[] = []): Promise<boolean> => {
      if (!conversationId) return false
      setState((s) => ({ ...s, running: true, fault: null, error: null, retrying: null }))
      try {
        const { message } = await call((api) =>
          api.chat.sendMessage({
            conversationId,
            text,
            ...(attachments.length > 0 ? { attachments } : {})
          })
        )
        setState((s) => ({
          ...s,
          messages: s.messages.some((m) => m.id === message.id)
            ? s.messages
            : [...s.messages, message]
        }))
        return true
      } catch (failure) {
        setState((s) => ({ ...s, running: false, error: toShownError(failure) }))
        return false
      }
    },
    [conversationId]
  )

  const stop = useCallback(() => {
    if (conversationId) void call((api) => api.chat.stop({ conversationId })).catch(() => undefined)
  }, [conversationId])

  const retry = useCallback(() => {
    if (!conversationId) return
    // Main replaces the unfinished reply; it leaves the screen now, so its error never lingers.
    setState((s) => ({
      ...s,
      messages: withoutUnfinishedReply(s.messages),
      running: true,
      fault: null,
      error: null,
      retrying: null
    }))
    call((api) => api.chat.retry({ conversationId })).catch((failure: unknown) => {
      setState((s) => ({ ...s, running: false, error: toShownError(failure) }))
      load() // nothing was replaced: show the conversation as main has it
    })
  }, [conversationId, load])

  /** The conversation as main answered after a message action (edit, regenerate, switch). */
  const adopt = useCallback((conversation: Conversation, running: boolean) => {
    setState((s) => ({
      ...s,
      messages: conversation.messages,
      branches: conversation.branches ?? [],
      drafts: s.drafts.filter((d) => !conversation.messages.some((m) => m.id === d.messageId)),
      running,
      fault: null,
      error: null
    }))
  }, [])

  const showError = useCallback((failure: unknown) => {
    setState((s) => ({ ...s, error: toShownError(failure) }))
  }, [])

  /** "Continue" under an answer that stopped part-way: main starts a reply that goes on with it. */
  const continueReply = useCallback(() => {
    if (!conversationId) return
    setState((s) => ({ ...s, running: true, fault: null, error: null }))
    call((api) => api.chat.continueReply({ conversationId })).then(
      ({ conversation }) => adopt(conversation, true),
      (failure: unknown) => {
        setState((s) => ({ ...s, running: false, error: toShownError(failure) }))
        load()
      }
    )
  }, [conversationId, adopt, load])

  return { ...state, send, stop, retry, adopt, showError, continueReply }
}
