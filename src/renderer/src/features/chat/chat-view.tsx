import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import {
  MessagesSquare,
  PanelLeftClose,
  PanelLeftOpen,
  ShieldQuestionMark,
  SquarePen
} from 'lucide-react'
import { call } from '../../lib/api'
import { ApprovalCards } from './approvals/approval-card'
import { usePendingApprovals, waitingByConversation } from './approvals/pending-approvals'
import { toShownError, type ShownError } from '../../lib/errors'
import { modifierLabel } from '../../lib/platform'
import { ChatOptions } from './composer/chat-options'
import { Composer } from './composer/composer'
import { ConversationFooter } from './conversations/conversation-footer'
import { ConversationList } from './conversations/conversation-list'
import { FaultActions } from './turn-status/fault-actions'
import type { JumpRequest } from './messages/jump-request'
import { MessageList } from './messages/message-list'
import { ThinkingControl } from './thinking/thinking-control'
import { TurnStatusAnnouncer, useTurnWait } from './turn-status/turn-status'
import { useConversation } from './use-conversation'
import { useMessageActions } from './messages/use-message-actions'
import { useOpenSummary } from './use-open-summary'
import { useConversations } from './conversations/use-conversations'
import { DamagedNotice } from './conversations/damaged/damaged-notice'
import { useDamaged } from './conversations/damaged/use-damaged'
import { WelcomeCard } from '../welcome/welcome-card'

interface Props {
  /** `apiKey`: with the key field focused (a key Anthropic refused). */
  onOpenSettings(focus?: 'apiKey'): void
  onOpenMemory(path: string): void
  /** Bumped by Ctrl/Cmd+N anywhere in the app. */
  newChatSignal: number
  /** Bumped by Ctrl/Cmd+Shift+N: a new chat without memory. */
  newChatWithoutMemorySignal?: number
  /** A new chat with this text in its composer, unsent (a cairn://new link the user agreed to). */
  newChatText?: { text: string; n: number } | null
  /** A conversation another view asked to show (the memory activity log); `n` makes repeats count. */
  openRequest?: { id: string; n: number } | null
  active: boolean
  /** The conversation list is hidden (Ctrl/Cmd+Shift+B or the header button shows it). */
  listCollapsed?: boolean
  onToggleList?(): void
}

/** A message to scroll to (a search hit); `n` makes a repeat of the same jump count. */
function Conversation(props: {
  id: string
  jumpTo: JumpRequest | null
  hasKey: boolean | null
  /** Right after the first key is saved: the composer takes the focus. */
  focusComposer: boolean
  /** Text the composer starts with (never sent by itself). */
  composerText?: string
  /** The Chat view is the one shown (its shortcuts apply). */
  active: boolean
  onOpenSettings(focus?: 'apiKey'): void
  onOpenMemory(path: string): void
  /** A message was sent: the list shows the chat's title and count at once, not after the answer. */
  onSent?(): void
  /** A chat without memory (its empty view says so). */
  memoryOff?: boolean
}) {
  const chat = useConversation(props.id)
  // Stable for the memoized rows, whatever the parent passes.
  const openSettings = useRef(props.onOpenSettings)
  useEffect(() => {
    openSettings.current = props.onOpenSettings
  })
  const openKey = useCallback(() => openSettings.current('apiKey'), [])
  const [awaiting, setAwaiting] = useState(false)
  const wait = useTurnWait(chat.running, chat.drafts, chat.retrying, awaiting)
  const actions = useMessageActions(props.id, chat, props.active)
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
          <p>
            {props.memoryOff
              ? 'Ask Claude anything. This chat has no memory: nothing is read from or saved to Memory.'
              : 'Ask Claude anything. What it chooses to remember shows up here and in Memory.'}
          </p>
        </div>
      ) : (
        <MessageList
          messages={chat.messages}
          drafts={chat.drafts}
          running={chat.running}
          wait={wait}
          onOpen={props.onOpenMemory}
          onRetry={chat.retry}
          onContinue={chat.continueReply}
          onOpenKey={openKey}
          jumpTo={props.jumpTo}
          actions={actions}
        />
      )}
      <ApprovalCards conversationId={props.id} onWaiting={setAwaiting} />
      <TurnStatusAnnouncer wait={wait} />
      {chat.fault && !chat.messages.some((m) => m.role === 'assistant' && m.error) ? (
        <div
          role="alert"
          className="mx-auto mb-2 max-w-3xl rounded-control bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {chat.fault.message} {chat.fault.nextStep}
          <FaultActions fault={chat.fault} onRetry={chat.retry} onOpenKey={openKey} />
        </div>
      ) : null}
      {chat.error ? (
        <p role="alert" className="mx-auto mb-2 text-sm text-danger">
          {chat.error.message}
        </p>
      ) : null}
      <ConversationFooter messages={chat.messages} />
      <Composer
        running={chat.running}
        hasKey={props.hasKey}
        focusOnMount={props.focusComposer}
        initialText={props.composerText}
        onSend={(text, attachments) =>
          chat.send(text, attachments).then((sent) => {
            if (sent) props.onSent?.()
            return sent
          })
        }
        onStop={chat.stop}
        onOpenSettings={openKey}
        onEditLast={actions.editLast}
      />
      <p role="status" className="sr-only">
        {actions.status}
      </p>
    </div>
  )
}

/** Chat: conversations on the left, the selected one on the right. */
export function ChatView({
  onOpenSettings,
  onOpenMemory,
  newChatSignal,
  newChatWithoutMemorySignal = 0,
  newChatText = null,
  openRequest,
  active,
  listCollapsed = false,
  onToggleList
}: Props) {
  const list = useConversations()
  const pending = usePendingApprovals()
  const waiting = useMemo(() => waitingByConversation(pending.approvals), [pending.approvals])
  const [selected, setSelected] = useState<string | null>(null)
  const [hasKey, setHasKey] = useState<boolean | null>(null)
  const [welcomed, setWelcomed] = useState(false)
  /** A chat just made with New chat (or Ctrl/Cmd+N): its composer takes the focus. */
  const [created, setCreated] = useState<string | null>(null)
  const [jump, setJump] = useState<JumpRequest | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [seenRequest, setSeenRequest] = useState(openRequest)
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest)
    if (openRequest) {
      setSelected(openRequest.id)
      list.setQuery('')
    }
  }
  const [error, setError] = useState<ShownError | null>(null)
  // Chats whose files could not be read; one recovered opens at once.
  const damaged = useDamaged((id) => {
    setSelected(id)
    list.setQuery('')
    list.reload()
  })
  // A chat opened from elsewhere (quick ask) may be newer than the list.
  const reloadList = useEffectEvent(() => list.reload())
  useEffect(() => {
    if (openRequest) reloadList()
  }, [openRequest])

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

  const [prefill, setPrefill] = useState<{ id: string; text: string } | null>(null)
  const create = (memory?: 'off', text?: string) => {
    void checkKey()
    call((api) => api.chat.createConversation(memory ? { memory } : undefined)).then(
      (conversation) => {
        if (text) setPrefill({ id: conversation.id, text })
        setCreated(conversation.id)
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
  useEffect(() => {
    if (newChatWithoutMemorySignal > 0) onSignal('off')
  }, [newChatWithoutMemorySignal])
  useEffect(() => {
    if (newChatText) onSignal(undefined, newChatText.text)
  }, [newChatText])

  const act = (run: () => Promise<unknown>) =>
    run().then(list.reload, (failure: unknown) => setError(toShownError(failure)))
  const select = (id: string, messageId?: string | null) => {
    setSelected(id)
    setJump(messageId ? (j) => ({ messageId, n: (j?.n ?? 0) + 1 }) : null)
  }
  // A confirmation, not a state: it goes away on its own.
  useEffect(() => {
    if (!status) return
    const timer = setTimeout(() => setStatus(null), 6000)
    return () => clearTimeout(timer)
  }, [status])
  const exportConversation = (id: string) => {
    setStatus(null)
    call((api) => api.chat.exportConversation({ conversationId: id })).then(
      (result) => result.saved && setStatus(`Exported as “${result.fileName}”.`),
      (failure: unknown) => setError(toShownError(failure))
    )
  }

  const current = selected ?? list.conversations?.[0]?.id ?? null
  const currentTitle = list.conversations?.find((c) => c.id === current)?.title ?? ''
  // With the list hidden, its badges are out of sight: the header offers the chat that waits.
  const waitingElsewhere = pending.approvals.find((a) => a.conversationId !== current)
  const waitingTitle =
    list.conversations?.find((c) => c.id === waitingElsewhere?.conversationId)?.title || 'New chat'
  const [headerVersion, setHeaderVersion] = useState(0)
  const openSummary = useOpenSummary(
    current,
    list.conversations?.find((c) => c.id === current),
    headerVersion
  )
  const headerChanged = () => {
    setHeaderVersion((v) => v + 1)
    list.reload()
  }
  // First run: no key and nothing to look back on. With old conversations, the composer says instead.
  const welcoming =
    hasKey === false && list.conversations?.length === 0 && damaged.damaged?.length === 0
  return (
    <div className="flex h-full min-h-0">
      {listCollapsed ? null : (
        <ConversationList
          conversations={list.conversations}
          selected={current}
          query={list.query}
          onQuery={list.setQuery}
          onSelect={select}
          onNew={() => create()}
          onNewWithoutMemory={() => create('off')}
          quietNew={welcoming}
          waiting={waiting}
          hasDamaged={(damaged.damaged?.length ?? 0) > 0}
          damagedNotice={
            <DamagedNotice
              damaged={damaged.damaged ?? []}
              busy={damaged.busy}
              outcome={damaged.outcome}
              onRecover={damaged.recover}
              onDismiss={damaged.dismiss}
              onOpenFolder={damaged.openFolder}
            />
          }
          onPin={(id, pinned) =>
            void act(() => call((api) => api.chat.setPinned({ conversationId: id, pinned })))
          }
          onExport={exportConversation}
          onRename={(id, title) =>
            void act(() =>
              call((api) => api.chat.renameConversation({ conversationId: id, title }))
            )
          }
          onDelete={(id) => {
            if (id === current) setSelected(null)
            void act(() => call((api) => api.chat.deleteConversation({ conversationId: id })))
          }}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {/* One row where it fits: the title truncates first, the controls keep their size (icons
            only below a wide header); a narrow header gives the title its own row and the controls
            the next. */}
        <header className="@container flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-line px-5 py-3">
          {onToggleList ? (
            <button
              type="button"
              className="-ml-2 rounded p-1.5 text-muted hover:bg-fg/10 hover:text-fg"
              aria-label={listCollapsed ? 'Show conversations' : 'Hide conversations'}
              aria-expanded={!listCollapsed}
              aria-keyshortcuts="Control+Shift+B Meta+Shift+B"
              title={`${listCollapsed ? 'Show' : 'Hide'} conversations (${modifierLabel()}Shift+B)`}
              onClick={onToggleList}
            >
              {listCollapsed ? (
                <PanelLeftOpen size={18} aria-hidden />
              ) : (
                <PanelLeftClose size={18} aria-hidden />
              )}
            </button>
          ) : null}
          {listCollapsed ? (
            <button
              type="button"
              className="rounded p-1.5 text-muted hover:bg-fg/10 hover:text-fg"
              aria-label="New chat"
              title={`New chat (${modifierLabel()}N)`}
              onClick={() => create()}
            >
              <SquarePen size={18} aria-hidden />
            </button>
          ) : null}
          {listCollapsed && waitingElsewhere ? (
            <button
              type="button"
              className="rounded p-1.5 text-warning hover:bg-fg/10"
              aria-label={`Open ${waitingTitle} (waiting for your approval)`}
              title={`Claude is waiting for your approval in “${waitingTitle}”`}
              onClick={() => select(waitingElsewhere.conversationId)}
            >
              <ShieldQuestionMark size={18} aria-hidden />
            </button>
          ) : null}
          {/* An open chat's title takes the heading's place (it says more than "Chat", which
              stays the heading for screen readers and the view's name). */}
          <h1 className={currentTitle ? 'sr-only' : 'text-xl font-semibold tracking-tight'}>
            Chat
          </h1>
          <p
            className={`min-w-0 flex-[1_1_4rem] truncate text-base font-semibold tracking-tight ${currentTitle ? '@max-xl:basis-[calc(100%-5rem)]' : ''}`}
            title={currentTitle || undefined}
          >
            {currentTitle}
          </p>
          {current ? (
            <ChatOptions key={current} conversationId={current} onChange={headerChanged} />
          ) : null}
          <ThinkingControl conversation={openSummary} onSaved={headerChanged} />
        </header>
        {error || list.error ? (
          <p role="alert" className="bg-danger-soft px-5 py-2 text-sm text-danger">
            {(error ?? list.error)?.message}
          </p>
        ) : null}
        {status ? (
          <p role="status" className="bg-success-soft px-5 py-2 text-sm text-success">
            {status}
          </p>
        ) : null}
        {welcoming ? (
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
            jumpTo={jump}
            hasKey={hasKey}
            focusComposer={welcomed || created === current}
            composerText={prefill?.id === current ? prefill.text : undefined}
            active={active}
            onOpenSettings={onOpenSettings}
            onOpenMemory={onOpenMemory}
            onSent={list.reload}
            memoryOff={openSummary?.memory === 'off'}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted">
            <MessagesSquare size={32} aria-hidden />
            <p>{damaged.damaged?.length ? 'No conversation open.' : 'No conversation yet.'}</p>
            <button
              type="button"
              // Beside a damaged chat's Recover, this is not the one thing to do.
              className={`button ${damaged.damaged?.length ? '' : 'button--primary'}`}
              onClick={() => create()}
            >
              Start a new chat
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
