import { z } from 'zod'
import { ConversationIdSchema } from '../chat/chat'
import { McpServerIdSchema } from './server-id'

/*
 * MCP prompts and resources in the chat (issue 37): the prompts a chat's servers offer (slash
 * commands in the composer) and the resources it can attach. What a server says is untrusted: the
 * page shows it as text, never as HTML, and main cuts a prompt's text to a size.
 */

export const McpPromptArgumentSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean()
})
export type McpPromptArgument = z.infer<typeof McpPromptArgumentSchema>

export const McpPromptInfoSchema = z.object({
  server: McpServerIdSchema,
  /** The server's name as the user gave it in Settings → Tools. */
  serverName: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(McpPromptArgumentSchema)
})
export type McpPromptInfo = z.infer<typeof McpPromptInfoSchema>

/** A server whose list could not be read, in plain words (the others are still listed). */
const Problems = z.array(z.string())

export const McpPromptListSchema = z.object({
  prompts: z.array(McpPromptInfoSchema),
  problems: Problems
})
export type McpPromptList = z.infer<typeof McpPromptListSchema>

export const McpResourceInfoSchema = z.object({
  server: McpServerIdSchema,
  serverName: z.string(),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** Bytes, when the server says. */
  size: z.number().nonnegative().optional()
})
export type McpResourceInfo = z.infer<typeof McpResourceInfoSchema>

export const McpResourceListSchema = z.object({
  resources: z.array(McpResourceInfoSchema),
  problems: Problems
})
export type McpResourceList = z.infer<typeof McpResourceListSchema>

/** Lists for one chat: only the servers that are on for it. */
export const McpChatInputSchema = z.strictObject({ conversationId: ConversationIdSchema })

const PROMPT_ARGUMENT_MAX_CHARS = 20_000

export const McpGetPromptInputSchema = z.strictObject({
  server: McpServerIdSchema,
  name: z.string().min(1).max(200),
  arguments: z
    .record(
      z.string().max(200),
      z.string().max(PROMPT_ARGUMENT_MAX_CHARS, {
        error: `a prompt argument is at most ${PROMPT_ARGUMENT_MAX_CHARS.toLocaleString('en-US')} characters`
      })
    )
    .refine((args) => Object.keys(args).length <= 50, { error: 'at most 50 prompt arguments' })
})
export type McpGetPromptInput = z.infer<typeof McpGetPromptInputSchema>

/** A prompt's messages folded into the text the composer gets, for the user to read and send. */
export const McpPromptTextSchema = z.object({ text: z.string() })
export type McpPromptText = z.infer<typeof McpPromptTextSchema>

export const McpAttachResourceInputSchema = z.strictObject({
  server: McpServerIdSchema,
  uri: z.string().min(1).max(4_000)
})
export type McpAttachResourceInput = z.infer<typeof McpAttachResourceInputSchema>
