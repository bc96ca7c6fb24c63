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
import type { ProjectInstructions } from '../conversations/conversation-options'
import type { KnowledgeForRequest } from '../projects/knowledge'

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
  /** The chat's project, as it is now (null or absent: none). */
  project?: ProjectInstructions | null
  /** Its knowledge as this request sends it. */
  knowledge?: KnowledgeForRequest | null
}): Promise<MessageCreateParamsStreaming> {
  const { conversation, settings, memoryOn, files, now, knowledge } = input
  const model = (await input.describeModel?.(conversation.model)) ?? null
  if (model?.lifecycle === 'retired') throw new FaultBeforeRequest(retiredFault(model))
  const fresh = !conversation.frame
  const frame = ensureFrame(conversation, settings, now, input.project ?? null)
  const offer = input.tools.offer(model, frame.toolSearch === true)
  // Kept from now on: the history holds searches, and the loaded tools stay as they are.
  if (offer.toolSearch) frame.toolSearch = true
  // Where it goes counts too: after a compaction it moves to the message after it.
  const placed = knowledge?.key ? `${knowledge.key}\n@${compactions(conversation)}` : ''
  syncKnowledge(conversation, placed, fresh, now)
  const build = () => buildRequest(conversation, settings, memoryOn, files, model, offer, knowledge)
  const params = build()
  if (!syncTools(conversation, params.tools ?? [], now)) return params
  return build()
}

function compactions(conversation: Conversation): number {
  let count = 0
  for (const message of conversation.messages)
    if (message.role === 'assistant')
      for (const block of message.content) if (block.type === 'compaction') count += 1
  return count
}

/**
 * Keeps the frame's knowledge in step with what this request leads with. Knowledge added,
 * removed, re-uploaded or moved to another project changes the start of the prompt: thinking
 * from before is not sent back (it was bound to the old start).
 */
function syncKnowledge(conversation: Conversation, key: string, fresh: boolean, now: string) {
  const frame = conversation.frame
  if (!frame || (frame.knowledge ?? '') === key) return
  if (key) frame.knowledge = key
  else delete frame.knowledge
  if (!fresh) frame.thinkingSince = now
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
