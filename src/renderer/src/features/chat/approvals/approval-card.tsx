import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ShieldQuestionMark } from 'lucide-react'
import {
  APPROVAL_REASON_MAX,
  isToolCallApproval,
  type ApprovalAnswer,
  type MemoryApproval,
  type PendingApproval
} from '@shared/chat/approval'
import { approvalTitle } from '@shared/chat/approval-words'
import { DiffView } from '../../../components/diff-view'
import { errorText, fileName } from '../../memory/change-words'
import { useApprovals } from './use-approvals'
import { ToolCallPreview } from './tool-call-preview'

export { approvalTitle }

/** The change as the chips show it: the same diff rendering, or a sentence where no diff fits. */
function Preview({ approval }: { approval: MemoryApproval }) {
  const { before, after, note } = approval.preview
  const label = `What this change would do to ${fileName(approval.path)}`
  return (
    <>
      {before !== null || after !== null ? (
        <DiffView before={before ?? ''} after={after ?? ''} label={label} className="max-h-60" />
      ) : null}
      {note ? <p className="text-sm text-muted">{note}</p> : null}
    </>
  )
}

/**
 * What happened to the file while the card waited, and what the buttons do now. Without it the
 * card kept its first diff and Approve met the change only when it ran.
 */
export function onDiskWords(approval: MemoryApproval): string | null {
  const name = fileName(approval.path)
  const happened =
    approval.onDisk === 'deleted'
      ? `${name} was deleted on disk while this waited`
      : `${name} changed on disk while this waited`
  if (approval.cannotApply)
    return `${happened}, so this change can no longer be made. Decline to tell Claude why; nothing will be changed.`
  if (!approval.onDisk) return null
  return `${happened}. The change below is what Approve would do now.`
}

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

/** Where the focus was before a card took it: Esc goes back there (the message box by default). */
function focusBack(previous: Element | null): void {
  if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body)
    previous.focus()
  else document.querySelector<HTMLElement>('textarea[aria-label="Message Claude"]')?.focus()
}

function ApprovalCard({
  approval,
  takeFocus,
  onAnswer
}: {
  approval: PendingApproval
  /** The first card waiting: it takes the focus when it appears, so the keys work at once. */
  takeFocus: boolean
  onAnswer(choice: ApprovalAnswer, reason?: string): Promise<void>
}) {
  const titleId = useId()
  const reasonId = useId()
  const card = useRef<HTMLElement>(null)
  const previous = useRef<Element | null>(null)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!takeFocus) return
    const active = document.activeElement
    // Another card's reason being typed keeps the focus; anything else hands it to this card.
    if (active?.closest('[data-approval-card]')) return
    previous.current = active
    card.current?.focus({ preventScroll: false })
  }, [takeFocus])
  const memory = isToolCallApproval(approval) ? null : approval
  const applies = !memory?.cannotApply
  const onDisk = memory ? onDiskWords(memory) : null
  const answer = (choice: ApprovalAnswer, why?: string) => {
    if (choice !== 'decline' && !applies) return
    setBusy(true)
    void onAnswer(choice, why).finally(() => setBusy(false))
  }
  const decline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    answer('decline', reason)
  }
  // A approve, D decline, Esc back to where the user was; not while typing a reason.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || busy) return
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const key = event.key.toLowerCase()
    if (key === 'a') answer('approve')
    else if (key === 'd') answer('decline', reason)
    else if (event.key === 'Escape') focusBack(previous.current)
    else return
    // Esc must not reach the window, where it stops the reply.
    event.preventDefault()
    event.stopPropagation()
  }
  return (
    <section
      ref={card}
      tabIndex={-1}
      data-approval-card
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-keys`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2 rounded-card border border-warning-line bg-surface p-3 focus:outline-2 focus:outline-offset-2 focus:outline-focus"
    >
      <header className="flex items-start gap-2">
        <ShieldQuestionMark size={18} aria-hidden className="mt-0.5 shrink-0 text-warning" />
        <div className="min-w-0">
          <h2 id={titleId} className="text-sm font-semibold break-words">
            {approvalTitle(approval)}
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
      <p role="status" className={onDisk ? 'text-sm font-medium text-warning' : 'sr-only'}>
        {onDisk}
      </p>
      {!memory ? (
        <ToolCallPreview approval={approval as Exclude<PendingApproval, MemoryApproval>} />
      ) : memory.cannotApply ? (
        // A deleted file says it all; otherwise the engine's reason (old text no longer there).
        memory.onDisk === 'deleted' ? null : (
          <p className="text-xs text-muted">Why: {memory.cannotApply}</p>
        )
      ) : (
        <Preview approval={memory} />
      )}
      <div className={applies ? 'flex flex-wrap items-center gap-2' : 'hidden'}>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-keyshortcuts="A"
          onClick={() => answer('approve')}
        >
          {memory ? 'Approve' : 'Allow once'} <Key>A</Key>
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => answer('always-allow')}
        >
          {memory ? 'Always allow in this chat' : 'Allow for this chat'}
        </button>
        {memory ? null : (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => answer('always-allow-tool')}
          >
            Always allow
          </button>
        )}
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={decline}>
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
            onChange={(event) => setReason(event.currentTarget.value)}
            // Esc here clears the reason; it must not reach the window and stop the reply.
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation()
                setReason('')
              }
            }}
          />
        </div>
        <button type="submit" className="button" disabled={busy} aria-keyshortcuts="D">
          Decline <Key>D</Key>
        </button>
      </form>
    </section>
  )
}

/** The approval cards of one conversation, above the composer while Claude waits. */
export function ApprovalCards({
  conversationId,
  onWaiting
}: {
  conversationId: string
  /** Whether a card waits: the reply status then says "Waiting for your approval". */
  onWaiting?(waiting: boolean): void
}) {
  const { approvals, answer, error } = useApprovals(conversationId)
  const waiting = approvals.length > 0
  useEffect(() => {
    onWaiting?.(waiting)
  }, [waiting, onWaiting])
  if (approvals.length === 0 && !error) return null
  return (
    <div className="mx-auto mb-2 flex w-full max-w-3xl flex-col gap-2 px-6">
      {approvals.map((approval, index) => (
        <ApprovalCard
          key={approval.id}
          approval={approval}
          takeFocus={index === 0}
          onAnswer={(choice, reason) => answer(approval.id, approval.revision, choice, reason)}
        />
      ))}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  )
}
