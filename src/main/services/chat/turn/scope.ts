import type Anthropic from '@anthropic-ai/sdk'
import type { ChatFault, Conversation, Usage } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'
import type { TurnStatus } from '@shared/chat/events'
import type { Settings } from '@shared/app/settings'
import type { Logger } from '../../log/logger'
import type { AttachmentService } from '../attachments'
import type { Toolbox } from '../tools/toolbox'
import type { ReplySnapshot } from '../stream/reply-accumulator'
import type { RetryPolicy, Wait } from '../api/retry'
import type { ChatEmit, MemoryToolRunner } from '../types'
import type { Project } from '@shared/projects/projects'
import type { Knowledge } from '../projects/knowledge'

/*
 * What a turn is given, how it ends, and what its parts (the stream, the tool calls, the record
 * of each reply) share with the Turn that runs them.
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
  /** What the frame says of memory (on or off for this chat). */
  memory: Pick<MemoryToolRunner, 'enabled'>
  /** The chat's tool providers: what requests list and what runs each call. */
  tools: Toolbox
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
  /** What the API says of a model (the catalog); absent or null: nothing (the safe fallback). */
  describeModel?: (model: string) => Promise<ModelOption | null>
  /** The chat's project as it is now (read at each request), and how its knowledge is sent. */
  project?: () => Project | null
  knowledge?: Knowledge
}

/** One request's reply as it ended. */
export type Outcome =
  | { kind: 'complete'; snapshot: ReplySnapshot }
  | { kind: 'aborted'; snapshot: ReplySnapshot }
  | { kind: 'fault'; fault: ChatFault; snapshot: ReplySnapshot }

/** The running turn as its parts see it. */
export interface TurnScope {
  readonly id: string
  readonly deps: TurnDeps
  /** Aborted when the user stops (or the user's message could not be saved). */
  readonly signal: AbortSignal
  /** Tool calls as Claude wrote them, before a provider's `conceal`: never saved. */
  readonly asWritten: Map<string, Record<string, unknown>>
  now(): string
  /** Waits for the user's message to be on disk; throws Cancelled if it could not be saved. */
  whenReady(): Promise<void>
  /** Saves the conversation as it stands; throws SaveError. */
  persist(): Promise<void>
}

/** The user's message could not be saved: the turn stops without a trace. */
export class Cancelled extends Error {}

export class SaveError extends Error {
  constructor(override readonly cause: unknown) {
    super('conversation not saved', { cause })
  }
}
