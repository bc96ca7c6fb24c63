import { useEffect, useRef, useState } from 'react'
import { ApprovalCards } from '../chat/approvals/approval-card'
import { ElicitationCards } from '../chat/elicitations/elicitation-card'
import { FaultActions } from '../chat/turn-status/fault-actions'
import { MessageList } from '../chat/messages/message-list'
import { TurnStatusAnnouncer, useTurnWait } from '../chat/turn-status/turn-status'
import { useConversation } from '../chat/use-conversation'
import { QuickInput } from './quick-input'

/** A retry this far off is a long wait for a quick window: it says so, and offers the main one. */
const LONG_WAIT_SECONDS = 20

function minutesWords(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} seconds`
  return `${Math.round(seconds / 60)} minutes`
}

/** The quick-ask chat: the question box on top, the answer streaming below (the chat's own parts). */
export function QuickConversation(props: {
  id: string
  /** The question that made this conversation, sent once it listens for the answer. */
  first: string | null
  hasKey: boolean | null
  focusSignal: number
  /** Memory chips and key problems are handled in the main window. */
  onOpenInCairn(): void
}) {
  const chat = useConversation(props.id)
  const [awaiting, setAwaiting] = useState(false)
  const [answering, setAnswering] = useState(false)
  const wait = useTurnWait(chat.running, chat.drafts, chat.retrying, awaiting, answering)
  // After useConversation's own effect: the answer's events already have a listener.
  const sentFirst = useRef(false)
  const { send } = chat
  useEffect(() => {
    if (sentFirst.current || !props.first) return
    sentFirst.current = true
    void send(props.first)
  }, [props.first, send])
  const { onOpenInCairn } = props
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <QuickInput
        hasKey={props.hasKey}
        running={chat.running}
        focusSignal={props.focusSignal}
        onSend={(text) => chat.send(text)}
        onStop={chat.stop}
      />
      <div className="quick-ask__answer flex min-h-0 flex-1 flex-col">
        <MessageList
          messages={chat.messages}
          drafts={chat.drafts}
          running={chat.running}
          wait={wait}
          onOpen={onOpenInCairn}
          onRetry={chat.retry}
          onContinue={chat.continueReply}
          onOpenKey={onOpenInCairn}
        />
      </div>
      {chat.retrying && chat.retrying.secondsLeft >= LONG_WAIT_SECONDS ? (
        <div
          role="status"
          className="mx-3 mb-2 flex flex-wrap items-center gap-2 rounded-control bg-sunken px-3 py-2 text-sm"
        >
          <span className="min-w-0 flex-1">
            Anthropic asked Cairn to wait about {minutesWords(chat.retrying.secondsLeft)} before
            answering. The answer will come here; you can also go on in the main window.
          </span>
          <button type="button" className="button py-1 text-sm" onClick={onOpenInCairn}>
            Continue in Cairn
          </button>
        </div>
      ) : null}
      <ElicitationCards conversationId={props.id} onWaiting={setAnswering} />
      <ApprovalCards conversationId={props.id} onWaiting={setAwaiting} />
      <TurnStatusAnnouncer wait={wait} />
      {chat.fault && !chat.messages.some((m) => m.role === 'assistant' && m.error) ? (
        <div
          role="alert"
          className="mx-3 mb-2 rounded-control bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {chat.fault.message} {chat.fault.nextStep}
          <FaultActions fault={chat.fault} onRetry={chat.retry} onOpenKey={onOpenInCairn} />
        </div>
      ) : null}
      {chat.error ? (
        <p role="alert" className="mx-3 mb-2 text-sm text-danger">
          {chat.error.message}
        </p>
      ) : null}
    </div>
  )
}
