import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import {
  isToolCallApproval,
  type ApprovalAnswer,
  type MemoryApproval,
  type PendingApproval
} from '@shared/chat/approval'
import { approvalTitle } from '@shared/chat/approval-words'
import { DiffView } from '../../../components/diff-view'
import { errorText, fileName } from '../../memory/change-words'
import { AllowButtons, ApprovalHeader, DeclineForm } from './approval-parts'
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
      <ApprovalHeader
        titleId={titleId}
        title={approvalTitle(approval)}
        memory={memory !== null}
        applies={applies}
      />
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
      <AllowButtons
        memory={memory !== null}
        applies={applies}
        busy={busy}
        onAnswer={(choice) => answer(choice)}
      />
      <DeclineForm
        reasonId={reasonId}
        reason={reason}
        busy={busy}
        onReason={setReason}
        onDecline={() => answer('decline', reason)}
      />
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
