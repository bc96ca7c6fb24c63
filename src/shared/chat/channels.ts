import { z } from 'zod'
import { McpServerIdSchema } from '../mcp/server-id'
import { SendAttachmentsSchema } from './attachments'
import {
  ConversationIdSchema,
  ConversationProblemSchema,
  ConversationSchema,
  ConversationSummarySchema,
  ConversationTitleSchema,
  UserMessageSchema
} from './chat'
import { CustomInstructionsSchema, MemoryModeSchema, ModelIdSchema } from '../app/settings'
import { ThinkingSettingSchema } from './thinking'
import { SpaceIdSchema } from '../memory/spaces'

// The inputs and outputs of the chat channels (contract.ts names the channels).

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
export const ConversationOptionsSchema = z.object({
  conversationId: ConversationIdSchema,
  model: z.string(),
  /** null: the instructions from Settings apply. */
  instructions: z.string().nullable(),
  memory: MemoryModeSchema,
  webSearch: z.boolean(),
  webFetch: z.boolean(),
  /** MCP servers turned off for this chat (by id); absent: none. */
  serversOff: z.array(z.string()).optional(),
  /** This chat's MCP tools are found by tool search (kept from its first such request on). */
  toolSearch: z.literal(true).optional()
})
export type ConversationOptions = z.infer<typeof ConversationOptionsSchema>
export const ConversationRefSchema = z.strictObject({ conversationId: ConversationIdSchema })
export const CreateConversationInputSchema = z
  .strictObject({
    model: ModelIdSchema.optional(),
    memory: MemoryModeSchema.optional(),
    /** A chat in a project (its id, the project's memory space); absent: "No project". */
    project: SpaceIdSchema.optional()
  })
  .optional()
/** Per-chat options; `instructions: null` goes back to the instructions from Settings. */
export const UpdateConversationInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  instructions: CustomInstructionsSchema.nullable().optional(),
  memory: MemoryModeSchema.optional(),
  /** Web search / web fetch for this chat (offered where the model takes them). */
  webSearch: z.boolean({ error: 'webSearch must be true or false' }).optional(),
  webFetch: z.boolean({ error: 'webFetch must be true or false' }).optional(),
  /** MCP servers (their ids) this chat does not use; [] turns every enabled server on. */
  serversOff: z
    .array(McpServerIdSchema)
    .max(100, { error: 'at most 100 servers can be turned off' })
    .optional()
})
export const RenameConversationInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  title: ConversationTitleSchema
})
export const SetModelInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  model: ModelIdSchema
})
export const SetThinkingInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  thinking: ThinkingSettingSchema
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
export const SetPinnedInputSchema = z.strictObject({
  conversationId: ConversationIdSchema,
  pinned: z.boolean({ error: 'pinned must be true or false' })
})
/** `fileName` only: the full path stays in main (the renderer never needs it). */
export const ExportOutputSchema = z.object({
  saved: z.boolean(),
  fileName: z.string().nullable()
})
