import { z } from 'zod'
import {
  ChatFaultSchema,
  ChatIdSchema,
  ChatMessageSchema,
  ConversationIdSchema,
  ConversationSummarySchema,
  TimeSchema,
  UsageSchema
} from './chat'

// What main tells the page while a reply runs (contract.ts names the events): text and thinking
// as they stream, each memory operation, each saved message, retries, and how the turn ended.

const Turn = { conversationId: ConversationIdSchema, turnId: z.string() }

/** Text as it streams, coalesced: several API deltas per event. */
export const ChatDeltaSchema = z.object({ ...Turn, messageId: ChatIdSchema, text: z.string() })
/** Thinking as it streams (coalesced), or `redacted`: a redacted_thinking block arrived. */
export const ChatThinkingSchema = z.object({
  ...Turn,
  messageId: ChatIdSchema,
  text: z.string(),
  redacted: z.boolean()
})
/** One memory operation as it runs. */
export const ChatToolSchema = z.object({
  ...Turn,
  messageId: ChatIdSchema,
  toolUseId: ChatIdSchema,
  /** The provider that runs the call (`memory`, `web`, `mcp:<server>`); null: none does. */
  provider: z.string().nullable(),
  /** What the call does (a memory command, an MCP tool's title). */
  command: z.string(),
  /** What it acts on: `/memories/...` (`old → new` for a rename), an MCP server's name; or null. */
  path: z.string().nullable(),
  status: z.enum(['running', 'done', 'error', 'cancelled']),
  /** The first line of the result, shortened. */
  summary: z.string()
})
/** A message as saved: the streamed draft is final now (or a notice was added). */
export const ChatMessageEventSchema = z.object({ ...Turn, message: ChatMessageSchema })
export const ChatRetryingSchema = z.object({
  ...Turn,
  attempt: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
  /** Whole seconds until the next attempt; counts down once a second. */
  secondsLeft: z.number().int().min(0),
  retryAt: TimeSchema,
  reason: ChatFaultSchema
})
export const TurnStatusSchema = z.enum(['complete', 'interrupted', 'capped'])
export const ChatDoneSchema = z.object({
  ...Turn,
  status: TurnStatusSchema,
  stopReason: z.string().nullable(),
  /** Summed over every request of this turn. */
  usage: UsageSchema,
  conversation: ConversationSummarySchema
})
export const ChatErrorSchema = z.object({
  ...Turn,
  error: ChatFaultSchema,
  /** Text that streamed before the fault is kept in the conversation. */
  partialKept: z.boolean(),
  conversation: ConversationSummarySchema
})
/** A chat got its generated title (after its first answer): the list and header show it. */
export const ChatTitledSchema = z.object({
  conversationId: ConversationIdSchema,
  conversation: ConversationSummarySchema
})
/** A conversation changed outside a reply (a Forget took a text out of it): read it again. */
export const ChatRewrittenSchema = ChatTitledSchema
/** Another program (or another Cairn) added, changed or removed a conversation file. */
export const ChatChangedOutsideSchema = z.object({
  conversationId: ConversationIdSchema,
  kind: z.enum(['changed', 'removed'])
})
export type ChatDelta = z.infer<typeof ChatDeltaSchema>
export type ChatTool = z.infer<typeof ChatToolSchema>
export type ChatThinking = z.infer<typeof ChatThinkingSchema>
export type ChatDone = z.infer<typeof ChatDoneSchema>
export type ChatErrorEvent = z.infer<typeof ChatErrorSchema>
export type ChatRetrying = z.infer<typeof ChatRetryingSchema>
export type TurnStatus = z.infer<typeof TurnStatusSchema>
