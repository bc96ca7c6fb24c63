import type { BranchPoint, ChatFault, ChatMessage, Usage } from '@shared/chat/chat'
import type { ChatRetrying } from '@shared/chat/events'
import type { ShownError } from '../../lib/errors'
import type { Draft } from './draft'

export interface TurnState {
  messages: ChatMessage[]
  /** Earlier versions (message actions); `messages` is the version shown. */
  branches: BranchPoint[]
  drafts: Draft[]
  running: boolean
  fault: ChatFault | null
  lastUsage: Usage | null
  error: ShownError | null
  /** Cairn is waiting to try the request again on its own (429, 529, 5xx, offline). */
  retrying: ChatRetrying | null
}

export const EMPTY: TurnState = {
  messages: [],
  branches: [],
  drafts: [],
  running: false,
  fault: null,
  lastUsage: null,
  error: null,
  retrying: null
}

/** Live events for a message already saved (they can arrive just after it) change nothing. */
export function withDraft(s: TurnState, messageId: string, change: (d: Draft) => Draft): TurnState {
  if (s.messages.some((m) => m.id === messageId)) return s
  return { ...s, running: true, retrying: null, drafts: upsertDraft(s.drafts, messageId, change) }
}

function upsertDraft(drafts: Draft[], messageId: string, change: (d: Draft) => Draft): Draft[] {
  const found = drafts.find((d) => d.messageId === messageId)
  if (!found) return [...drafts, change({ messageId, text: '', tools: [] })]
  return drafts.map((d) => (d.messageId === messageId ? change(d) : d))
}
