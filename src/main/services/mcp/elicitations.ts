import { randomUUID } from 'node:crypto'
import { CairnError } from '@shared/errors'
import { checkElicitAnswer } from '@shared/mcp/elicit-answer'
import {
  ELICIT_LIMITS,
  type AnswerElicitationInput,
  type ElicitationResolved,
  type ElicitOutcome,
  type PendingElicitation
} from '@shared/mcp/elicitation'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { McpElicitRequest, McpElicitResult } from './connection'
import { readElicitForm } from './elicit-form'

/*
 * Elicitation: a server's question for the user, while one of its tools runs. It waits here, as
 * an approval waits on the chat's desk, and is shown in the chat whose call of that server is
 * running (the server does not say which call it asks for; with calls of several chats running,
 * the form shows in whichever chat is open). The answer goes back to that server only: nothing
 * here reaches a setting or the memory folder. The turn's Stop cancels the question; the server
 * taking it back (its time ran out, it went away) closes the form with a note; quitting cancels.
 */

/** A tool call running on a server: the chat it belongs to and the turn's stop. */
export interface ElicitCaller {
  conversationId: string
  signal: AbortSignal
}

export type ElicitationEvent =
  | { event: 'mcp:elicitation-pending'; payload: PendingElicitation }
  | { event: 'mcp:elicitation-resolved'; payload: ElicitationResolved }

export interface ElicitationDeskDeps {
  /** The name the user gave a server (its id when it has none). */
  serverName(id: string): string
  logger: Logger
  clock?: () => Date
}

interface Waiting {
  pending: PendingElicitation
  settle(outcome: ElicitOutcome, result: McpElicitResult): void
}

export function createElicitationDesk(deps: ElicitationDeskDeps) {
  const clock = deps.clock ?? (() => new Date())
  const events = new Emitter<ElicitationEvent>((error) =>
    deps.logger.error('an elicitation listener failed', { error: String(error) })
  )
  const calls = createRunningCalls()
  const waiting = new Map<string, Waiting>()
  let closed = false

  return {
    /** A call of `server` runs for this chat until the returned function is called. */
    track: calls.track,

    /** The hub's elicit hook: resolves with the user's answer for the server. */
    ask(server: string, request: McpElicitRequest, signal: AbortSignal): Promise<McpElicitResult> {
      // Only forms are offered (the capability says so); a link to open is never followed.
      if (request.mode === 'url') return Promise.resolve({ action: 'decline' })
      if (closed || signal.aborted) return Promise.resolve({ action: 'cancel' })
      const form = readElicitForm(request.requestedSchema)
      if ('problem' in form) {
        deps.logger.warn('elicitation form refused', { server, problem: form.problem })
        return Promise.reject(new Error(`Cairn cannot show this form: ${form.problem}`))
      }
      const caller = calls.callerOf(server)
      if (caller?.signal.aborted) return Promise.resolve({ action: 'cancel' })
      const pending: PendingElicitation = {
        id: randomUUID(),
        conversationId: caller?.conversationId ?? null,
        server,
        serverName: deps.serverName(server),
        message: capped(request.message),
        fields: form.fields,
        createdAt: clock().toISOString()
      }
      return waitForAnswer({ pending, caller, signal, waiting, events })
    },

    list(conversationId?: string): PendingElicitation[] {
      return [...waiting.values()]
        .map((w) => w.pending)
        .filter((p) => conversationId === undefined || p.conversationId === conversationId)
    },

    /** The user's answer; a Submit that does not fit the form is refused, and the form stays. */
    answer({ elicitationId, action, content }: AnswerElicitationInput): {
      status: 'answered' | 'gone'
    } {
      const entry = waiting.get(elicitationId)
      if (!entry) return { status: 'gone' }
      if (action === 'decline') entry.settle('declined', { action: 'decline' })
      else if (action === 'cancel') entry.settle('cancelled', { action: 'cancel' })
      else {
        const answers = content ?? {}
        const problems = checkElicitAnswer(entry.pending.fields, answers)
        if (problems.length > 0)
          throw new CairnError(
            'BAD_INPUT',
            `The answer was not sent: ${problems.map((p) => p.message).join(' ')} Correct the form and press Submit again.`
          )
        entry.settle('accepted', { action: 'accept', content: answers })
      }
      return { status: 'answered' }
    },

    onEvent: (listener: (event: ElicitationEvent) => void) => events.on(listener),

    /** Quitting: what waits is cancelled, and nothing new waits. */
    close(): void {
      closed = true
      for (const entry of [...waiting.values()]) entry.settle('cancelled', { action: 'cancel' })
      events.clear()
    }
  }
}

export type ElicitationDesk = ReturnType<typeof createElicitationDesk>

/** The calls running on each server, oldest first: which chat a server's question belongs to. */
function createRunningCalls() {
  const running = new Map<string, ElicitCaller[]>()
  return {
    track(server: string, caller: ElicitCaller): () => void {
      running.set(server, [...(running.get(server) ?? []), caller])
      return () => {
        const left = (running.get(server) ?? []).filter((c) => c !== caller)
        if (left.length > 0) running.set(server, left)
        else running.delete(server)
      }
    },
    /** The chat a server's question belongs to: the one whose calls of it are running, if only one. */
    callerOf(server: string): ElicitCaller | null {
      const calls = running.get(server) ?? []
      const chats = new Set(calls.map((c) => c.conversationId))
      return chats.size === 1 ? (calls.at(-1) ?? null) : null
    }
  }
}

interface WaitOptions {
  pending: PendingElicitation
  /** The call it was asked for (null: not known): its Stop cancels the question. */
  caller: ElicitCaller | null
  /** The server's own: aborted when it takes the question back. */
  signal: AbortSignal
  waiting: Map<string, Waiting>
  events: Emitter<ElicitationEvent>
}

/** A question waiting on the desk until answered, stopped, withdrawn or closed; told as it goes. */
function waitForAnswer({
  pending,
  caller,
  signal,
  waiting,
  events
}: WaitOptions): Promise<McpElicitResult> {
  return new Promise<McpElicitResult>((resolve) => {
    const onStop = () => entry.settle('stopped', { action: 'cancel' })
    // The server cancelled its request or went away: its answer would reach no one.
    const onWithdrawn = () =>
      entry.settle(timedOut(signal.reason) ? 'timed-out' : 'withdrawn', { action: 'cancel' })
    const entry: Waiting = {
      pending,
      settle: (outcome, result) => {
        if (!waiting.delete(pending.id)) return
        caller?.signal.removeEventListener('abort', onStop)
        signal.removeEventListener('abort', onWithdrawn)
        const { id: elicitationId, conversationId } = pending
        events.emit({
          event: 'mcp:elicitation-resolved',
          payload: { elicitationId, conversationId, outcome }
        })
        resolve(result)
      }
    }
    waiting.set(pending.id, entry)
    caller?.signal.addEventListener('abort', onStop, { once: true })
    signal.addEventListener('abort', onWithdrawn, { once: true })
    events.emit({ event: 'mcp:elicitation-pending', payload: pending })
  })
}

function capped(message: string): string {
  return message.length > ELICIT_LIMITS.message
    ? `${message.slice(0, ELICIT_LIMITS.message)}…`
    : message
}

/** The SDK tells a request given up on its clock as "Request timed out" (the cancel's reason). */
function timedOut(reason: unknown): boolean {
  return /timed out/i.test(reason instanceof Error ? reason.message : String(reason))
}
