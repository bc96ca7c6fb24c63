import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type {
  AssistantBlock,
  AssistantMessage,
  Conversation,
  ToolUseBlock
} from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'
import type { Settings } from '@shared/app/settings'
import type { AttachmentBytes } from '../attachments'
import { FaultBeforeRequest } from '../api/faults'
import { retiredFault } from '../models/lifecycle'
import { buildRequest } from './request'
import { ensureFrame, syncTools } from './request-frame'
import type { Toolbox } from '../tools/toolbox'

/**
 * The next request of a turn, as the model takes it (its entry in the catalog, asked each time:
 * cached, and null when nothing is known): refused before sending when the model is retired; the
 * conversation's frame set on its first request; tools that changed since the last request cut
 * the thinking bound to the old ones out of this request already.
 */
export async function nextRequest(input: {
  conversation: Conversation
  settings: Settings
  memoryOn: boolean
  tools: Toolbox
  files: AttachmentBytes | undefined
  describeModel: ((model: string) => Promise<ModelOption | null>) | undefined
  now: string
}): Promise<MessageCreateParamsStreaming> {
  const { conversation, settings, memoryOn, files, now } = input
  const model = (await input.describeModel?.(conversation.model)) ?? null
  if (model?.lifecycle === 'retired') throw new FaultBeforeRequest(retiredFault(model))
  const frame = ensureFrame(conversation, settings, now)
  const offer = input.tools.offer(model, frame.toolSearch === true)
  // Kept from now on: the history holds searches, and the loaded tools stay as they are.
  if (offer.toolSearch) frame.toolSearch = true
  const params = buildRequest(conversation, settings, memoryOn, files, model, offer)
  if (!syncTools(conversation, params.tools ?? [], now)) return params
  return buildRequest(conversation, settings, memoryOn, files, model, offer)
}

/**
 * Thinking later in the same reply than a call that was changed (a secret taken out) was created
 * after the call as it was: sent back, it would be refused. Only those blocks go; nothing else
 * came after yet.
 */
export function dropThinkingAfter(conversation: Conversation, call: ToolUseBlock): void {
  const message = conversation.messages.findLast(
    (m): m is AssistantMessage => m.role === 'assistant' && m.content.includes(call)
  )
  if (message) message.content = withoutThinkingAfter(message.content, new Set([call.id]))
}

/** The blocks without the thinking that follows the first of these calls. */
export function withoutThinkingAfter(
  content: AssistantBlock[],
  changed: ReadonlySet<string>
): AssistantBlock[] {
  if (changed.size === 0) return content
  const at = content.findIndex((b) => b.type === 'tool_use' && changed.has(b.id))
  if (at < 0) return content
  return content.filter(
    (block, i) => i < at || (block.type !== 'thinking' && block.type !== 'redacted_thinking')
  )
}
