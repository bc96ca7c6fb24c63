import type {
  BetaContentBlockParam,
  BetaContextManagementConfig,
  BetaMessageParam,
  MessageCreateParamsStreaming
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ChatMessage, Conversation } from '@shared/chat'
import type { Settings } from '@shared/settings'
import { systemText } from './conversation-options'
import { attachmentToApi, type AttachmentBytes } from './attachments'
import { pairToolResults } from './repair'
import { withCacheBreakpoints } from './cache-breakpoints'
import {
  CLEAR_THINKING_EDIT,
  withSendableThinking,
  thinkingParamFor
} from './thinking/request-thinking'

/*
 * One Messages request from a saved conversation and the settings. The memory protocol itself
 * ("view the memory directory first", ...) is added to the system prompt by the API whenever the
 * memory tool is listed, so only the user's guidance goes in `system`.
 */

export const MEMORY_TOOL = { type: 'memory_20250818', name: 'memory' } as const
export const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27'
export const COMPACTION_BETA = 'compact-2026-01-12'

export function buildRequest(
  conversation: Pick<Conversation, 'model' | 'messages' | 'instructions' | 'thinking'>,
  settings: Settings,
  memoryOn = true,
  /** The bytes of the conversation's attachments (see attachments.load). */
  files?: AttachmentBytes
): MessageCreateParamsStreaming {
  const messages = toApiMessages(
    withSendableThinking(conversation.messages, conversation.model),
    files
  )
  // With memory off the tool is offered only where the API needs it: to a conversation whose
  // history already holds tool calls (each call then answers that memory is off).
  const withTool = memoryOn || messages.some(hasToolBlocks)
  const params: MessageCreateParamsStreaming = {
    model: conversation.model,
    max_tokens: settings.maxTokens,
    ...(withTool ? { tools: [MEMORY_TOOL] } : {}),
    messages,
    stream: true
  }
  const system = systemText(conversation, settings, memoryOn)
  if (system) params.system = system
  const thinking = thinkingParamFor(conversation, settings, messages)
  if (thinking) params.thinking = thinking
  const { contextManagement, betas } = contextManagementOf(settings, withTool, thinking !== null)
  if (contextManagement) params.context_management = contextManagement
  if (betas.length > 0) params.betas = betas
  return withCacheBreakpoints(params)
}

function hasToolBlocks(message: BetaMessageParam): boolean {
  return (
    Array.isArray(message.content) &&
    message.content.some((block) => block.type === 'tool_use' || block.type === 'tool_result')
  )
}

export function contextManagementOf(
  settings: Settings,
  memoryTool = true,
  thinking = false
): {
  contextManagement: BetaContextManagementConfig | null
  betas: string[]
} {
  const edits: NonNullable<BetaContextManagementConfig['edits']> = []
  const betas: string[] = []
  const ce = settings.contextEditing
  if (ce.enabled) {
    if (thinking) edits.push(CLEAR_THINKING_EDIT)
    // Memory operations stay visible: they are how Claude keeps what matters past a clearing.
    edits.push({
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'input_tokens', value: ce.triggerTokens },
      keep: { type: 'tool_uses', value: ce.keepToolUses },
      ...(memoryTool ? { exclude_tools: ['memory'] } : {})
    })
    betas.push(CONTEXT_MANAGEMENT_BETA)
  }
  if (ce.compaction) {
    edits.push({ type: 'compact_20260112' })
    betas.push(COMPACTION_BETA)
  }
  return { contextManagement: edits.length > 0 ? { edits } : null, betas }
}

/** The saved messages as the API takes them: notices dropped, same-role turns merged, pairs whole. */
export function toApiMessages(
  messages: readonly ChatMessage[],
  files?: AttachmentBytes
): BetaMessageParam[] {
  const out: Array<{ role: 'user' | 'assistant'; content: BetaContentBlockParam[] }> = []
  for (const message of messages) {
    if (message.role === 'notice') continue
    const blocks = sendable(message, files)
    if (blocks.length === 0) continue
    const last = out[out.length - 1]
    if (last && last.role === message.role) last.content.push(...blocks)
    else out.push({ role: message.role, content: blocks })
  }
  const paired = pairToolResults(out)
  const final = paired[paired.length - 1]
  // A trailing assistant turn is a prefill, which the API refuses with trailing whitespace.
  if (final?.role === 'assistant') {
    const lastBlock = final.content[final.content.length - 1]
    if (lastBlock?.type === 'text') lastBlock.text = lastBlock.text.trimEnd()
  }
  return paired
}

function sendable(
  message: Exclude<ChatMessage, { role: 'notice' }>,
  files?: AttachmentBytes
): BetaContentBlockParam[] {
  const blocks: BetaContentBlockParam[] = []
  for (const block of message.content) {
    if (block.type === 'text') {
      if (block.text.trim().length > 0) blocks.push({ type: 'text', text: block.text })
    } else if (block.type === 'tool_use') {
      blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input })
    } else if (block.type === 'tool_result') {
      blocks.push({
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        is_error: block.is_error
      })
    } else if (block.type === 'thinking') {
      // Exactly the API's fields: Cairn's own (durationMs) would be refused.
      blocks.push({ type: 'thinking', thinking: block.thinking, signature: block.signature })
    } else if (block.type === 'redacted_thinking') {
      blocks.push({ type: 'redacted_thinking', data: block.data })
    } else if (block.type === 'attachment') {
      blocks.push(attachmentToApi(block, files?.get(block.hash)))
    } else {
      blocks.push({ ...block } as unknown as BetaContentBlockParam)
    }
  }
  return blocks
}
