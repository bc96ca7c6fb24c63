import type { RecordedRequest, Reply, ReplySpec } from './script'

// Cairn names a new chat with one small extra request after its first answer. The fake answers
// those on its own, from a queue of their own, and records them apart: the scripted replies and
// the request counts tests make stay about the chat itself.

/** How a title request's system prompt begins (src/main/services/chat/titles/prompt.ts). */
export const TITLE_SYSTEM_MARK = 'You name conversations.'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function systemText(body: Json): string {
  const system = body.system
  if (typeof system === 'string') return system
  if (!Array.isArray(system)) return ''
  return system
    .map((block) => (isObject(block) && typeof block.text === 'string' ? block.text : ''))
    .join('')
}

export function isTitleRequest(body: unknown): boolean {
  return isObject(body) && systemText(body).startsWith(TITLE_SYSTEM_MARK)
}

/**
 * The first user message (its first text block), on one line: what the fake "model" names a chat unless told otherwise.
 * Cairn keeps its own title when the answer only repeats it, so chats keep the titles their
 * first messages gave them, and specs that find a chat by its first words still do.
 */
export function echoTitle(body: unknown): string {
  const messages = isObject(body) && Array.isArray(body.messages) ? body.messages : []
  const first = messages.find((m): m is Json => isObject(m) && m.role === 'user')
  const content = first?.content
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? String(content.find((b) => isObject(b) && b.type === 'text')?.text ?? '')
        : ''
  return text.replace(/\s+/g, ' ').trim() || 'Untitled'
}

export interface TitleDesk {
  /** Title requests, in arrival order (never in `requests`). */
  readonly requests: RecordedRequest[]
  /** Queues answers for the next title requests; with none left, the first message is echoed. */
  script(...replies: Reply[]): void
  /** The answer to this title request. */
  next(record: RecordedRequest): ReplySpec
}

export function createTitleDesk(): TitleDesk {
  const requests: RecordedRequest[] = []
  const queue: Reply[] = []
  return {
    requests,
    script: (...replies) => void queue.push(...replies),
    next(record) {
      const scripted = queue.shift()
      if (scripted) return typeof scripted === 'function' ? scripted(record) : scripted
      return { content: [{ type: 'text', text: echoTitle(record.body) }] }
    }
  }
}
