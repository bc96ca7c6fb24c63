import { useEffect, useState } from 'react'
import type { ConversationSummary } from '@shared/chat/chat'
import { call } from '../../lib/api'

/**
 * The open conversation's summary for the header's controls. A new chat is not in the list until
 * its first message (it is not saved before), so it is read from main instead; `version` is
 * bumped after a header control changes it.
 */
export function useOpenSummary(
  id: string | null,
  listed: ConversationSummary | undefined,
  version: number
): ConversationSummary | undefined {
  const [fetched, setFetched] = useState<ConversationSummary | null>(null)
  useEffect(() => {
    if (!id || listed) return
    let live = true
    call((api) => api.chat.getConversation({ conversationId: id })).then(
      ({ conversation: c, running }) =>
        live &&
        setFetched({
          id: c.id,
          title: c.title,
          model: c.model,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
          messageCount: c.messages.length,
          running,
          snippet: null,
          ...(c.space ? { space: c.space } : {}),
          ...(c.thinking ? { thinking: c.thinking } : {}),
          ...(c.memory === 'off' ? { memory: 'off' as const } : {})
        }),
      () => undefined // the header simply shows no thinking control
    )
    return () => {
      live = false
    }
  }, [id, listed, version])
  return listed ?? (fetched?.id === id ? fetched : undefined)
}
