import { useCallback, useEffect, useState } from 'react'
import type { ConversationSummary } from '@shared/chat/chat'
import { call, onEvent } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

/** The sidebar's conversations, newest first, refreshed when a reply ends or a chat is titled. */
export function useConversations() {
  const [all, setAll] = useState<ConversationSummary[] | null>(null)
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<ConversationSummary[] | null>(null)
  const [error, setError] = useState<ShownError | null>(null)

  const reload = useCallback(() => {
    call((api) => api.chat.listConversations()).then(
      (list) => setAll(list.conversations),
      (failure: unknown) => setError(toShownError(failure))
    )
  }, [])

  useEffect(() => {
    reload()
    let offs
    try {
      // A generated title arrives after the answer (chat:titled): the list and header show it.
      offs = [
        onEvent('chat:done', reload),
        onEvent('chat:error', reload),
        onEvent('chat:titled', reload),
        // A Forget took a text out of a conversation (its title too, maybe).
        onEvent('chat:rewritten', reload),
        // Another program (or another Cairn) added, changed or removed a conversation file.
        onEvent('chat:changed-outside', reload)
      ]
    } catch {
      return
    }
    return () => offs.forEach((off) => off())
  }, [reload])

  useEffect(() => {
    const q = query.trim()
    if (!q) return
    let live = true
    const timer = setTimeout(() => {
      call((api) => api.chat.searchConversations({ query: q })).then(
        (result) => live && setFound(result.conversations),
        (failure: unknown) => live && setError(toShownError(failure))
      )
    }, 150)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [query])

  return {
    conversations: query.trim() ? found : all,
    query,
    setQuery,
    error,
    reload
  }
}
