import { z } from 'zod'
import { AttachmentBlockSchema, SendAttachmentsSchema } from './attachments'
import { MemoryOpRefSchema } from './memory'
import { ModelIdSchema } from './settings'

// Domain types of conversations and the chat stream, shared by the chat service, the contract
// and the renderer. Blocks keep the Messages API's own field names, so a saved conversation maps
// onto a request without translation.

export const CONVERSATION_VERSION = 1

export const ConversationIdSchema = z
  .string({ error: 'conversationId must be text' })
  .regex(/^[a-z0-9][a-z0-9-]{7,63}$/, { error: 'conversationId is not a conversation id' })

const Id = z.string().min(1).max(200)
/** ISO 8601 time. */
const Time = z.string().min(1).max(40)

export const TextBlockSchema = z.object({ type: z.literal('text'), text: z.string() })
export const ToolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  id: Id,
  name: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown())
})
export const ToolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: Id,
  content: z.string(),
  is_error: z.boolean(),
  /** Cairn's own, never sent to the API: the memory change this call made (its chip's diff/undo). */
  memory: MemoryOpRefSchema.optional()
})
/** Sent back verbatim in later requests, with whatever fields the API gave it. */
export const CompactionBlockSchema = z.looseObject({
  type: z.literal('compaction'),
  content: z.string().nullable()
})

export const UserBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ToolResultBlockSchema,
  AttachmentBlockSchema
])
export const AssistantBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ToolUseBlockSchema,
  CompactionBlockSchema
])
export type TextBlock = z.infer<typeof TextBlockSchema>
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>
export type ToolResultBlock = z.infer<typeof ToolResultBlockSchema>
export type CompactionBlock = z.infer<typeof CompactionBlockSchema>
export type UserBlock = z.infer<typeof UserBlockSchema>
export type AssistantBlock = z.infer<typeof AssistantBlockSchema>

const Count = z.number().int().min(0)
export const UsageSchema = z.object({
  inputTokens: Count,
  outputTokens: Count,
  cacheReadTokens: Count,
  cacheCreationTokens: Count
})
export type Usage = z.infer<typeof UsageSchema>

/** What went wrong with a reply, for the person reading it: what happened and what to do next. */
export const ChatFaultCodeSchema = z.enum([
  'no-api-key',
  'auth',
  'model-not-found',
  'too-large',
  'rate-limited',
  'overloaded',
  'offline',
  'timeout',
  'stream-cut',
  'bad-stream',
  'bad-request',
  'api-error',
  'save-failed',
  'internal'
])
export type ChatFaultCode = z.infer<typeof ChatFaultCodeSchema>
export const ChatFaultSchema = z.object({
  code: ChatFaultCodeSchema,
  message: z.string(),
  nextStep: z.string(),
  /** The UI offers a Retry button (`chat:retry`). */
  retryable: z.boolean(),
  status: z.number().int().nullable()
})
export type ChatFault = z.infer<typeof ChatFaultSchema>

export const UserMessageSchema = z.object({
  id: Id,
  role: z.literal('user'),
  createdAt: Time,
  content: z.array(UserBlockSchema)
})
export const AssistantStatusSchema = z.enum(['complete', 'interrupted', 'failed'])
export const AssistantMessageSchema = z.object({
  id: Id,
  role: z.literal('assistant'),
  createdAt: Time,
  model: z.string(),
  content: z.array(AssistantBlockSchema),
  /** `interrupted`: the user stopped it; `failed`: a fault cut it short (see `error`). */
  status: AssistantStatusSchema,
  stopReason: z.string().nullable(),
  usage: UsageSchema.nullable(),
  error: ChatFaultSchema.nullable()
})
export const NoticeKindSchema = z.enum(['context-cleared', 'context-compacted', 'tool-round-limit'])
/** Shown in the conversation, never sent to Claude. */
export const NoticeMessageSchema = z.object({
  id: Id,
  role: z.literal('notice'),
  createdAt: Time,
  kind: NoticeKindSchema,
  text: z.string()
})
export const ChatMessageSchema = z.discriminatedUnion('role', [
  UserMessageSchema,
  AssistantMessageSchema,
  NoticeMessageSchema
])
export type UserMessage = z.infer<typeof UserMessageSchema>
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>
export type NoticeMessage = z.infer<typeof NoticeMessageSchema>
export type ChatMessage = z.infer<typeof ChatMessageSchema>
export type NoticeKind = z.infer<typeof NoticeKindSchema>

export const TITLE_MAX = 200
export const ConversationTitleSchema = z
  .string({ error: 'title must be text' })
  .trim()
  .min(1, { error: 'title cannot be empty' })
  .max(TITLE_MAX, { error: `title can be at most ${TITLE_MAX} characters` })

export { ModelIdSchema }

/** One conversation file. */
export const ConversationSchema = z.object({
  version: z.literal(CONVERSATION_VERSION),
  id: ConversationIdSchema,
  title: z.string().max(TITLE_MAX),
  /** `auto` titles follow the first message; a user's rename sticks. */
  titleSource: z.enum(['auto', 'user']),
  model: z.string().min(1).max(100),
  createdAt: Time,
  updatedAt: Time,
  messages: z.array(ChatMessageSchema)
})
export type Conversation = z.infer<typeof ConversationSchema>

export const ConversationSummarySchema = z.object({
  id: ConversationIdSchema,
  title: z.string(),
  model: z.string(),
  createdAt: Time,
  updatedAt: Time,
  messageCount: z.number().int().min(0),
  /** A reply is being generated right now. */
  running: z.boolean(),
  /** Search only: the text around the first match. */
  snippet: z.string().nullable()
})
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>

/** A conversation file that could not be read, moved aside so the others still load. */
export const ConversationProblemSchema = z.object({
  file: z.string(),
  movedTo: z.string().nullable(),
  message: z.string()
})
export type ConversationProblem = z.infer<typeof ConversationProblemSchema>

export const ModelOptionSchema = z.object({ id: z.string(), displayName: z.string() })
export const ModelListSchema = z.object({
  models: z.array(ModelOptionSchema),
  /** `api`: fresh; `cache`: the last list fetched; `default`: offline, only the configured model. */
  source: z.enum(['api', 'cache', 'default']),
  /** When the list was fetched (ISO), if it came from the API at some point. */
  fetchedAt: Time.nullable(),
  /** Why the list is not fresh, when it is not. */
  message: z.string().nullable()
})
export type ModelOption = z.infer<typeof ModelOptionSchema>
export type ModelList = z.infer<typeof ModelListSchema>

export const KeyTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.enum(['ok', 'no-api-key', 'auth', 'offline', 'rate-limited', 'overloaded', 'api-error']),
  message: z.string()
})
export type KeyTestResult = z.infer<typeof KeyTestResultSchema>

// ---- channel inputs and outputs -----------------------------------------------------------------

export const MESSAGE_MAX_CHARS = 200_000

export const SendInputSchema = z
  .strictObject({
    conversationId: ConversationIdSchema,
    text: z
      .string({ error: 'text must be text' })
      .max(MESSAGE_MAX_CHARS, { error: 'the message can be at most 200,000 characters' }),
    /** Files added with `chat:add-attachment` / `chat:pick-attachments`, in order. */
    attachments: SendAttachmentsSchema.optional()
  })
  .refine((input) => input.text.trim().length > 0 || (input.attachments?.length ?? 0) > 0, {
    error: 'the message cannot be empty',
    path: ['text']
  })
export const SendOutputSchema = z.object({
  turnId: z.string(),
  message: UserMessageSchema,
  conversation: ConversationSummarySchema
})
export const ConversationRefSchema = z.strictObject({ conversationId: ConversationIdSchema })
export const CreateConversationInputSchema = z
  .strictObject({ model: ModelIdSchema.optional() })
  .optional()
export const RenameConversationInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  title: ConversationTitleSchema
})
export const SetModelInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  model: ModelIdSchema
})
export const SearchInputSchema = z.strictObject({
  query: z
    .string({ error: 'query must be text' })
    .trim()
    .min(1, { error: 'query cannot be empty' })
    .max(200, { error: 'query can be at most 200 characters' })
})
export const ListModelsInputSchema = z.strictObject({ refresh: z.boolean().optional() }).optional()
export const ConversationListSchema = z.object({
  conversations: z.array(ConversationSummarySchema),
  problems: z.array(ConversationProblemSchema)
})
export const ConversationStateSchema = z.object({
  conversation: ConversationSchema,
  running: z.boolean()
})
export const StopOutputSchema = z.object({ stopped: z.boolean() })
export const RetryOutputSchema = z.object({ turnId: z.string() })
export const DeleteOutputSchema = z.object({ conversationId: ConversationIdSchema })

// ---- events -------------------------------------------------------------------------------------

const Turn = { conversationId: ConversationIdSchema, turnId: z.string() }

/** Text as it streams, coalesced: several API deltas per event. */
export const ChatDeltaSchema = z.object({ ...Turn, messageId: Id, text: z.string() })
/** One memory operation as it runs. */
export const ChatToolSchema = z.object({
  ...Turn,
  messageId: Id,
  toolUseId: Id,
  command: z.string(),
  /** `/memories/...`; `old → new` for a rename; null when the input named none. */
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
  retryAt: Time,
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
export type ChatDelta = z.infer<typeof ChatDeltaSchema>
export type ChatTool = z.infer<typeof ChatToolSchema>
export type ChatDone = z.infer<typeof ChatDoneSchema>
export type ChatErrorEvent = z.infer<typeof ChatErrorSchema>
export type ChatRetrying = z.infer<typeof ChatRetryingSchema>
export type TurnStatus = z.infer<typeof TurnStatusSchema>
