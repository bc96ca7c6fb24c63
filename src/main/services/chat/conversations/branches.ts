import { randomUUID } from 'node:crypto'
import type {
  BranchPoint,
  BranchTail,
  Conversation,
  ChatMessage,
  UserBlock,
  UserMessage
} from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import { forkIndex, isTyped } from '@shared/chat/message-actions'
import { titleFrom } from './conversations'

/*
 * Edit-and-resend and regenerate keep what they replace as an earlier version (a branch), so
 * nothing the user saw is lost. `conversation.messages` stays the shown version, exactly what is
 * sent; other versions live in `conversation.branches`. These functions only reshape the
 * conversation in memory; the chat service saves it and starts the reply.
 */

/** The points on the shown path split at `index`: the one starting there, deeper ones, the rest. */
function partition(conversation: Conversation, index: number) {
  let here: BranchPoint | undefined
  const deeper: BranchPoint[] = []
  const rest: BranchPoint[] = []
  for (const point of conversation.branches ?? []) {
    const at = forkIndex(conversation.messages, point)
    if (at === index && !here) here = point
    else if (at > index) deeper.push(point)
    else rest.push(point) // earlier points, and any whose anchor left the path (kept, never lost)
  }
  return { here, deeper, rest }
}

/**
 * Keeps everything from `index` on as an earlier version and cuts the shown path there; the new
 * version (written next) is the last one. Nothing is kept when there is nothing after `index`.
 */
export function forkAt(conversation: Conversation, index: number): void {
  const { here, deeper, rest } = partition(conversation, index)
  const old: BranchTail = { messages: conversation.messages.slice(index), branches: deeper }
  conversation.messages = conversation.messages.slice(0, index)
  if (old.messages.length === 0) {
    conversation.branches = here ? [...rest, here] : rest
    return
  }
  const after = index > 0 ? (conversation.messages[index - 1]?.id ?? null) : null
  const others = here ? [...here.others] : []
  if (here) others.splice(here.active, 0, old)
  else others.push(old)
  conversation.branches = [...rest, { after, active: others.length, others }]
}

/** Shows version `version` of the point beginning at message `messageId`. */
export function switchVersion(
  conversation: Conversation,
  messageId: string,
  version: number
): void {
  const index = conversation.messages.findIndex((m) => m.id === messageId)
  const { here, deeper, rest } = partition(conversation, index)
  if (index === -1 || !here)
    throw new CairnError(
      'BAD_INPUT',
      'That message has no other versions any more. Reopen the conversation to see its current state.'
    )
  const count = here.others.length + 1
  if (version >= count)
    throw new CairnError(
      'BAD_INPUT',
      `That message has ${count} versions; there is no version ${version + 1}.`
    )
  if (version === here.active) return
  const all = [...here.others]
  all.splice(here.active, 0, { messages: conversation.messages.slice(index), branches: deeper })
  const [chosen] = all.splice(version, 1)
  if (!chosen) return
  conversation.messages = [...conversation.messages.slice(0, index), ...chosen.messages]
  conversation.branches = [
    ...rest,
    { after: here.after, active: version, others: all },
    ...chosen.branches
  ]
}

/** The text replaced, anything else the message carried (attachments) kept in its place. */
function editedContent(content: readonly UserBlock[], text: string): UserBlock[] {
  const out: UserBlock[] = []
  let placed = false
  for (const block of content) {
    if (block.type !== 'text') out.push(block)
    else if (!placed) {
      out.push({ type: 'text', text })
      placed = true
    }
  }
  return out
}

/**
 * Replaces the typed message `messageId` with an edited copy; what followed it becomes an
 * earlier version. Returns the new message, now last on the shown path.
 */
export function editMessage(
  conversation: Conversation,
  messageId: string,
  text: string,
  now: string
): UserMessage {
  const index = conversation.messages.findIndex((m) => m.id === messageId)
  const original = conversation.messages[index]
  if (!original || !isTyped(original))
    throw new CairnError(
      'BAD_INPUT',
      'That message cannot be edited: it is not one of your messages in the version shown. Reopen the conversation and try again.'
    )
  const firstTyped = conversation.messages.findIndex(isTyped) === index
  forkAt(conversation, index)
  const message: UserMessage = {
    id: randomUUID(),
    role: 'user',
    createdAt: now,
    content: editedContent(original.content, text),
    // What Claude was told with the original still holds in front of the edited copy.
    ...(original.role === 'user' && original.context ? { context: original.context } : {})
  }
  conversation.messages.push(message)
  if (firstTyped && conversation.titleSource === 'auto') conversation.title = titleFrom(text)
  return message
}

/** Keeps the last answer as an earlier version and cuts the path back to the message it answered. */
export function prepareRegenerate(conversation: Conversation): void {
  let last = conversation.messages.length - 1
  while (last >= 0 && !isTyped(conversation.messages[last] as ChatMessage)) last -= 1
  if (last === -1)
    throw new CairnError(
      'CHAT_NOTHING_TO_RETRY',
      'There is no answer to regenerate yet. Send a message first.'
    )
  forkAt(conversation, last + 1)
}
