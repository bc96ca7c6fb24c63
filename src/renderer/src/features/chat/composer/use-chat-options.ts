import { useCallback, useEffect, useState } from 'react'
import type { ConversationOptions } from '@shared/chat/channels'
import { call, onEvent } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

export interface ChatOptionsState {
  options: ConversationOptions | null
  /** What the last change could not do, with its next step. */
  error: ShownError | null
  setModel(model: string): void
  setMemory(memory: 'on' | 'off'): void
  /** Web search / web fetch for this chat. */
  setWeb(change: { webSearch?: boolean; webFetch?: boolean }): void
  /** MCP servers this chat does not use (by id). */
  setServersOff(serversOff: string[]): void
  /** null: back to the instructions from Settings. */
  setInstructions(instructions: string | null): void
}

/** One chat's model, instructions and memory switch, as main saved them. */
export function useChatOptions(conversationId: string, onChange?: () => void): ChatOptionsState {
  const [options, setOptions] = useState<ConversationOptions | null>(null)
  const [error, setError] = useState<ShownError | null>(null)

  useEffect(() => {
    let live = true
    call((api) => api.chat.getConversation({ conversationId })).then(
      ({ conversation }) => {
        if (!live) return
        setOptions({
          conversationId,
          model: conversation.model,
          instructions: conversation.instructions ?? null,
          memory: conversation.memory ?? 'on',
          webSearch: conversation.web?.search ?? false,
          webFetch: conversation.web?.fetch ?? false,
          ...(conversation.serversOff ? { serversOff: conversation.serversOff } : {}),
          ...(conversation.frame?.toolSearch ? { toolSearch: true as const } : {})
        })
      },
      (failure: unknown) => live && setError(toShownError(failure))
    )
    const off = onEvent('chat:done', (done) => {
      if (done.conversationId !== conversationId) return
      // A reply clears an earlier "Claude is still answering" refusal.
      setError(null)
      // Its request may have moved the chat to tool search (the Tools control says what it costs).
      call((api) => api.chat.getConversation({ conversationId })).then(
        ({ conversation }) => {
          if (live && conversation.frame?.toolSearch)
            setOptions((now) => (now && !now.toolSearch ? { ...now, toolSearch: true } : now))
        },
        () => undefined
      )
    })
    return () => {
      live = false
      off()
    }
  }, [conversationId])

  const change = useCallback(
    (run: () => Promise<ConversationOptions>) =>
      run().then(
        (next) => {
          setOptions(next)
          setError(null)
          onChange?.()
        },
        (failure: unknown) => setError(toShownError(failure))
      ),
    [onChange]
  )

  return {
    options,
    error,
    setModel: (model) =>
      void change(async () => {
        const summary = await call((api) => api.chat.setModel({ conversationId, model }))
        return { ...(options as ConversationOptions), model: summary.model }
      }),
    setMemory: (memory) =>
      void change(() => call((api) => api.chat.updateConversation({ conversationId, memory }))),
    setWeb: (web) =>
      void change(() => call((api) => api.chat.updateConversation({ conversationId, ...web }))),
    setServersOff: (serversOff) =>
      void change(() => call((api) => api.chat.updateConversation({ conversationId, serversOff }))),
    setInstructions: (instructions) =>
      void change(() =>
        call((api) => api.chat.updateConversation({ conversationId, instructions }))
      )
  }
}
