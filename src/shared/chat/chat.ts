import { z } from 'zod'
import { CapRefusalSchema } from '../memory/caps'
import { AttachmentBlockSchema } from './attachments'
import { MemoryOpRefSchema } from '../memory/memory'
import { CustomInstructionsSchema, MemoryModeSchema, ModelIdSchema } from '../app/settings'
import { ThinkingSettingSchema } from './thinking'
import { WebToolsSchema } from './web-tools'
import { SpaceIdSchema } from '../memory/spaces'

// Domain types of conversations, shared by the chat service, the contract and the renderer.
// Blocks keep the Messages API's own field names, so a saved conversation maps onto a request
// without translation. Beside this file: chat-channels.ts (the calls' inputs and outputs),
// chat-events.ts (what a running reply tells the page), chat-models.ts (models, the key test).

/** 2: a conversation may name its memory space (`space`); files of version 1 load as version 2. */
export const CONVERSATION_VERSION = 2

export const ConversationIdSchema = z
  .string({ error: 'conversationId must be text' })
  .regex(/^[a-z0-9][a-z0-9-]{7,63}$/, { error: 'conversationId is not a conversation id' })

/** The id of a message or a block. */
export const ChatIdSchema = z.string().min(1).max(200)
/** ISO 8601 time. */
export const TimeSchema = z.string().min(1).max(40)

/** Where a sentence came from (a web search result, a page fetched): sent back as given. */
export const CitationSchema = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  title: z.string().nullable().optional(),
  cited_text: z.string().optional()
})
export type Citation = z.infer<typeof CitationSchema>
export const TextBlockSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(CitationSchema).optional()
})
export const ToolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  id: ChatIdSchema,
  name: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown())
})
/** At most this many images of one tool result are kept (a server could send hundreds). */
export const TOOL_RESULT_IMAGES_MAX = 4

export const ToolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: ChatIdSchema,
  content: z.string(),
  is_error: z.boolean(),
  /** Cairn's own, never sent to the API: the memory change this call made (its chip's diff/undo). */
  memory: MemoryOpRefSchema.optional(),
  /** Cairn's own, never sent to the API: the cap that refused this write (its chip names it). */
  cap: CapRefusalSchema.optional(),
  /** Cairn's own, never sent to the API: how the call shows (an MCP tool's title, its server). */
  shown: z.object({ action: z.string(), target: z.string().nullable() }).optional(),
  /**
   * Images the tool returned (an MCP server's), checked, scaled and stored as attached images
   * are; sent to Claude after the text.
   */
  images: z.array(AttachmentBlockSchema).max(TOOL_RESULT_IMAGES_MAX).optional()
})
/** Sent back verbatim in later requests, with whatever fields the API gave it. */
export const CompactionBlockSchema = z.looseObject({
  type: z.literal('compaction'),
  content: z.string().nullable()
})

/** Claude's extended thinking, sent back exactly as received (`thinking` and `signature`). */
export const ThinkingBlockSchema = z.object({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().min(1),
  /** Cairn's own, never sent to the API: how long the block took to stream, for "Thought for". */
  durationMs: z.number().int().min(0).optional()
})
/** A web search or fetch (or tool search) Claude ran on Anthropic's side: sent back as given. */
export const ServerToolUseBlockSchema = z.looseObject({
  type: z.literal('server_tool_use'),
  id: ChatIdSchema,
  name: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown())
})
/** What a web search found: results with their titles and URLs (opaque content, sent back). */
export const WebSearchResultBlockSchema = z.looseObject({
  type: z.literal('web_search_tool_result'),
  tool_use_id: ChatIdSchema,
  content: z.unknown()
})
/** A page a web fetch read (or why it could not). */
export const WebFetchResultBlockSchema = z.looseObject({
  type: z.literal('web_fetch_tool_result'),
  tool_use_id: ChatIdSchema,
  content: z.unknown()
})

/** The tools a tool search found (`tool_reference`s the API expands): sent back as given. */
export const ToolSearchResultBlockSchema = z.looseObject({
  type: z.literal('tool_search_tool_result'),
  tool_use_id: ChatIdSchema,
  content: z.unknown()
})

/** Thinking the safety system encrypted: opaque, sent back unchanged. */
export const RedactedThinkingBlockSchema = z.object({
  type: z.literal('redacted_thinking'),
  data: z.string().min(1)
})

export const UserBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ToolResultBlockSchema,
  AttachmentBlockSchema
])
export const AssistantBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ToolUseBlockSchema,
  CompactionBlockSchema,
  ThinkingBlockSchema,
  RedactedThinkingBlockSchema,
  ServerToolUseBlockSchema,
  WebSearchResultBlockSchema,
  WebFetchResultBlockSchema,
  ToolSearchResultBlockSchema
])
export type ServerToolUseBlock = z.infer<typeof ServerToolUseBlockSchema>
export type TextBlock = z.infer<typeof TextBlockSchema>
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>
export type ToolResultBlock = z.infer<typeof ToolResultBlockSchema>
export type CompactionBlock = z.infer<typeof CompactionBlockSchema>
export type WebSearchResultBlock = z.infer<typeof WebSearchResultBlockSchema>
export type WebFetchResultBlock = z.infer<typeof WebFetchResultBlockSchema>
export type ToolSearchResultBlock = z.infer<typeof ToolSearchResultBlockSchema>
export type ThinkingBlock = z.infer<typeof ThinkingBlockSchema>
export type RedactedThinkingBlock = z.infer<typeof RedactedThinkingBlockSchema>
export type UserBlock = z.infer<typeof UserBlockSchema>
export type AssistantBlock = z.infer<typeof AssistantBlockSchema>

const Count = z.number().int().min(0)
export const UsageSchema = z.object({
  inputTokens: Count,
  outputTokens: Count,
  cacheReadTokens: Count,
  cacheCreationTokens: Count,
  /** Web searches and fetches Anthropic ran for this reply (server tools); absent: none. */
  webSearchRequests: Count.optional(),
  webFetchRequests: Count.optional()
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
  id: ChatIdSchema,
  role: z.literal('user'),
  createdAt: TimeSchema,
  content: z.array(UserBlockSchema),
  /**
   * Cairn's note to Claude of what changed since the conversation's system prompt was set (new
   * instructions, memory switched), sent before the message's own content. Requests only ever
   * add to the end: the system prompt and earlier turns keep their bytes, so earlier thinking
   * stays valid.
   */
  context: z.string().max(20_000).optional()
})
export const AssistantStatusSchema = z.enum(['complete', 'interrupted', 'failed'])
export const AssistantMessageSchema = z.object({
  id: ChatIdSchema,
  role: z.literal('assistant'),
  createdAt: TimeSchema,
  model: z.string(),
  content: z.array(AssistantBlockSchema),
  /** `interrupted`: the user stopped it; `failed`: a fault cut it short (see `error`). */
  status: AssistantStatusSchema,
  stopReason: z.string().nullable(),
  usage: UsageSchema.nullable(),
  error: ChatFaultSchema.nullable()
})
export const NoticeKindSchema = z.enum([
  'context-cleared',
  'context-compacted',
  'tool-round-limit',
  /** The chat moved to another project (or out of one): its memory is that project's now. */
  'moved-to-project'
])
/** Shown in the conversation, never sent to Claude. */
export const NoticeMessageSchema = z.object({
  id: ChatIdSchema,
  role: z.literal('notice'),
  createdAt: TimeSchema,
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

/**
 * Earlier versions of a conversation after an edit or a regenerate. `messages` is always the
 * version shown (what is sent); a branch point keeps the other versions of everything after the
 * message `after` (null: from the start). Versions are numbered in the order they were made; the
 * shown one sits at `active`, the rest are in `others` in order, each with its own deeper points.
 */
export interface BranchTail {
  messages: ChatMessage[]
  branches: BranchPoint[]
}
export interface BranchPoint {
  after: string | null
  active: number
  others: BranchTail[]
}
export const BranchTailSchema: z.ZodType<BranchTail> = z.object({
  messages: z.array(ChatMessageSchema),
  get branches() {
    return z.array(BranchPointSchema)
  }
})
export const BranchPointSchema: z.ZodType<BranchPoint> = z.object({
  after: ChatIdSchema.nullable(),
  active: z.number().int().min(0),
  others: z.array(BranchTailSchema).min(1)
})

export const TITLE_MAX = 200
export const ConversationTitleSchema = z
  .string({ error: 'title must be text' })
  .trim()
  .min(1, { error: 'title cannot be empty' })
  .max(TITLE_MAX, { error: `title can be at most ${TITLE_MAX} characters` })

export { ModelIdSchema }

/**
 * What every request of a conversation starts with, fixed at its first request so the prefix
 * earlier thinking is bound to never changes: the system text, and what Claude has been told of
 * the chat's options (in the system text, or in a later note on a user message).
 */
export const RequestFrameSchema = z.object({
  system: z.string(),
  told: z.object({
    instructions: z.string(),
    memory: MemoryModeSchema,
    guidance: z.string(),
    /** The memory space Claude was told /memories is (a project's); absent: the default. */
    space: SpaceIdSchema.optional()
  }),
  /** Thinking in replies from before this time is not sent back: the history before it changed. */
  thinkingSince: TimeSchema.optional(),
  /**
   * The `tools` every request sends (JSON); absent: only the memory tool. Room for catalogues of
   * thousands of MCP tools (500 typical ones are about 200,000 characters); the API itself takes
   * requests of up to 32 MB.
   */
  tools: z.string().max(8_000_000).optional(),
  /** The chat's MCP tools wait behind tool search, from the first request that did so on. */
  toolSearch: z.literal(true).optional(),
  /** Claude's memory changes (activity seqs) the user undid that Claude was already told of. */
  toldUndone: z.array(z.number()).max(10_000).optional(),
  /** The project knowledge the last request led with (files and how each was sent); absent: none. */
  knowledge: z.string().max(100_000).optional()
})
export type RequestFrame = z.infer<typeof RequestFrameSchema>

/** One conversation file. */
export const ConversationSchema = z.object({
  version: z.literal(CONVERSATION_VERSION),
  id: ConversationIdSchema,
  title: z.string().max(TITLE_MAX),
  /** `auto` titles follow the first message; a user's rename sticks. */
  titleSource: z.enum(['auto', 'user']),
  model: z.string().min(1).max(100),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
  /**
   * The memory space this chat sees as /memories (its project's); absent: the default space.
   * Before `messages`, so a file cut off in its messages still says which memory it used.
   */
  space: SpaceIdSchema.optional(),
  messages: z.array(ChatMessageSchema),
  /** Kept at the top of the list. */
  pinned: z.boolean().optional(),
  /** This chat's own system prompt, instead of the one in Settings; absent: Settings' applies. */
  instructions: CustomInstructionsSchema.optional(),
  /** `off`: a chat without memory. Absent (files from before): on. */
  memory: MemoryModeSchema.optional(),
  /** Added with message actions; absent in older files (no earlier versions). */
  branches: z.array(BranchPointSchema).optional(),
  /** Thinking and effort for this conversation; absent means off, at the model's own effort. */
  thinking: ThinkingSettingSchema.optional(),
  /** Set at the first request (see RequestFrameSchema); absent in files from before. */
  frame: RequestFrameSchema.optional(),
  /** Web search and fetch for this chat (server tools); absent: off. */
  web: WebToolsSchema.optional(),
  /** MCP servers (their ids) turned off for this chat; absent: every enabled server is on. */
  serversOff: z.array(z.string().max(64)).max(100).optional()
})
export type Conversation = z.infer<typeof ConversationSchema>

export const ConversationSummarySchema = z.object({
  id: ConversationIdSchema,
  title: z.string(),
  model: z.string(),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
  messageCount: z.number().int().min(0),
  /** The chat's project (its memory space); absent: "No project". */
  space: SpaceIdSchema.optional(),
  /** A reply is being generated right now. */
  running: z.boolean(),
  /** Search only: the text around the first match. */
  snippet: z.string().nullable(),
  pinned: z.boolean().optional(),
  /** Search only: where the match is in `snippet`, and the message it came from (null: the title). */
  match: z
    .object({
      messageId: ChatIdSchema.nullable(),
      start: z.number().int().min(0),
      length: z.number().int().min(0)
    })
    .nullable()
    .optional(),
  thinking: ThinkingSettingSchema.optional(),
  /** `off`: a chat without memory (the list marks it). Absent: on. */
  memory: MemoryModeSchema.optional()
})
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>

/** What the memory tool answers Claude in a chat without memory (its chip says it in words). */
export const MEMORY_OFF_TOOL_TEXT =
  'Error: Memory is off for this chat; the user chose a chat without memory. Nothing was read or saved. Answer without memory.'

/** A conversation file that could not be read, moved aside so the others still load. */
export const ConversationProblemSchema = z.object({
  file: z.string(),
  movedTo: z.string().nullable(),
  message: z.string()
})
export type ConversationProblem = z.infer<typeof ConversationProblemSchema>
