import type Anthropic from '@anthropic-ai/sdk'
import type { ChatFault } from '@shared/chat/chat'
import { createCoalescer } from '../stream/coalescer'
import { classifyFault, isAbort, StreamEndedEarly } from '../api/faults'
import { nextRequest } from '../frame/next-request'
import type { KnowledgeForRequest } from '../projects/knowledge'
import { ReplyAccumulator } from '../stream/reply-accumulator'
import { createThinkingRelay } from '../thinking/live-thinking'
import { attemptsFor, countdown, retryDelay } from '../api/retry'
import { Cancelled, type Outcome, type TurnScope } from './scope'

/** Faults in a stream that showed nothing yet, safe to retry without the user noticing. */
const QUIET_RETRY = new Set(['stream-cut', 'overloaded', 'rate-limited'])

/** One request, streamed to the page as it comes, retried on its own while nothing was shown. */
export async function streamReply(
  turn: TurnScope,
  client: Anthropic,
  messageId: string
): Promise<Outcome> {
  const { conversation, settings, emit, retry } = turn.deps
  const signal = turn.signal
  const base = { conversationId: conversation.id, turnId: turn.id }
  let reuploaded = false
  for (let attempt = 1; ; attempt += 1) {
    const acc = new ReplyAccumulator()
    const coalescer = createCoalescer(
      (text) => emit('chat:delta', { ...base, messageId, text }),
      turn.deps.coalesceMs
    )
    const thoughts = createThinkingRelay(
      (piece) => emit('chat:thinking', { ...base, messageId, ...piece }),
      turn.deps.coalesceMs
    )
    let streaming = false
    let shown = false
    // Read at each request: an edit to the project applies from the next one.
    const project = turn.deps.project?.() ?? null
    let knowledge: KnowledgeForRequest | null = null
    try {
      if (signal.aborted) return { kind: 'aborted', snapshot: acc.snapshot() }
      const files = await turn.deps.attachments?.load(conversation.messages)
      if (project && turn.deps.knowledge)
        knowledge = await turn.deps.knowledge.forRequest(project, client, signal)
      const params = await nextRequest({
        project,
        knowledge,
        conversation,
        settings,
        memoryOn: turn.deps.memory.enabled !== false,
        tools: turn.deps.tools,
        files,
        describeModel: turn.deps.describeModel,
        now: turn.now()
      })
      const stream = await client.beta.messages.create(params, { signal })
      streaming = true
      await turn.whenReady()
      for await (const event of stream) {
        if (thoughts.take(event)) shown = true
        const text = acc.apply(event)
        if (text) {
          shown = true
          coalescer.push(text)
        }
      }
      thoughts.flush()
      coalescer.flush()
      const snapshot = acc.snapshot()
      if (signal.aborted) return { kind: 'aborted', snapshot }
      if (!snapshot.complete) throw new StreamEndedEarly()
      return { kind: 'complete', snapshot }
    } catch (error) {
      if (error instanceof Cancelled) throw error
      await turn.whenReady()
      thoughts.flush()
      coalescer.flush()
      const snapshot = acc.snapshot()
      if (signal.aborted || isAbort(error)) return { kind: 'aborted', snapshot }
      // A knowledge file the API no longer has (deleted, expired) is uploaded again, once.
      if (!reuploaded && !streaming && project && knowledge && turn.deps.knowledge) {
        reuploaded = await turn.deps.knowledge.forgetMissing(project, knowledge, error)
        if (reuploaded) {
          attempt -= 1
          continue
        }
      }
      const classified = classifyFault(error, streaming ? 'stream' : 'request')
      // Before anything was shown, a failure mid-stream can be retried like a failed request.
      if (!shown && streaming && QUIET_RETRY.has(classified.fault.code)) classified.autoRetry = true
      turn.deps.logger.warn('anthropic request failed', {
        code: classified.fault.code,
        status: classified.fault.status,
        attempt
      })
      const delay = shown ? null : retryDelay(classified, attempt, retry)
      if (delay === null)
        return { kind: 'fault', fault: finalFault(classified.fault, attempt), snapshot }
      const retryAt = new Date(turn.deps.clock().getTime() + delay).toISOString()
      const maxAttempts = attemptsFor(classified.fault, retry)
      await countdown(delay, signal, turn.deps.wait, (secondsLeft) =>
        emit('chat:retrying', {
          ...base,
          attempt: attempt + 1,
          maxAttempts,
          secondsLeft,
          retryAt,
          reason: classified.fault
        })
      )
    } finally {
      thoughts.close()
      coalescer.close()
    }
  }
}

function finalFault(fault: ChatFault, attempts: number): ChatFault {
  if (attempts <= 1) return fault
  return { ...fault, message: `${fault.message} Cairn tried ${attempts} times.` }
}
