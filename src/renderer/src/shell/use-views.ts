import { useEffect, useEffectEvent, useState } from 'react'
import { focusSoon, onNavigate } from '../lib/navigation'
import { onEvent } from '../lib/api'
import { fieldId } from '../features/settings/field-labels'

export type ViewId = 'chat' | 'memory' | 'settings'

/** A request another view makes of a view; `n` makes the same request again a new one. */
type Request<T> = (T & { n: number }) | null

const again =
  <T extends object>(value: T) =>
  (r: Request<T>) => ({ ...value, n: (r?.n ?? 0) + 1 })

/**
 * Which view shows, and what the views ask of each other: a memory file or a conversation to
 * open, a new chat (with or without memory, or with text from a link), the key field to focus.
 */
export function useViews() {
  const [view, setView] = useState<ViewId>('chat')
  const [newChatSignal, setNewChatSignal] = useState(0)
  const [newChatWithoutMemorySignal, setNewChatWithoutMemorySignal] = useState(0)
  const [memoryRequest, setMemoryRequest] = useState<Request<{ path: string }>>(null)
  /** Bumped when something sends the user to the API key field (a key Anthropic refused). */
  const [keyFocus, setKeyFocus] = useState(0)
  /** The memory space of the chat in view: Memory shows it unless another is chosen there. */
  const [chatSpace, setChatSpace] = useState<string | undefined>(undefined)
  const [chatRequest, setChatRequest] = useState<Request<{ id: string }>>(null)
  /** A new chat with text in its composer (a cairn://new link the user agreed to). */
  const [newChatText, setNewChatText] = useState<Request<{ text: string }>>(null)

  const openMemory = (path: string) => {
    setMemoryRequest(again({ path }))
    setView('memory')
  }
  const openConversation = (id: string) => {
    setChatRequest(again({ id }))
    setView('chat')
  }
  const newChat = (text?: string) => {
    setView('chat')
    if (text) setNewChatText(again({ text }))
    else setNewChatSignal((n) => n + 1)
  }
  const showConversation = useEffectEvent((id: string) => openConversation(id))

  // Quick ask's "Open in Cairn": main brought this window forward; show that conversation.
  useEffect(() => {
    try {
      return onEvent('window:show-conversation', ({ conversationId }) =>
        showConversation(conversationId)
      )
    } catch {
      return // outside Cairn: no main to hear from
    }
  }, [])
  // Links between views (a cap refusal opens its setting, a warning opens Memory).
  useEffect(
    () =>
      onNavigate((target) => {
        setView(target.view)
        if (target.view === 'settings' && target.field) focusSoon(fieldId(target.field))
      }),
    []
  )

  return {
    view,
    setView,
    openMemory,
    openConversation,
    newChat,
    newChatWithoutMemory() {
      setView('chat')
      setNewChatWithoutMemorySignal((n) => n + 1)
    },
    openSettings(focus?: 'apiKey') {
      setView('settings')
      if (focus === 'apiKey') setKeyFocus((n) => n + 1)
    },
    setChatSpace,
    chatSpace,
    newChatSignal,
    newChatWithoutMemorySignal,
    newChatText,
    memoryRequest,
    chatRequest,
    keyFocus
  }
}
export type Views = ReturnType<typeof useViews>
