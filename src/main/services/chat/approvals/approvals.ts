import { randomUUID } from 'node:crypto'
import {
  ApprovalCommandSchema,
  TOOL_ARGUMENTS_SHOWN,
  type AnswerApprovalInput,
  type MemoryApproval,
  type PendingApproval,
  type PlannedChange,
  type ToolCallApproval
} from '@shared/chat/approval'
import type { ToolResult } from '@shared/memory/memory'
import type { MemoryWriteApproval } from '@shared/app/settings'
import type { Approval, ApprovalQuestion, AskApproval, Preview } from '../../memory/service'
import { needsApproval } from '@shared/chat/approval-policy'
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

type Decision = { kind: 'go'; plan: PlannedChange } | { kind: 'declined'; reason: string | null }

/** The user's answer to a tool call: run it (and remember it for the chat or for good), or not. */
export type ToolCallDecision =
  { go: true; remember?: 'once-per-chat' | 'always' } | { go: false; reason: string | null }

interface Waiting {
  /** The card as shown now (its revision moves with each new plan). */
  approval: PendingApproval
  /** A tool call's: runs it on Approve (nothing to re-plan). */
  approveCall?: (answer: 'approve' | 'always-allow' | 'always-allow-tool') => void
  /** The plan Approve runs; null while the change cannot apply. */
  plan: PlannedChange | null
  /** Why the change cannot apply now (the engine's result), told to Claude on Decline. */
  cannotApply: ToolResult | null
  settle(decision: Decision, outcome: 'approved' | 'declined' | 'cancelled'): void
}

export interface ApprovalDeskDeps {
  /** The approval setting for a chat's memory (its space's). */
  mode: (conversationId: string) => MemoryWriteApproval
  emit: ChatEmit
  clock: () => Date
}

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
    if (!needsApproval(this.deps.mode(request.conversationId), commandOf(request.input)))
      return undefined
    return async (question) => {
      const first = question.plan
      if (this.allowed.has(request.conversationId) && first.ok)
        return { go: true, plan: first.plan }
      if (this.closed) return declined(CLOSED_REASON)
      if (request.signal.aborted) return declined(STOPPED_REASON)
      return this.wait(request, question)
    }
  }

  list(conversationId?: string): PendingApproval[] {
    return [...this.waiting.values()]
      .map((w) => w.approval)
      .filter((a) => conversationId === undefined || a.conversationId === conversationId)
  }

  answer({ approvalId, answer, reason, revision }: AnswerApprovalInput): {
    status: 'answered' | 'gone' | 'changed'
  } {
    const waiting = this.waiting.get(approvalId)
    if (!waiting) return { status: 'gone' }
    if (answer === 'decline') {
      waiting.settle({ kind: 'declined', reason: reason ?? null }, 'declined')
      return { status: 'answered' }
    }
    if (waiting.approveCall) {
      waiting.approveCall(answer)
      return { status: 'answered' }
    }
    if (answer === 'always-allow-tool') return { status: 'changed' }
    // Approve only the plan the user saw, and only one that can still be made.
    const shown = revision ?? waiting.approval.revision
    if (shown !== waiting.approval.revision || !waiting.plan) return { status: 'changed' }
    if (answer === 'always-allow') this.allowed.add(waiting.approval.conversationId)
    waiting.settle({ kind: 'go', plan: waiting.plan }, 'approved')
    return { status: 'answered' }
  }

  /**
   * A tool call of another provider (an MCP server's) waits for the user's answer, shown as its
   * server, tool and arguments. A stop or quitting declines it.
   */
  askToolCall(
    request: Omit<ApprovalRequest, 'input'> & { input: Record<string, unknown> },
    call: Omit<ToolCallApproval['call'], 'arguments'>
  ): Promise<ToolCallDecision> {
    if (this.closed) return Promise.resolve({ go: false, reason: CLOSED_REASON })
    if (request.signal.aborted) return Promise.resolve({ go: false, reason: STOPPED_REASON })
    const json = JSON.stringify(request.input, null, 2)
    const approval: ToolCallApproval = {
      ...this.newCard(request),
      call: {
        ...call,
        arguments:
          json.length > TOOL_ARGUMENTS_SHOWN
            ? `${json.slice(0, TOOL_ARGUMENTS_SHOWN)}\n… (${(json.length - TOOL_ARGUMENTS_SHOWN).toLocaleString('en-US')} more characters)`
            : json
      }
    }
    return new Promise<ToolCallDecision>((resolve) => {
      let answered: ToolCallDecision = { go: false, reason: null }
      const onStop = () => waiting.settle({ kind: 'declined', reason: STOPPED_REASON }, 'cancelled')
      const waiting: Waiting = {
        approval,
        plan: null,
        cannotApply: null,
        approveCall: (answer) => {
          answered =
            answer === 'always-allow'
              ? { go: true, remember: 'once-per-chat' }
              : answer === 'always-allow-tool'
                ? { go: true, remember: 'always' }
                : { go: true }
          waiting.settle({ kind: 'declined', reason: null }, 'approved')
        },
        settle: (decision, outcome) => {
          if (!this.release(approval, request.signal, onStop, outcome)) return
          resolve(
            outcome === 'approved'
              ? answered
              : { go: false, reason: decision.kind === 'declined' ? decision.reason : null }
          )
        }
      }
      this.waiting.set(approval.id, waiting)
      request.signal.addEventListener('abort', onStop, { once: true })
      this.deps.emit('chat:tool-approval-pending', approval)
    })
  }

  /** A new card's identity: who asks, for which call, now, as first shown. */
  private newCard(request: Omit<ApprovalRequest, 'input' | 'signal'>) {
    const { conversationId, turnId, toolUseId } = request
    const createdAt = this.deps.clock().toISOString()
    return { id: randomUUID(), conversationId, turnId, toolUseId, createdAt, revision: 0 }
  }

  /** Takes a card off the desk and tells the page; false when it was already answered. */
  private release(
    approval: PendingApproval,
    signal: AbortSignal,
    onStop: () => void,
    outcome: 'approved' | 'declined' | 'cancelled'
  ): boolean {
    if (!this.waiting.delete(approval.id)) return false
    signal.removeEventListener('abort', onStop)
    const { conversationId, id: approvalId } = approval
    this.deps.emit('chat:approval-resolved', { conversationId, approvalId, outcome })
    return true
  }

  /** Quitting: whatever waits is declined, and nothing new waits. */
  close(): void {
    this.closed = true
    for (const waiting of [...this.waiting.values()])
      waiting.settle({ kind: 'declined', reason: CLOSED_REASON }, 'declined')
  }

  private wait(request: ApprovalRequest, question: ApprovalQuestion): Promise<Approval> {
    const approval = pendingApproval(
      { ...this.newCard(request), ...namedIn(request.input) },
      question.plan,
      question.changed ? 'changed' : undefined
    )
    return new Promise<Approval>((resolve) => {
      const onStop = () => waiting.settle({ kind: 'declined', reason: STOPPED_REASON }, 'cancelled')
      const waiting: Waiting = {
        approval,
        plan: question.plan.ok ? question.plan.plan : null,
        cannotApply: question.plan.ok ? null : question.plan.result,
        settle: (decision, outcome) => {
          if (!this.release(approval, request.signal, onStop, outcome)) return
          resolve(
            decision.kind === 'go'
              ? { go: true, plan: decision.plan }
              : waiting.cannotApply
                ? { go: false, result: cannotApplyResult(waiting.cannotApply, decision.reason) }
                : declined(decision.reason)
          )
        }
      }
      // The file moved on disk: the same card shows the new plan, or that none applies now.
      question.onReplan((next) => {
        if (!this.waiting.has(approval.id)) return
        const kind = next.ok ? 'changed' : next.missing ? 'deleted' : 'changed'
        const shown = waiting.approval as MemoryApproval
        waiting.approval = pendingApproval({ ...shown, revision: shown.revision + 1 }, next, kind)
        waiting.plan = next.ok ? next.plan : null
        waiting.cannotApply = next.ok ? null : next.result
        this.deps.emit('chat:approval-updated', waiting.approval)
      })
      this.waiting.set(approval.id, waiting)
      request.signal.addEventListener('abort', onStop, { once: true })
      this.deps.emit('chat:approval-pending', approval)
    })
  }
}

/** What a card keeps across plans: who asked, which call, and what the command names. */
type Identity = Pick<
  MemoryApproval,
  'id' | 'conversationId' | 'turnId' | 'toolUseId' | 'createdAt' | 'revision' | 'command' | 'path'
>

/** The card for a plan: its diff, or (no plan) why the change can no longer be made. */
function pendingApproval(
  identity: Identity,
  plan: Preview,
  onDisk: MemoryApproval['onDisk']
): MemoryApproval {
  const { id, conversationId, turnId, toolUseId, createdAt, revision, command, path } = identity
  const card = {
    ...{ id, conversationId, turnId, toolUseId, createdAt, revision, command, path },
    ...(onDisk ? { onDisk } : {})
  }
  if (plan.ok)
    return { ...card, command: plan.plan.command, path: plan.plan.path, preview: plan.plan.preview }
  return {
    ...card,
    preview: { before: null, after: null },
    cannotApply: plan.result.content.replace(/^Error:\s*/, '')
  }
}

/** Claude's result when the user declines a change that could no longer apply: the engine's why. */
function cannotApplyResult(result: ToolResult, reason: string | null): ToolResult {
  const why = reason?.trim()
  return {
    content: `${result.content}\nThe file changed on disk while this change waited for the user's approval, so it was not made.${why ? ` The user said: ${why}` : ''}`,
    isError: true
  }
}

function declined(reason: string | null): Approval {
  return { go: false, result: declinedResult(reason) }
}

/** The command and path as Claude sent them: a card with no plan still names what was asked. */
function namedIn(input: unknown): Pick<MemoryApproval, 'command' | 'path'> {
  const fields =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
  const parsed = ApprovalCommandSchema.safeParse(fields.command)
  const path = fields.command === 'rename' ? fields.old_path : fields.path
  return {
    command: parsed.success ? parsed.data : 'str_replace',
    path: typeof path === 'string' ? path : '/memories'
  }
}

function commandOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null
    ? (input as { command?: unknown }).command
    : null
}
