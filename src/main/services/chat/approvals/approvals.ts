import { randomUUID } from 'node:crypto'
import type { AnswerApprovalInput, PendingApproval, PlannedChange } from '@shared/chat/approval'
import type { ToolResult } from '@shared/memory/memory'
import type { MemoryWriteApproval } from '@shared/app/settings'
import type { Approval, AskApproval } from '../../memory/service'
import { needsApproval } from './approval-policy'
import type { ChatEmit } from '../types'

/*
 * Write approval. A memory command of Claude's that the setting says must be approved waits here
 * for the user's answer. The API request that asked for it has already ended (a tool_use stop), so
 * nothing times out while it waits; the turn goes on with a new request once the user answers.
 * Pending approvals are state of main (a window reload lists them again); a stop or quitting
 * declines them. The inspector's edits never come here: they do not go through the tool loop.
 * The memory engine makes the plan shown on the card (design: "One write path"); this desk only
 * asks the user about it.
 */

export const STOPPED_REASON = 'the reply was stopped before the change was approved'
export const CLOSED_REASON = 'Cairn was closed before the change was approved'

/** The tool result Claude gets for a declined change: what happened and what to do now. */
export function declinedResult(reason: string | null): ToolResult {
  const why = reason?.trim()
  return {
    content: `${why ? `The user declined this change: ${why}` : 'The user declined this change.'}\nNothing in memory was changed. Do not make this change again unless the user asks for it.`,
    isError: true
  }
}

export interface ApprovalRequest {
  conversationId: string
  turnId: string
  toolUseId: string
  input: unknown
  /** The turn's stop signal: a stop declines what is waiting. */
  signal: AbortSignal
}

type Decision = { kind: 'go' } | { kind: 'declined'; reason: string | null }

interface Waiting {
  approval: PendingApproval
  settle(decision: Decision, outcome: 'approved' | 'declined' | 'cancelled'): void
}

export interface ApprovalDeskDeps {
  mode: () => MemoryWriteApproval
  emit: ChatEmit
  clock: () => Date
}

const GO: Approval = { go: true }

export class ApprovalDesk {
  private readonly waiting = new Map<string, Waiting>()
  /** Conversations whose writes the user allowed for this session ("Always allow in this chat"). */
  private readonly allowed = new Set<string>()
  private closed = false

  constructor(private readonly deps: ApprovalDeskDeps) {}

  /**
   * How the engine asks about this command, or undefined when the setting lets it run. The
   * engine plans (a dry run), calls this with the plan, and runs exactly that plan once approved;
   * a plan it cannot make is never run, so nothing here can let an unplanned change through.
   */
  askerFor(request: ApprovalRequest): AskApproval | undefined {
    if (!needsApproval(this.deps.mode(), commandOf(request.input))) return undefined
    return async (plan, changed) => {
      if (this.allowed.has(request.conversationId)) return GO
      if (this.closed) return declined(CLOSED_REASON)
      if (request.signal.aborted) return declined(STOPPED_REASON)
      // `changed`: the plan the user approved was overtaken before it ran; this is the new one.
      const decision = await this.wait(request, changed ? withChangedNote(plan) : plan)
      return decision.kind === 'go' ? GO : declined(decision.reason)
    }
  }

  list(conversationId?: string): PendingApproval[] {
    return [...this.waiting.values()]
      .map((w) => w.approval)
      .filter((a) => conversationId === undefined || a.conversationId === conversationId)
  }

  answer({ approvalId, answer, reason }: AnswerApprovalInput): { status: 'answered' | 'gone' } {
    const waiting = this.waiting.get(approvalId)
    if (!waiting) return { status: 'gone' }
    if (answer === 'always-allow') this.allowed.add(waiting.approval.conversationId)
    if (answer === 'decline')
      waiting.settle({ kind: 'declined', reason: reason ?? null }, 'declined')
    else waiting.settle({ kind: 'go' }, 'approved')
    return { status: 'answered' }
  }

  /** Quitting: whatever waits is declined, and nothing new waits. */
  close(): void {
    this.closed = true
    for (const waiting of [...this.waiting.values()])
      waiting.settle({ kind: 'declined', reason: CLOSED_REASON }, 'declined')
  }

  private wait(request: ApprovalRequest, plan: PlannedChange): Promise<Decision> {
    const approval: PendingApproval = {
      id: randomUUID(),
      conversationId: request.conversationId,
      turnId: request.turnId,
      toolUseId: request.toolUseId,
      command: plan.command,
      path: plan.path,
      preview: plan.preview,
      createdAt: this.deps.clock().toISOString()
    }
    return new Promise<Decision>((resolve) => {
      const onStop = () => waiting.settle({ kind: 'declined', reason: STOPPED_REASON }, 'cancelled')
      const waiting: Waiting = {
        approval,
        settle: (decision, outcome) => {
          if (!this.waiting.delete(approval.id)) return
          request.signal.removeEventListener('abort', onStop)
          this.deps.emit('chat:approval-resolved', {
            conversationId: approval.conversationId,
            approvalId: approval.id,
            outcome
          })
          resolve(decision)
        }
      }
      this.waiting.set(approval.id, waiting)
      request.signal.addEventListener('abort', onStop, { once: true })
      this.deps.emit('chat:approval-pending', approval)
    })
  }
}

const CHANGED_NOTE = 'The file changed while this waited; this is what the change would do now.'

function withChangedNote(plan: PlannedChange): PlannedChange {
  const note = plan.preview.note ? `${CHANGED_NOTE} ${plan.preview.note}` : CHANGED_NOTE
  return { ...plan, preview: { ...plan.preview, note } }
}

function declined(reason: string | null): Approval {
  return { go: false, result: declinedResult(reason) }
}

function commandOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null
    ? (input as { command?: unknown }).command
    : null
}
