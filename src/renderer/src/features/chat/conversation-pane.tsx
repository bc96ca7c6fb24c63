import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { MessagesSquare } from 'lucide-react'
import { ApprovalCards } from './approvals/approval-card'
import { Composer } from './composer/composer'
import { ElicitationCards } from './elicitations/elicitation-card'
import { ConversationFooter } from './footer/conversation-footer'
import { FaultActions } from './turn-status/fault-actions'
import type { JumpRequest } from './messages/jump-request'
import { MessageList } from './messages/message-list'
import { TurnStatusAnnouncer, useTurnWait } from './turn-status/turn-status'
import { useConversation } from './use-conversation'
import { useMessageActions } from './messages/use-message-actions'

/**
 * One open conversation: its messages (or the empty view), the forms MCP servers ask and the
 * approval cards, the footer and the composer. The chat view around it keeps the list, the header and which one is open.
 */
export function Conversation(props: {
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
  const [answering, setAnswering] = useState(false)
  const wait = useTurnWait(chat.running, chat.drafts, chat.retrying, awaiting, answering)
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
      <ElicitationCards conversationId={props.id} onWaiting={setAnswering} />
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
        conversationId={props.id}
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
