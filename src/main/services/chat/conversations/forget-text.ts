import type { Conversation } from '@shared/chat/chat'
import { formsOf, holds } from '../../fs/find-text'

// Forget (issue 35): a text the user had Cairn forget is taken out of a conversation: its
// messages, Claude's tool calls and results, earlier versions, its title and frame.

export const FORGOTTEN_MASK = '[forgotten]'

/** Keys whose strings are references or opaque data, never text a person or Claude wrote. */
const KEPT_KEYS = new Set(['id', 'tool_use_id', 'signature', 'data', 'type', 'role', 'hash'])

/** Whether the conversation holds the text anywhere its file would. */
export function conversationHolds(conversation: Conversation, text: string): boolean {
  return holds(JSON.stringify(conversation), formsOf(text))
}

/**
 * The conversation with `text` replaced by `[forgotten]` in every string. A thinking block that
 * held it is dropped (its signature covers its text, so it cannot be edited), and thinking from
 * before now is no longer sent back: the history it was bound to changed.
 */
export function withoutText(conversation: Conversation, text: string, now: string): Conversation {
  const next = scrub(conversation, text) as Conversation
  if (next.frame) next.frame.thinkingSince = now
  return next
}

function scrub(value: unknown, text: string): unknown {
  if (typeof value === 'string') return value.split(text).join(FORGOTTEN_MASK)
  if (Array.isArray(value))
    return value.filter((item) => !thinkingHolding(item, text)).map((item) => scrub(item, text))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value))
    out[key] = KEPT_KEYS.has(key) ? inner : scrub(inner, text)
  return out
}

function thinkingHolding(item: unknown, text: string): boolean {
  const block = item as { type?: unknown; thinking?: unknown } | null
  return block?.type === 'thinking' && typeof block.thinking === 'string'
    ? block.thinking.includes(text)
    : false
}
