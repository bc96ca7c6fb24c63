import type { ReactNode } from 'react'
import { ShieldQuestionMark } from 'lucide-react'
import { APPROVAL_REASON_MAX } from '@shared/chat/approval'

/** A key hint inside a button: seen, not read out (aria-keyshortcuts says it). */
function Key({ children }: { children: string }) {
  return (
    <kbd
      aria-hidden
      className="rounded border border-current/30 px-1 font-sans text-[11px] leading-4 opacity-80"
    >
      {children}
    </kbd>
  )
}

/** What the card asks, that nothing happens before the answer, and the keys that answer it. */
export function ApprovalHeader(props: {
  titleId: string
  title: ReactNode
  memory: boolean
  applies: boolean
}) {
  const { titleId, memory, applies } = props
  return (
    <header className="flex items-start gap-2">
      <ShieldQuestionMark size={18} aria-hidden className="mt-0.5 shrink-0 text-warning" />
      <div className="min-w-0">
        <h2 id={titleId} className="text-sm font-semibold break-words">
          {props.title}
        </h2>
        <p className="text-xs text-muted">
          {memory
            ? 'Nothing is saved until you approve. Claude waits for your answer.'
            : 'Nothing runs until you allow it. Claude waits for your answer.'}
        </p>
        <p id={`${titleId}-keys`} className="text-xs text-muted">
          {applies
            ? `Keys: A ${memory ? 'approve' : 'allow once'}, D decline, Esc back to your message.`
            : 'Keys: D decline, Esc back to your message.'}
        </p>
      </div>
    </header>
  )
}

/** Approve (Allow once), and the wider allowances; hidden when the change can no longer be made. */
export function AllowButtons(props: {
  memory: boolean
  applies: boolean
  busy: boolean
  onAnswer(choice: 'approve' | 'always-allow' | 'always-allow-tool'): void
}) {
  const { memory, applies, busy } = props
  return (
    <div className={applies ? 'flex flex-wrap items-center gap-2' : 'hidden'}>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-keyshortcuts="A"
        onClick={() => props.onAnswer('approve')}
      >
        {memory ? 'Approve' : 'Allow once'} <Key>A</Key>
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => props.onAnswer('always-allow')}
      >
        {memory ? 'Always allow in this chat' : 'Allow for this chat'}
      </button>
      {memory ? null : (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => props.onAnswer('always-allow-tool')}
        >
          Always allow
        </button>
      )}
    </div>
  )
}

/** Decline, with an optional reason Claude sees. */
export function DeclineForm(props: {
  reasonId: string
  reason: string
  busy: boolean
  onReason(reason: string): void
  onDecline(): void
}) {
  const { reasonId, reason, busy } = props
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        props.onDecline()
      }}
    >
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={reasonId} className="text-xs text-muted">
          Reason for declining (optional, Claude sees it)
        </label>
        <input
          id={reasonId}
          className="input"
          value={reason}
          maxLength={APPROVAL_REASON_MAX}
          disabled={busy}
          onChange={(event) => props.onReason(event.currentTarget.value)}
          // Esc here clears the reason; it must not reach the window and stop the reply.
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation()
              props.onReason('')
            }
          }}
        />
      </div>
      <button type="submit" className="button" disabled={busy} aria-keyshortcuts="D">
        Decline <Key>D</Key>
      </button>
    </form>
  )
}
