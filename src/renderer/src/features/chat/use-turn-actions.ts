import { useCallback, type Dispatch, type SetStateAction } from 'react'
import type { SendAttachment } from '@shared/chat/attachments'
import type { Conversation } from '@shared/chat/chat'
import { withoutUnfinishedReply } from '@shared/chat/retry-target'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'
import type { TurnState } from './turn-state'

/** What the user does to one conversation's turn: send, stop, retry, continue, and adopt main's answer. */
export function useTurnActions(
  conversationId: string | null,
  setState: Dispatch<SetStateAction<TurnState>>,
  load: () => void
) {
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
    [conversationId, setState]
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
  }, [conversationId, setState, load])

  /** The conversation as main answered after a message action (edit, regenerate, switch). */
  const adopt = useCallback(
    (conversation: Conversation, running: boolean) => {
      setState((s) => ({
        ...s,
        messages: conversation.messages,
        branches: conversation.branches ?? [],
        drafts: s.drafts.filter((d) => !conversation.messages.some((m) => m.id === d.messageId)),
        running,
        fault: null,
        error: null
      }))
    },
    [setState]
  )

  const showError = useCallback(
    (failure: unknown) => {
      setState((s) => ({ ...s, error: toShownError(failure) }))
    },
    [setState]
  )

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
  }, [conversationId, setState, adopt, load])

  return { send, stop, retry, adopt, showError, continueReply }
}
