import { randomUUID } from 'node:crypto'
import type Anthropic from '@anthropic-ai/sdk'
import type {
  AssistantBlock,
  AssistantMessage,
  ChatFault,
  Conversation,
  ModelOption,
  NoticeKind,
  NoticeMessage,
  ToolResultBlock,
  ToolUseBlock,
  TurnStatus,
  Usage
} from '@shared/chat'
import type { ToolResult } from '@shared/memory'
import type { Settings } from '@shared/settings'
import type { Logger } from '../log/logger'
import type { AttachmentService } from './attachments'
import { createCoalescer } from './coalescer'
import { classifyFault, isAbort, noApiKeyFault, saveFailedFault, StreamEndedEarly } from './faults'
import { dropThinkingAfter, nextRequest, withoutThinkingAfter } from './frame/next-request'
import { guardCaughtSecret } from '../memory'
import { describeTool, summarize } from './memory-ops'
import type { ApprovalDesk } from './approvals'
import { toolRoundLimitText } from './notice-texts'
import { addUsage, ReplyAccumulator, ZERO_USAGE, type ReplySnapshot } from './reply-accumulator'
import { hideSecrets, withoutTexts } from './refused-secrets'
import { notRunResult, repairStored } from './repair'
import { createThinkingRelay } from './thinking/live-thinking'
import { attemptsFor, countdown, retryDelay, type RetryPolicy, type Wait } from './retry'
import type { ChatEmit, MemoryToolRunner } from './types'

/*
 * One user turn: stream a reply, run each memory command it asks for (in order), send the
 * results back, and repeat until Claude ends its turn, the round cap is reached, the user stops,
 * or a fault ends it. Everything shown is saved before the turn ends.
 */

export type TurnEnd =
  | { kind: 'done'; status: TurnStatus; stopReason: string | null; usage: Usage }
  | { kind: 'error'; fault: ChatFault; partialKept: boolean }
  /** The user's message could not be saved: the turn ends without a trace. */
  | { kind: 'cancelled' }

export interface TurnDeps {
  conversation: Conversation
  settings: Settings
  client: () => Promise<Anthropic | null>
  memory: MemoryToolRunner
  emit: ChatEmit
  save: (conversation: Conversation) => Promise<void>
  clock: () => Date
  wait: Wait
  retry: RetryPolicy
  coalesceMs: number
  logger: Logger
  /** Reads the bytes of the conversation's attachments for each request. */
  attachments?: Pick<AttachmentService, 'load'>
  /**
   * The save of the user's message, still running while the request goes out, so the fsync
   * hides behind the network. Nothing is shown or saved before it lands; if it fails, the
   * request is aborted and the turn leaves no trace.
   */
  ready?: Promise<boolean>
  /** Write approval: memory commands the user must approve wait here (absent: none waits). */
  approvals?: ApprovalDesk
  /** What the API says of a model (the catalog); absent or null: nothing (the safe fallback). */
  describeModel?: (model: string) => Promise<ModelOption | null>
}

/** Faults in a stream that showed nothing yet, safe to retry without the user noticing. */
const QUIET_RETRY = new Set(['stream-cut', 'overloaded', 'rate-limited'])

type Outcome =
  | { kind: 'complete'; snapshot: ReplySnapshot }
  | { kind: 'aborted'; snapshot: ReplySnapshot }
  | { kind: 'fault'; fault: ChatFault; snapshot: ReplySnapshot }

export class Turn {
  readonly id = randomUUID()
  private readonly controller = new AbortController()
  private usage: Usage = ZERO_USAGE
  /** Memory commands as Claude wrote them, secrets included (see hideSecrets): never saved. */
  private readonly asWritten = new Map<string, Record<string, unknown>>()

  constructor(private readonly deps: TurnDeps) {}

  get conversationId(): string {
    return this.deps.conversation.id
  }

  stop(): void {
    this.controller.abort()
  }

  get stopped(): boolean {
    return this.controller.signal.aborted
  }

  /** Runs to the end; never rejects. */
  async run(): Promise<TurnEnd> {
    try {
      return await this.loop()
    } catch (error) {
      if (error instanceof Cancelled) return { kind: 'cancelled' }
      this.deps.logger.error('chat turn failed', { error })
      const fault: ChatFault =
        error instanceof SaveError
          ? saveFailedFault(error.cause)
          : {
              code: 'internal',
              message: 'Something went wrong inside Cairn while answering.',
              nextStep: 'Press Retry; if it keeps happening, restart Cairn.',
              retryable: true,
              status: null
            }
      return { kind: 'error', fault, partialKept: false }
    }
  }

  private async loop(): Promise<TurnEnd> {
    const { settings } = this.deps
    const signal = this.controller.signal
    const client = await this.deps.client()
    let rounds = 0
    for (;;) {
      await this.repair()
      const messageId = randomUUID()
      const outcome: Outcome = client
        ? await this.request(client, messageId)
        : await this.noClient()
      this.usage = addUsage(this.usage, outcome.snapshot.usage)
      const message = await this.record(messageId, outcome)
      if (outcome.kind === 'aborted') return this.done('interrupted', message.stopReason)
      if (outcome.kind === 'fault')
        return { kind: 'error', fault: outcome.fault, partialKept: message.content.length > 0 }
      const calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use')
      if (calls.length === 0) return this.done('complete', message.stopReason)
      const results = await this.runTools(message.id, calls, outcome.snapshot)
      await this.append({
        id: randomUUID(),
        role: 'user',
        createdAt: this.now(),
        content: results
      })
      if (signal.aborted) return this.done('interrupted', message.stopReason)
      rounds += 1
      if (rounds >= settings.maxToolRounds) {
        await this.notice('tool-round-limit', toolRoundLimitText(rounds))
        return this.done('capped', message.stopReason)
      }
    }
  }

  /** One request, retried on its own while nothing has been shown yet. */
  private async request(client: Anthropic, messageId: string): Promise<Outcome> {
    const { conversation, settings, emit, retry } = this.deps
    const signal = this.controller.signal
    const base = { conversationId: conversation.id, turnId: this.id }
    for (let attempt = 1; ; attempt += 1) {
      const acc = new ReplyAccumulator()
      const coalescer = createCoalescer(
        (text) => emit('chat:delta', { ...base, messageId, text }),
        this.deps.coalesceMs
      )
      const thoughts = createThinkingRelay(
        (piece) => emit('chat:thinking', { ...base, messageId, ...piece }),
        this.deps.coalesceMs
      )
      let streaming = false
      let shown = false
      try {
        if (signal.aborted) return { kind: 'aborted', snapshot: acc.snapshot() }
        const files = await this.deps.attachments?.load(conversation.messages)
        const params = await nextRequest({
          conversation,
          settings,
          memoryOn: this.deps.memory.enabled !== false,
          files,
          describeModel: this.deps.describeModel,
          now: this.now()
        })
        const stream = await client.beta.messages.create(params, { signal })
        streaming = true
        await this.whenReady()
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
        await this.whenReady()
        thoughts.flush()
        coalescer.flush()
        const snapshot = acc.snapshot()
        if (signal.aborted || isAbort(error)) return { kind: 'aborted', snapshot }
        const classified = classifyFault(error, streaming ? 'stream' : 'request')
        // Before anything was shown, a failure mid-stream can be retried like a failed request.
        if (!shown && streaming && QUIET_RETRY.has(classified.fault.code))
          classified.autoRetry = true
        this.deps.logger.warn('anthropic request failed', {
          code: classified.fault.code,
          status: classified.fault.status,
          attempt
        })
        const delay = shown ? null : retryDelay(classified, attempt, retry)
        if (delay === null)
          return { kind: 'fault', fault: this.finalFault(classified.fault, attempt), snapshot }
        const retryAt = new Date(this.deps.clock().getTime() + delay).toISOString()
        const maxAttempts = attemptsFor(classified.fault, retry)
        await countdown(delay, signal, this.deps.wait, (secondsLeft) =>
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

  private finalFault(fault: ChatFault, attempts: number): ChatFault {
    if (attempts <= 1) return fault
    return { ...fault, message: `${fault.message} Cairn tried ${attempts} times.` }
  }

  /** Saves the reply as it stands: whole when complete, only its finished parts otherwise. */
  private async record(messageId: string, outcome: Outcome): Promise<AssistantMessage> {
    const { snapshot } = outcome
    // A reply cut short never ran its tool calls; they are dropped rather than left unanswered.
    const content: AssistantBlock[] =
      outcome.kind === 'complete'
        ? snapshot.content
        : snapshot.content.filter((b) => b.type !== 'tool_use')
    const hidden = await hideSecrets(content)
    for (const [id, input] of hidden) this.asWritten.set(id, input)
    const message: AssistantMessage = {
      id: messageId,
      role: 'assistant',
      createdAt: this.now(),
      model: this.deps.conversation.model,
      // A call changed (its secret hidden): thinking after it was bound to it as it was.
      content: withoutThinkingAfter(content, new Set(hidden.keys())),
      status:
        outcome.kind === 'complete'
          ? 'complete'
          : outcome.kind === 'aborted'
            ? 'interrupted'
            : 'failed',
      stopReason: snapshot.stopReason,
      usage: snapshot.usage,
      error: outcome.kind === 'fault' ? outcome.fault : null
    }
    this.deps.conversation.messages.push(message)
    for (const edit of snapshot.appliedEdits) {
      if (edit.type === 'clear_tool_uses_20250919' && edit.clearedToolUses > 0)
        this.deps.conversation.messages.push(
          this.noticeOf(
            'context-cleared',
            `To keep the conversation within limits, Anthropic cleared ${edit.clearedToolUses} older tool result${edit.clearedToolUses === 1 ? '' : 's'} (about ${edit.clearedInputTokens.toLocaleString('en-US')} tokens) from what Claude sees. Memory operations were kept.`
          )
        )
    }
    if (content.some((b) => b.type === 'compaction'))
      this.deps.conversation.messages.push(
        this.noticeOf(
          'context-compacted',
          'The earlier part of this conversation was summarised to stay within the context window. Claude keeps what must last in memory.'
        )
      )
    await this.persist()
    const added = this.deps.conversation.messages.slice(
      this.deps.conversation.messages.indexOf(message)
    )
    for (const item of added)
      this.deps.emit('chat:message', {
        conversationId: this.conversationId,
        turnId: this.id,
        message: item
      })
    return message
  }

  private async runTools(
    messageId: string,
    calls: ToolUseBlock[],
    snapshot: ReplySnapshot
  ): Promise<ToolResultBlock[]> {
    const signal = this.controller.signal
    const results: ToolResultBlock[] = []
    for (const call of calls) {
      const described = describeTool(call.input)
      const event = (status: 'running' | 'done' | 'error' | 'cancelled', summary: string) =>
        this.deps.emit('chat:tool', {
          conversationId: this.conversationId,
          turnId: this.id,
          messageId,
          toolUseId: call.id,
          command: described.command,
          path: described.path,
          status,
          summary
        })
      // After a stop, nothing more touches the memory folder.
      if (signal.aborted) {
        results.push(notRunResult(call.id))
        event('cancelled', 'Not run: stopped.')
        continue
      }
      event('running', '')
      const bad = snapshot.badToolInput.get(call.id)
      const result = bad
        ? { content: bad, isError: true }
        : call.name !== 'memory'
          ? {
              content: `Error: There is no tool called ${call.name}. Only the memory tool is available.`,
              isError: true
            }
          : await this.runMemory(call)
      // The guard caught a secret hideSecrets could not see in the strings alone: the texts go,
      // and thinking later in this reply (bound to the call as it was) with them.
      if (
        !bad &&
        call.name === 'memory' &&
        guardCaughtSecret(result) &&
        !this.asWritten.has(call.id)
      ) {
        call.input = withoutTexts(call.input)
        dropThinkingAfter(this.deps.conversation, call)
      }
      results.push({
        type: 'tool_result',
        tool_use_id: call.id,
        content: result.content,
        is_error: result.isError,
        ...('activity' in result && result.activity ? { memory: result.activity } : {}),
        ...('cap' in result && result.cap ? { cap: result.cap } : {})
      })
      event(result.isError ? 'error' : 'done', summarize(result.content))
    }
    return results
  }

  /** One memory command, after the user's approval when the setting asks for it. */
  private runMemory(call: ToolUseBlock): Promise<ToolResult> {
    const ask = this.deps.approvals?.askerFor({
      conversationId: this.conversationId,
      turnId: this.id,
      toolUseId: call.id,
      input: call.input,
      signal: this.controller.signal
    })
    const actor = { kind: 'claude', conversationId: this.conversationId } as const
    const input = this.asWritten.get(call.id) ?? call.input
    return this.deps.memory.execute(input, actor, ask ? { ask } : {})
  }

  /** Before each request: every tool call in the saved conversation has its answer. */
  private async repair(): Promise<void> {
    const { conversation } = this.deps
    const repaired = repairStored(conversation.messages, () => this.now())
    if (!repaired.changed) return
    await this.whenReady()
    conversation.messages = repaired.messages
    await this.persist()
  }

  private async append(message: Conversation['messages'][number]): Promise<void> {
    this.deps.conversation.messages.push(message)
    await this.persist()
    this.deps.emit('chat:message', {
      conversationId: this.conversationId,
      turnId: this.id,
      message
    })
  }

  private notice(kind: NoticeKind, text: string): Promise<void> {
    return this.append(this.noticeOf(kind, text))
  }

  private noticeOf(kind: NoticeKind, text: string): NoticeMessage {
    return { id: randomUUID(), role: 'notice', createdAt: this.now(), kind, text }
  }

  private async persist(): Promise<void> {
    this.deps.conversation.updatedAt = this.now()
    try {
      await this.deps.save(this.deps.conversation)
    } catch (error) {
      this.deps.logger.error('conversation not saved', { error })
      throw new SaveError(error)
    }
  }

  private async noClient(): Promise<Outcome> {
    await this.whenReady()
    return { kind: 'fault', fault: noApiKeyFault(), snapshot: new ReplyAccumulator().snapshot() }
  }

  /** Waits for the user's message to be on disk; if it could not be saved, ends the turn. */
  private async whenReady(): Promise<void> {
    const ready = this.deps.ready
    if (!ready) return
    const saved = await ready
    this.deps.ready = undefined
    if (!saved) {
      this.controller.abort()
      throw new Cancelled()
    }
  }

  private done(status: TurnStatus, stopReason: string | null): TurnEnd {
    return { kind: 'done', status, stopReason, usage: this.usage }
  }

  private now(): string {
    return this.deps.clock().toISOString()
  }
}

class Cancelled extends Error {}

class SaveError extends Error {
  constructor(override readonly cause: unknown) {
    super('conversation not saved', { cause })
  }
}
