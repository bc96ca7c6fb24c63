import { useId, useState, type FormEvent } from 'react'
import { ShieldQuestionMark } from 'lucide-react'
import { APPROVAL_REASON_MAX, type ApprovalAnswer, type PendingApproval } from '@shared/approval'
import { DiffView } from '../../components/diff-view'
import { errorText, fileName } from '../memory/change-words'
import { useApprovals } from './use-approvals'

const VERB: Record<PendingApproval['command'], string> = {
  create: 'create',
  str_replace: 'edit',
  insert: 'edit',
  delete: 'delete',
  rename: 'move'
}

/** "Claude wants to edit me.md", "Claude wants to move a.md to b.md". */
export function approvalTitle(approval: PendingApproval): string {
  const target = fileName(approval.path)
  const to = approval.preview.to ? ` to ${fileName(approval.preview.to)}` : ''
  return `Claude wants to ${VERB[approval.command]} ${target}${to}`
}

/** The change as the chips show it: the same diff rendering, or a sentence where no diff fits. */
function Preview({ approval }: { approval: PendingApproval }) {
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

function ApprovalCard({
  approval,
  onAnswer
}: {
  approval: PendingApproval
  onAnswer(choice: ApprovalAnswer, reason?: string): Promise<void>
}) {
  const titleId = useId()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const answer = (choice: ApprovalAnswer, why?: string) => {
    setBusy(true)
    void onAnswer(choice, why).finally(() => setBusy(false))
  }
  const decline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    answer('decline', reason)
  }
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-card border border-warning-line bg-surface p-3"
    >
      <header className="flex items-start gap-2">
        <ShieldQuestionMark size={18} aria-hidden className="mt-0.5 shrink-0 text-warning" />
        <div className="min-w-0">
          <h2 id={titleId} className="text-sm font-semibold break-words">
            {approvalTitle(approval)}
          </h2>
          <p className="text-xs text-muted">
            Nothing is saved until you approve. Claude waits for your answer.
          </p>
        </div>
      </header>
      <Preview approval={approval} />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => answer('approve')}
        >
          Approve
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => answer('always-allow')}
        >
          Always allow in this chat
        </button>
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
        <button type="submit" className="button" disabled={busy}>
          Decline
        </button>
      </form>
    </section>
  )
}

/** The approval cards of one conversation, above the composer while Claude waits. */
export function ApprovalCards({ conversationId }: { conversationId: string }) {
  const { approvals, answer, error } = useApprovals(conversationId)
  if (approvals.length === 0 && !error) return null
  return (
    <div className="mx-auto mb-2 flex w-full max-w-3xl flex-col gap-2 px-6">
      <p className="sr-only" role="status">
        {approvals.length > 0 ? 'Claude is waiting for your approval of a memory change.' : ''}
      </p>
      {approvals.map((approval) => (
        <ApprovalCard
          key={approval.id}
          approval={approval}
          onAnswer={(choice, reason) => answer(approval.id, choice, reason)}
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
