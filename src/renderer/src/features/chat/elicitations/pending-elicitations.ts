import {
  elicitationEndNote,
  type ElicitationResolved,
  type PendingElicitation
} from '@shared/mcp/elicitation'
import { onEvent } from '../../../lib/api'
import type { ShownError } from '../../../lib/errors'
import { createMainFeed } from '../../../lib/main-feed'

/*
 * The questions MCP servers wait on, kept once for the whole page (as pending-approvals.ts keeps
 * the approvals): main owns them; this subscribes first, then lists what already waits (a
 * reloaded window sees the same). A question the server ended itself (its time ran out, it went
 * away) leaves a note where its form was, until the user dismisses it.
 */

/** Where a form was, when the server (not the user) ended it. */
export interface ElicitationNote {
  id: string
  conversationId: string | null
  text: string
}

interface Snapshot {
  elicitations: readonly PendingElicitation[]
  notes: readonly ElicitationNote[]
  error: ShownError | null
}

const feed = createMainFeed<Snapshot, PendingElicitation>({
  empty: { elicitations: [], notes: [], error: null },
  listen: () => [
    onEvent('mcp:elicitation-pending', add),
    onEvent('mcp:elicitation-resolved', resolved)
  ],
  list: async (api) => (await api.mcp.listElicitations()).elicitations,
  add,
  failed: (error) => set({ error })
})

function set(next: Partial<Snapshot>): void {
  feed.set({ ...feed.get(), ...next })
}

function add(elicitation: PendingElicitation): void {
  if (feed.get().elicitations.some((e) => e.id === elicitation.id)) return
  set({ elicitations: [...feed.get().elicitations, elicitation] })
}

function resolved({ elicitationId, outcome }: ElicitationResolved): void {
  const ended = feed.get().elicitations.find((e) => e.id === elicitationId)
  const text = ended ? elicitationEndNote(ended.serverName, outcome) : null
  dropElicitation(elicitationId)
  if (ended && text)
    set({
      notes: [...feed.get().notes, { id: ended.id, conversationId: ended.conversationId, text }]
    })
}

/** The form goes (answered here, or already gone in main). */
export function dropElicitation(id: string): void {
  const { elicitations } = feed.get()
  if (!elicitations.some((e) => e.id === id)) return
  set({ elicitations: elicitations.filter((e) => e.id !== id) })
}

export function dismissElicitationNote(id: string): void {
  set({ notes: feed.get().notes.filter((n) => n.id !== id) })
}

/**
 * The questions and notes shown in one chat: its own, and those asked with no chat's call
 * running (shown in whichever chat is open, so they are never out of sight).
 */
export function useElicitations(conversationId: string) {
  const all = feed.use()
  const here = (item: { conversationId: string | null }) =>
    item.conversationId === conversationId || item.conversationId === null
  return {
    elicitations: all.elicitations.filter(here),
    notes: all.notes.filter(here),
    error: all.error
  }
}
