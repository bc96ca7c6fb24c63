import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { AnswerApprovalInput, PendingApproval } from '@shared/approval'
import type { ToolResult } from '@shared/memory'
import type { MemoryWriteApproval } from '@shared/settings'
import { needsApproval } from './approval-policy'
import { previewChange, type MemoryPeek, type PlannedChange } from './approval-preview'
import type { ChatEmit } from './types'

/*
 * Write approval. A memory command of Claude's that the setting says must be approved waits here
 * for the user's answer. The API request that asked for it has already ended (a tool_use stop), so
 * nothing times out while it waits; the turn goes on with a new request once the user answers.
 * Pending approvals are state of main (a window reload lists them again); a stop or quitting
 * declines them. The inspector's edits never come here: they do not go through the tool loop.
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
  /** Null when memory is off: the engine then refuses every command, so nothing waits. */
  peek: MemoryPeek | null
  emit: ChatEmit
  clock: () => Date
}

export class ApprovalDesk {
  private readonly waiting = new Map<string, Waiting>()
  /** Conversations whose writes the user allowed for this session ("Always allow in this chat"). */
  private readonly allowed = new Set<string>()
  private closed = false

  constructor(private readonly deps: ApprovalDeskDeps) {}

  /** Runs one memory command of Claude's, once approved if the setting asks for approval. */
  async run(request: ApprovalRequest, execute: () => Promise<ToolResult>): Promise<ToolResult> {
    const decision = await this.decide(request)
    return decision.kind === 'go' ? execute() : declinedResult(decision.reason)
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

  private async decide(request: ApprovalRequest): Promise<Decision> {
    const command = commandOf(request.input)
    const { peek } = this.deps
    if (!peek || !needsApproval(this.deps.mode(), command)) return { kind: 'go' }
    if (this.allowed.has(request.conversationId)) return { kind: 'go' }
    let shown: PlannedChange | null = null
    // After an approval the preview is computed again: if the folder changed while the card was
    // up (the user's own edit, another program), the new change is shown and asked for again.
    for (;;) {
      const planned = await previewChange(request.input, peek)
      // A command that cannot apply changes nothing: the engine answers its error.
      if (!planned) return { kind: 'go' }
      if (shown && isDeepStrictEqual(shown, planned)) return { kind: 'go' }
      if (this.closed) return { kind: 'declined', reason: CLOSED_REASON }
      if (request.signal.aborted) return { kind: 'declined', reason: STOPPED_REASON }
      const changed = shown !== null
      const decision = await this.wait(request, changed ? withChangedNote(planned) : planned)
      if (decision.kind !== 'go' || this.allowed.has(request.conversationId)) return decision
      shown = planned
    }
  }

  private wait(request: ApprovalRequest, planned: PlannedChange): Promise<Decision> {
    const approval: PendingApproval = {
      id: randomUUID(),
      conversationId: request.conversationId,
      turnId: request.turnId,
      toolUseId: request.toolUseId,
      ...planned,
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

function withChangedNote(planned: PlannedChange): PlannedChange {
  const note = planned.preview.note ? `${CHANGED_NOTE} ${planned.preview.note}` : CHANGED_NOTE
  return { ...planned, preview: { ...planned.preview, note } }
}

function commandOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null
    ? (input as { command?: unknown }).command
    : null
}
