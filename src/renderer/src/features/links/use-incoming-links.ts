import { useEffect, useEffectEvent, useState } from 'react'
import type { IncomingLink } from '@shared/app/app-requests'
import { call, onEvent } from '../../lib/api'
import { toShownError } from '../../lib/errors'

/** What the page does with a link; the App wires these to its views. */
export interface LinkActions {
  openConversation(id: string): void
  openMemory(path: string): void
  /** A new chat; `text` goes in its composer, unsent. */
  newChat(text: string): void
}

/** A link the user has to see before anything happens: a question, or why nothing happened. */
export type LinkPrompt =
  | { kind: 'confirm-new-chat'; text: string }
  | { kind: 'refused'; reason: string; shown: string }
  | { kind: 'missing-conversation' }
  | { kind: 'failed'; message: string }

/**
 * Takes the links main holds (at start, and whenever it says more wait) and acts on them. Links
 * that only show something (a conversation, a memory file) open at once; a link that would create
 * something (a new chat with text) waits for the user's yes; an unknown link only says so.
 */
export function useIncomingLinks(actions: LinkActions) {
  const [prompt, setPrompt] = useState<LinkPrompt | null>(null)

  const handle = useEffectEvent((incoming: IncomingLink) => {
    const { link, origin } = incoming
    switch (link.kind) {
      case 'conversation':
        // Check first: a link from another computer (or to a deleted chat) names nothing here.
        void call((api) => api.chat.getConversation({ conversationId: link.conversationId })).then(
          () => actions.openConversation(link.conversationId),
          () => setPrompt({ kind: 'missing-conversation' })
        )
        return
      case 'memory':
        return actions.openMemory(link.path)
      case 'new-chat':
        if (origin === 'app' && link.text === '') return actions.newChat('')
        return setPrompt({ kind: 'confirm-new-chat', text: link.text })
      case 'unknown':
        return setPrompt({ kind: 'refused', reason: link.reason, shown: link.shown })
    }
  })
  const take = useEffectEvent(() => {
    call((api) => api.app.takeLinks()).then(
      ({ links }) => links.forEach(handle),
      (failure: unknown) => setPrompt({ kind: 'failed', message: toShownError(failure).message })
    )
  })
  useEffect(() => {
    let off: () => void
    try {
      off = onEvent('app:links-waiting', () => take())
    } catch {
      return // no bridge: the page was opened outside Cairn (the App says so elsewhere)
    }
    take()
    return off
  }, [])

  return {
    prompt,
    dismiss: () => setPrompt(null),
    confirmNewChat: () => {
      if (prompt?.kind === 'confirm-new-chat') actions.newChat(prompt.text)
      setPrompt(null)
    }
  }
}
