import { randomUUID } from 'node:crypto'
import type { ChatFault, Conversation, NoticeKind, ToolUseBlock, Usage } from '@shared/chat/chat'
import type { TurnStatus } from '@shared/chat/events'
import { noApiKeyFault, saveFailedFault } from '../api/faults'
import { toolRoundLimitText } from './notice-texts'
import { addUsage, ReplyAccumulator, ZERO_USAGE } from '../stream/reply-accumulator'
import { repairStored } from '../conversations/repair'
import { noticeOf, recordReply } from './record-reply'
import {
  Cancelled,
  SaveError,
  type Outcome,
  type TurnDeps,
  type TurnEnd,
  type TurnScope
} from './scope'
import { streamReply } from './stream-reply'
import { runToolCalls } from './tool-calls'

/*
 * One user turn: stream a reply (stream-reply.ts), run each memory command it asks for, in order
 * (tool-calls.ts), send the results back, and repeat until Claude ends its turn, the round cap is
 * reached, the user stops, or a fault ends it. Everything shown is saved (record-reply.ts) before
 * the turn ends.
 */

export type { TurnDeps, TurnEnd } from './scope'

export class Turn implements TurnScope {
  readonly id = randomUUID()
  private readonly controller = new AbortController()
  private usage: Usage = ZERO_USAGE
  readonly asWritten = new Map<string, Record<string, unknown>>()

  constructor(readonly deps: TurnDeps) {}

  get conversationId(): string {
    return this.deps.conversation.id
  }

  get signal(): AbortSignal {
    return this.controller.signal
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
        ? await streamReply(this, client, messageId)
        : await this.noClient()
      this.usage = addUsage(this.usage, outcome.snapshot.usage)
      const message = await recordReply(this, messageId, outcome)
      if (outcome.kind === 'aborted') return this.done('interrupted', message.stopReason)
      if (outcome.kind === 'fault')
        return { kind: 'error', fault: outcome.fault, partialKept: message.content.length > 0 }
      const calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use')
      if (calls.length === 0) return this.done('complete', message.stopReason)
      const results = await runToolCalls(this, message.id, calls, outcome.snapshot)
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
    return this.append(noticeOf(kind, text, this.now()))
  }

  async persist(): Promise<void> {
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

  async whenReady(): Promise<void> {
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

  now(): string {
    return this.deps.clock().toISOString()
  }
}
