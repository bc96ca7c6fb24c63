import { useEffect, useEffectEvent, useState } from 'react'
import { MessagesSquare } from 'lucide-react'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { Composer } from './composer'
import { ConversationList } from './conversation-list'
import { MessageList } from './message-list'
import { useConversation } from './use-conversation'
import { useConversations } from './use-conversations'
import { WelcomeCard } from '../welcome/welcome-card'

interface Props {
  onOpenSettings(): void
  onOpenMemory(path: string): void
  /** Bumped by Ctrl/Cmd+N anywhere in the app. */
  newChatSignal: number
  /** A conversation another view asked to show (the memory activity log); `n` makes repeats count. */
  openRequest?: { id: string; n: number } | null
  active: boolean
}

function Conversation(props: {
  id: string
  hasKey: boolean | null
  /** Right after the first key is saved: the composer takes the focus. */
  focusComposer: boolean
  onOpenSettings(): void
  onOpenMemory(path: string): void
}) {
  const chat = useConversation(props.id)
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape' && chat.running) chat.stop()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onEscape(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {chat.messages.length === 0 && chat.drafts.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 text-center text-muted">
          <MessagesSquare size={28} aria-hidden />
          <p>Ask Claude anything. What it chooses to remember shows up here and in Memory.</p>
        </div>
      ) : (
        <MessageList
          messages={chat.messages}
          drafts={chat.drafts}
          onOpen={props.onOpenMemory}
          onRetry={chat.retry}
        />
      )}
      {chat.fault && !chat.messages.some((m) => m.role === 'assistant' && m.error) ? (
        <div
          role="alert"
          className="mx-auto mb-2 max-w-3xl rounded-control bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {chat.fault.message} {chat.fault.nextStep}{' '}
          {chat.fault.retryable ? (
            <button type="button" className="underline" onClick={chat.retry}>
              Retry
            </button>
          ) : null}
        </div>
      ) : null}
      {chat.error ? (
        <p role="alert" className="mx-auto mb-2 text-sm text-danger">
          {chat.error.message}
        </p>
      ) : null}
      <Composer
        running={chat.running}
        hasKey={props.hasKey}
        focusOnMount={props.focusComposer}
        onSend={(text, attachments) => chat.send(text, attachments)}
        onStop={chat.stop}
        onOpenSettings={props.onOpenSettings}
      />
    </div>
  )
}

/** Chat: conversations on the left, the selected one on the right. */
export function ChatView({
  onOpenSettings,
  onOpenMemory,
  newChatSignal,
  openRequest,
  active
}: Props) {
  const list = useConversations()
  const [selected, setSelected] = useState<string | null>(null)
  const [hasKey, setHasKey] = useState<boolean | null>(null)
  const [welcomed, setWelcomed] = useState(false)
  const [seenRequest, setSeenRequest] = useState(openRequest)
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest)
    if (openRequest) {
      setSelected(openRequest.id)
      list.setQuery('')
    }
  }
  const [error, setError] = useState<ShownError | null>(null)

  const checkKey = () =>
    call((api) => api.secrets.status()).then(
      (status) => setHasKey(status.configured),
      () => setHasKey(null)
    )
  // Coming back from Settings (or starting a chat) re-checks: the key may have just been set.
  const onActive = useEffectEvent(checkKey)
  useEffect(() => {
    if (active) void onActive()
  }, [active])

  const create = () => {
    void checkKey()
    call((api) => api.chat.createConversation()).then(
      (conversation) => {
        setSelected(conversation.id)
        list.setQuery('')
        list.reload()
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }
  const onSignal = useEffectEvent(create)
  useEffect(() => {
    if (newChatSignal > 0) onSignal()
  }, [newChatSignal])

  const act = (run: () => Promise<unknown>) =>
    run().then(list.reload, (failure: unknown) => setError(toShownError(failure)))

  const current = selected ?? list.conversations?.[0]?.id ?? null
  // First run: no key and nothing to look back on. With old conversations, the composer says instead.
  return (
    <div className="flex h-full min-h-0">
      <ConversationList
        conversations={list.conversations}
        selected={current}
        query={list.query}
        onQuery={list.setQuery}
        onSelect={setSelected}
        onNew={create}
        onRename={(id, title) =>
          void act(() => call((api) => api.chat.renameConversation({ conversationId: id, title })))
        }
        onDelete={(id) => {
          if (id === current) setSelected(null)
          void act(() => call((api) => api.chat.deleteConversation({ conversationId: id })))
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-line px-5 py-3">
          <h1 className="text-xl font-semibold tracking-tight">Chat</h1>
          <p className="truncate text-sm text-muted">
            {list.conversations?.find((c) => c.id === current)?.title ?? ''}
          </p>
        </header>
        {error || list.error ? (
          <p role="alert" className="bg-danger-soft px-5 py-2 text-sm text-danger">
            {(error ?? list.error)?.message}
          </p>
        ) : null}
        {hasKey === false && list.conversations?.length === 0 ? (
          <WelcomeCard
            onKeySet={() => {
              setWelcomed(true)
              setHasKey(true)
              if (!current) create()
            }}
          />
        ) : current ? (
          <Conversation
            key={current}
            id={current}
            hasKey={hasKey}
            focusComposer={welcomed}
            onOpenSettings={onOpenSettings}
            onOpenMemory={onOpenMemory}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted">
            <MessagesSquare size={32} aria-hidden />
            <p>No conversation yet.</p>
            <button type="button" className="button button--primary" onClick={create}>
              Start a new chat
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
