import type {
  BetaContentBlockParam,
  BetaImageBlockParam,
  BetaTextBlockParam,
  BetaContextManagementConfig,
  BetaMessageParam,
  MessageCreateParamsStreaming
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ChatMessage, Conversation } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'
import type { ModelCaps } from '@shared/models/model-caps'
import { replyLimit } from '@shared/models/model-caps'
import { lastSpoken } from '@shared/chat/retry-target'
import { compactionTrigger, COMPACTION_TRIGGER_TOKENS } from '@shared/chat/context-gauge'
import type { Settings } from '@shared/app/settings'
import { instructionsFor } from '../conversations/conversation-options'
import { attachmentToApi, type AttachmentBytes } from '../attachments'
import { systemFor } from './request-frame'
import { pairToolResults } from '../conversations/repair'
import { withCacheBreakpoints } from './cache-breakpoints'
import { FILES_API_BETA, withKnowledge, type KnowledgeForRequest } from '../projects/knowledge'
import type { ToolListing } from '../tools/toolbox'
import { chatToolbox } from '../tools/chat-tools'
import {
  CLEAR_THINKING_EDIT,
  thinkingRequestFor,
  withSendableThinking
} from '../thinking/request-thinking'

/*
 * One Messages request from a saved conversation, the settings and what the model takes (its
 * entry in the model catalog; null: described by nothing, so no thinking or effort is sent and
 * the reply limit is Settings'). The memory protocol itself ("view the memory directory first",
 * ...) is added to the system prompt by the API whenever the memory tool is listed, so only the
 * user's guidance goes in `system`. Requests only grow at the end (frame/request-frame.ts): the
 * system text is the conversation's frame, and the tools are what the chat's providers offer.
 */

export const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27'
export const COMPACTION_BETA = 'compact-2026-01-12'

export function buildRequest(
  conversation: Pick<Conversation, 'model' | 'messages' | 'instructions' | 'thinking'> &
    Partial<Pick<Conversation, 'frame' | 'web'>>,
  settings: Settings,
  /** Only for a conversation without a frame yet: whether its system text offers memory. */
  memoryOn = true,
  /** The bytes of the conversation's attachments (see attachments.load). */
  files?: AttachmentBytes,
  /** The model's entry in the catalog; null or absent: nothing is known of it. */
  model?: ModelOption | null,
  /** What the chat's tool providers list (absent: memory, and the web tools the chat has on). */
  offer: Pick<ToolListing, 'definitions' | 'keepResults'> = chatToolbox(
    conversation,
    settings
  ).offer(model ?? null, conversation.frame?.toolSearch === true),
  /** The chat's project knowledge, leading the first message (projects/knowledge.ts). */
  knowledge?: KnowledgeForRequest | null
): MessageCreateParamsStreaming {
  const frame = conversation.frame
  const listed = new Set(offer.definitions.flatMap((d) => ('name' in d ? [d.name] : [])))
  const messages = withKnowledge(
    toApiMessages(
      withSendableThinking(conversation.messages, conversation.model, frame?.thinkingSince),
      files,
      listed
    ),
    knowledge
  )
  const limit = replyLimit(settings.maxTokens, model)
  const params: MessageCreateParamsStreaming = {
    model: conversation.model,
    max_tokens: limit.maxTokens,
    tools: offer.definitions,
    messages,
    stream: true
  }
  const system =
    frame?.system ??
    systemFor({
      instructions: instructionsFor(conversation, settings),
      memory: memoryOn ? 'on' : 'off',
      guidance: settings.memoryGuidance.trim()
    })
  if (system) params.system = system
  const thinking = thinkingRequestFor(conversation, model, limit, messages)
  if (thinking.thinking) params.thinking = thinking.thinking
  if (thinking.effort) params.output_config = { effort: thinking.effort }
  const { contextManagement, betas } = contextManagementOf(
    settings,
    offer.keepResults,
    thinking.on,
    model?.caps
  )
  if (contextManagement) params.context_management = contextManagement
  if (knowledge?.fileIds.length) betas.push(FILES_API_BETA)
  if (betas.length > 0) params.betas = betas
  return withCacheBreakpoints(params)
}

/**
 * The context edits Settings ask for, those the model takes (`caps`; unknown: as Settings say,
 * which is what Cairn always sent).
 */
export function contextManagementOf(
  settings: Settings,
  /** Tools whose results are never cleared (memory's: how Claude keeps what matters). */
  keepResults: readonly string[],
  thinking = false,
  caps?: ModelCaps | null,
  /** The model's context window (`max_input_tokens`), when known. */
  window?: number | null
): {
  contextManagement: BetaContextManagementConfig | null
  betas: string[]
} {
  const edits: NonNullable<BetaContextManagementConfig['edits']> = []
  const betas: string[] = []
  const ce = settings.contextEditing
  const takes = caps?.contextManagement ?? {
    clearToolUses: true,
    clearThinking: true,
    compact: true
  }
  if (ce.enabled && takes.clearToolUses) {
    if (thinking && takes.clearThinking) edits.push(CLEAR_THINKING_EDIT)
    // A trigger past the model's window would never fire: clearing starts at most at 3/4 of it.
    const trigger = window
      ? Math.min(ce.triggerTokens, Math.floor(window * 0.75))
      : ce.triggerTokens
    edits.push({
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'input_tokens', value: trigger },
      keep: { type: 'tool_uses', value: ce.keepToolUses },
      ...(keepResults.length > 0 ? { exclude_tools: [...keepResults] } : {})
    })
    betas.push(CONTEXT_MANAGEMENT_BETA)
  }
  if (ce.compaction && takes.compact) {
    // The API's default trigger, unless the model's window is too small for it.
    const at = compactionTrigger(window)
    edits.push({
      type: 'compact_20260112',
      ...(at === COMPACTION_TRIGGER_TOKENS ? {} : { trigger: { type: 'input_tokens', value: at } })
    })
    betas.push(COMPACTION_BETA)
  }
  return { contextManagement: edits.length > 0 ? { edits } : null, betas }
}

/** The saved messages as the API takes them: notices dropped, same-role turns merged, pairs whole. */
export function toApiMessages(
  messages: readonly ChatMessage[],
  files?: AttachmentBytes,
  /** The tools this request lists (absent: any): a tool search's finds must be among them. */
  listed?: ReadonlySet<string>
): BetaMessageParam[] {
  const out: Array<{ role: 'user' | 'assistant'; content: BetaContentBlockParam[] }> = []
  for (const message of messages) {
    if (message.role === 'notice') continue
    const blocks = sendable(message, files, listed)
    if (blocks.length === 0) continue
    const last = out[out.length - 1]
    if (last && last.role === message.role) last.content.push(...blocks)
    else out.push({ role: message.role, content: blocks })
  }
  const paired = pairToolResults(out)
  // A paused turn (`pause_turn`, a long server step) goes back as it is: the API continues it.
  const tail = lastSpoken(messages)
  if (tail?.role === 'assistant' && tail.stopReason === 'pause_turn') return paired
  // Any other trailing assistant turn would be a prefill: Cairn never means one, and the newest
  // models refuse it. Nothing follows it, so leaving it out changes no earlier turn.
  while (paired[paired.length - 1]?.role === 'assistant') paired.pop()
  return paired
}

function sendable(
  message: Exclude<ChatMessage, { role: 'notice' }>,
  files?: AttachmentBytes,
  listed?: ReadonlySet<string>
): BetaContentBlockParam[] {
  const blocks: BetaContentBlockParam[] = []
  // Cairn's note of what changed since the system prompt goes first (frame/request-frame.ts).
  if (message.role === 'user' && message.context)
    blocks.push({ type: 'text', text: message.context })
  for (const block of message.content) {
    if (block.type === 'text') {
      // Sent back as it came: with the sources it cited, if any.
      if (block.text.trim().length > 0)
        blocks.push({
          type: 'text',
          text: block.text,
          ...(block.citations ? { citations: block.citations as never } : {})
        })
    } else if (block.type === 'tool_use') {
      blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input })
    } else if (block.type === 'tool_result') {
      blocks.push({
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        // A tool's images follow its text (the API takes text and images in a result).
        content: block.images?.length
          ? [
              { type: 'text', text: block.content },
              ...block.images.map(
                (image) =>
                  attachmentToApi(image, files?.get(image.hash)) as
                    BetaTextBlockParam | BetaImageBlockParam
              )
            ]
          : block.content,
        is_error: block.is_error
      })
    } else if (block.type === 'thinking') {
      // Exactly the API's fields: Cairn's own (durationMs) would be refused.
      blocks.push({ type: 'thinking', thinking: block.thinking, signature: block.signature })
    } else if (block.type === 'redacted_thinking') {
      blocks.push({ type: 'redacted_thinking', data: block.data })
    } else if (block.type === 'attachment') {
      blocks.push(attachmentToApi(block, files?.get(block.hash)))
    } else if (block.type === 'tool_search_tool_result' && listed) {
      blocks.push(foundAmong(block, listed))
    } else {
      blocks.push({ ...block } as unknown as BetaContentBlockParam)
    }
  }
  return blocks
}

/**
 * A tool search's result as it may be sent now: the API refuses a `tool_reference` to a tool the
 * request does not list, and a server turned off (or a tool it dropped) takes its tools out.
 * Unchanged (the same bytes) while every tool it found is still there.
 */
function foundAmong(block: Record<string, unknown>, listed: ReadonlySet<string>) {
  const content = block.content as { tool_references?: unknown } | null
  const refs = Array.isArray(content?.tool_references)
    ? (content.tool_references as Array<{ tool_name?: unknown }>)
    : null
  const kept = refs?.filter((r) => listed.has(String(r.tool_name)))
  if (!refs || !kept || kept.length === refs.length)
    return { ...block } as unknown as BetaContentBlockParam
  return { ...block, content: { ...content, tool_references: kept } } as BetaContentBlockParam
}
