import { plainText } from './plain-text'
import type { ChatMessage, Conversation, ConversationSummary } from '@shared/chat/chat'

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

/** Where a search matched: the snippet shown, and the match inside it (for highlighting). */
export interface SearchHit {
  snippet: string
  match: { messageId: string | null; start: number; length: number }
}

export function summaryOf(
  conversation: Conversation,
  running: boolean,
  hit: SearchHit | null = null
): ConversationSummary {
  return {
    id: conversation.id,
    title: conversation.title,
    model: conversation.model,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    messageCount: spokenCount(conversation.messages),
    running,
    snippet: hit?.snippet ?? null,
    match: hit?.match ?? null,
    pinned: conversation.pinned === true,
    ...(conversation.thinking ? { thinking: conversation.thinking } : {}),
    ...(conversation.space ? { space: conversation.space } : {}),
    ...(conversation.memory === 'off' ? { memory: 'off' as const } : {})
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

/** A snippet of `text` around `at` (about 120 characters), with where the match lands in it. */
function snippetAround(text: string, at: number, length: number, messageId: string): SearchHit {
  const start = Math.max(0, at - SNIPPET_CHARS / 2)
  const end = Math.min(text.length, at + length + SNIPPET_CHARS / 2)
  const before = text.slice(start, at).replace(/\s+/g, ' ').trimStart()
  const found = text.slice(at, at + length).replace(/\s+/g, ' ')
  const after = text
    .slice(at + length, end)
    .replace(/\s+/g, ' ')
    .trimEnd()
  const lead = start > 0 ? '…' : ''
  return {
    snippet: `${lead}${before}${found}${after}${end < text.length ? '…' : ''}`,
    match: { messageId, start: lead.length + before.length, length: found.length }
  }
}

/**
 * Null when the conversation does not match; otherwise the first match: in the title, else in the
 * earliest message, with a snippet around it. Case-insensitive; the match keeps the text's case.
 */
export function matchConversation(conversation: Conversation, query: string): SearchHit | null {
  const needle = query.toLocaleLowerCase()
  if (needle.length === 0) return null
  const inTitle = conversation.title.toLocaleLowerCase().indexOf(needle)
  if (inTitle !== -1)
    return {
      snippet: conversation.title,
      match: { messageId: null, start: inTitle, length: needle.length }
    }
  for (const message of conversation.messages) {
    const text = plainText(textOf(message))
    const at = text.toLocaleLowerCase().indexOf(needle)
    if (at !== -1) return snippetAround(text, at, needle.length, message.id)
  }
  return null
}

/** Pinned first, then newest first. */
export function listOrder(a: Conversation, b: Conversation): number {
  const pinned = Number(b.pinned === true) - Number(a.pinned === true)
  return pinned !== 0 ? pinned : newestFirst(a, b)
}

/** The user's typed messages so far (tool results are user messages too, but not typed). */
export function hasUserText(conversation: Conversation): boolean {
  return conversation.messages.some(
    (m) => m.role === 'user' && m.content.some((b) => b.type === 'text')
  )
}

/**
 * What a person calls a message: each one they wrote (not the tool results or Cairn's notes that
 * travel as user messages) and one answer to it, however many API rounds the answer took.
 */
export function spokenCount(messages: Conversation['messages']): number {
  let count = 0
  let answered = true
  for (const m of messages) {
    if (m.role === 'user' && m.content.some((b) => b.type === 'text' || b.type === 'attachment')) {
      count += 1
      answered = false
    } else if (m.role === 'assistant' && !answered) {
      count += 1
      answered = true
    }
  }
  return count
}
