import { useSyncExternalStore } from 'react'
import {
  elicitationEndNote,
  type ElicitationResolved,
  type PendingElicitation
} from '@shared/mcp/elicitation'
import { call, onEvent } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

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

const EMPTY: Snapshot = { elicitations: [], notes: [], error: null }
let snapshot: Snapshot = EMPTY
const listeners = new Set<() => void>()
let stop: (() => void) | null = null

function set(next: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...next }
  listeners.forEach((listener) => listener())
}

function add(elicitation: PendingElicitation): void {
  if (snapshot.elicitations.some((e) => e.id === elicitation.id)) return
  set({ elicitations: [...snapshot.elicitations, elicitation] })
}

function resolved({ elicitationId, outcome }: ElicitationResolved): void {
  const ended = snapshot.elicitations.find((e) => e.id === elicitationId)
  const text = ended ? elicitationEndNote(ended.serverName, outcome) : null
  dropElicitation(elicitationId)
  if (ended && text)
    set({
      notes: [...snapshot.notes, { id: ended.id, conversationId: ended.conversationId, text }]
    })
}

/** The form goes (answered here, or already gone in main). */
export function dropElicitation(id: string): void {
  if (!snapshot.elicitations.some((e) => e.id === id)) return
  set({ elicitations: snapshot.elicitations.filter((e) => e.id !== id) })
}

export function dismissElicitationNote(id: string): void {
  set({ notes: snapshot.notes.filter((n) => n.id !== id) })
}

function start(): () => void {
  let live = true
  let offs: Array<() => void> = []
  try {
    offs = [onEvent('mcp:elicitation-pending', add), onEvent('mcp:elicitation-resolved', resolved)]
  } catch {
    // Outside Cairn (no bridge): the list call below says so.
  }
  call((api) => api.mcp.listElicitations()).then(
    (listed) => {
      if (live) listed.elicitations.forEach(add)
    },
    (failure: unknown) => {
      if (live) set({ error: toShownError(failure) })
    }
  )
  return () => {
    live = false
    offs.forEach((off) => off())
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  stop ??= start()
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    stop?.()
    stop = null
    snapshot = EMPTY
  }
}

const read = (): Snapshot => snapshot

/**
 * The questions and notes shown in one chat: its own, and those asked with no chat's call
 * running (shown in whichever chat is open, so they are never out of sight).
 */
export function useElicitations(conversationId: string) {
  const all = useSyncExternalStore(subscribe, read, read)
  const here = (item: { conversationId: string | null }) =>
    item.conversationId === conversationId || item.conversationId === null
  return {
    elicitations: all.elicitations.filter(here),
    notes: all.notes.filter(here),
    error: all.error
  }
}
