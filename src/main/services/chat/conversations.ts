import type { ChatMessage, Conversation, ConversationSummary } from '@shared/chat'

// Pure helpers over conversations: titles, summaries, search.

export const DEFAULT_TITLE = 'New conversation'
const TITLE_CHARS = 60
const SNIPPET_CHARS = 120

/** A title from the first message: one line, cut at a word near 60 characters. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length === 0) return DEFAULT_TITLE
  if (line.length <= TITLE_CHARS) return line
  const cut = line.slice(0, TITLE_CHARS)
  const space = cut.lastIndexOf(' ')
  return `${(space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function summaryOf(
  conversation: Conversation,
  running: boolean,
  snippet: string | null = null
): ConversationSummary {
  return {
    id: conversation.id,
    title: conversation.title,
    model: conversation.model,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    messageCount: conversation.messages.filter((m) => m.role !== 'notice').length,
    running,
    snippet
  }
}

/** Newest first; ties broken by id so the order is stable. */
export function newestFirst(a: Conversation, b: Conversation): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The visible text of a message (what a search looks through), attached files' names included. */
export function textOf(message: ChatMessage): string {
  if (message.role === 'notice') return ''
  return message.content
    .map((block) =>
      block.type === 'text' ? block.text : block.type === 'attachment' ? block.name : ''
    )
    .filter(Boolean)
    .join('\n')
}

/** Null when the conversation does not match; otherwise a snippet around the first match. */
export function matchConversation(conversation: Conversation, query: string): string | null {
  const needle = query.toLocaleLowerCase()
  if (conversation.title.toLocaleLowerCase().includes(needle)) return conversation.title
  for (const message of conversation.messages) {
    const text = textOf(message)
    const at = text.toLocaleLowerCase().indexOf(needle)
    if (at === -1) continue
    const start = Math.max(0, at - SNIPPET_CHARS / 2)
    const end = Math.min(text.length, at + needle.length + SNIPPET_CHARS / 2)
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
    return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
  }
  return null
}

/** The user's typed messages so far (tool results are user messages too, but not typed). */
export function hasUserText(conversation: Conversation): boolean {
  return conversation.messages.some(
    (m) => m.role === 'user' && m.content.some((b) => b.type === 'text')
  )
}
