import { useCallback, useEffect, useState } from 'react'
import { call } from '../../lib/api'
import { toShownError } from '../../lib/errors'
import { EMPTY, type TurnState } from './turn-state'
import { useTurnActions } from './use-turn-actions'
import { useTurnEvents } from './use-turn-events'

export type { Draft, LiveTool } from './draft'
export type { TurnState } from './turn-state'

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
  }, [load])
  useTurnEvents(conversationId, setState, load)
  const actions = useTurnActions(conversationId, setState, load)
  return { ...state, ...actions }
}
