import { randomUUID } from 'node:crypto'
import type { BetaContentBlockParam } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ChatMessage, ToolResultBlock, UserMessage } from '@shared/chat/chat'

/*
 * The API refuses a conversation where a tool call is not answered in the very next message, or
 * where an answer has no call. A stop, a crash or a fault can leave one half-done; these put it
 * right with an error result that says the command never ran.
 */

export const NOT_RUN =
  'Not run: the reply was stopped before this memory command ran. Nothing was changed.'

export function notRunResult(toolUseId: string, content = NOT_RUN): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: true }
}

/** Saved messages with every tool call answered; `changed` tells whether anything was added. */
export function repairStored(
  messages: readonly ChatMessage[],
  now: () => string
): { messages: ChatMessage[]; changed: boolean } {
  const list = [...messages]
  let changed = false
  for (let i = 0; i < list.length; i += 1) {
    const message = list[i] as ChatMessage
    if (message.role !== 'assistant') continue
    const ids = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))
    if (ids.length === 0) continue
    // The answer is the next message that is not a notice.
    let j = i + 1
    while (list[j]?.role === 'notice') j += 1
    const next = list[j]
    if (next?.role === 'user') {
      const answered = new Set(
        next.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []))
      )
      const missing = ids.filter((id) => !answered.has(id))
      if (missing.length === 0) continue
      list[j] = { ...next, content: [...missing.map((id) => notRunResult(id)), ...next.content] }
    } else {
      const answer: UserMessage = {
        id: randomUUID(),
        role: 'user',
        createdAt: now(),
        content: ids.map((id) => notRunResult(id))
      }
      list.splice(i + 1, 0, answer)
    }
    changed = true
  }
  return { messages: list, changed }
}

type ApiMessage = { role: 'user' | 'assistant'; content: BetaContentBlockParam[] }

/** The same rule on request messages: missing answers added, answers without a call dropped. */
export function pairToolResults(messages: ApiMessage[]): ApiMessage[] {
  const out: ApiMessage[] = []
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i] as ApiMessage
    if (message.role === 'assistant') {
      out.push(message)
      const ids = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))
      const next = messages[i + 1]
      if (ids.length > 0 && next?.role !== 'user')
        out.push({ role: 'user', content: ids.map((id) => notRunResult(id)) })
      continue
    }
    const previous = out[out.length - 1]
    const asked =
      previous?.role === 'assistant'
        ? previous.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))
        : []
    const results = message.content.filter(
      (b) => b.type === 'tool_result' && asked.includes(b.tool_use_id)
    )
    const answered = new Set(results.map((b) => (b.type === 'tool_result' ? b.tool_use_id : '')))
    const missing = asked.filter((id) => !answered.has(id)).map((id) => notRunResult(id))
    const others = message.content.filter((b) => b.type !== 'tool_result')
    const content = [...results, ...missing, ...others]
    if (content.length > 0) out.push({ role: 'user', content })
  }
  return out
}
