import { useState } from 'react'
import type { MemoryEntry } from '@shared/memory/memory'
import type { DraftStore } from '../file/draft-store'
import type { AllSearch } from '../search-all'

export type Pane = 'file' | 'history' | 'activity' | 'expiry' | 'secrets' | 'settings'

/** A file another view asked to show (a memory chip in chat); `n` makes repeats count. */
export type OpenRequest = { path: string; n: number } | null | undefined

export type InspectorSelection = ReturnType<typeof useInspectorSelection>

/**
 * Which file the inspector shows and in which pane. A file asked for from outside (a chip in
 * chat, a hit in another space's search) opens in the File pane.
 */
export function useInspectorSelection(
  openRequest: OpenRequest,
  carried: AllSearch['carried'],
  drafts: DraftStore
) {
  // A hit chosen in a search of every space opens here with the search kept.
  const [selected, setSelected] = useState<string | null>(carried?.path ?? null)
  const [pane, setPane] = useState<Pane>('file')
  // Null at first: a request made before this view mounted (it mounts on first use) still opens.
  // (Not when a search switched here: the file it carries is the one asked for.)
  const [seenRequest, setSeenRequest] = useState(carried ? openRequest : null)
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest)
    if (openRequest) {
      setSelected(openRequest.path)
      setPane('file')
    }
  }
  return {
    selected,
    setSelected,
    pane,
    setPane,
    // A path asked for from outside the tree (a link, a chip) may name nothing: the pane says so.
    requested: openRequest && openRequest.path === selected ? selected : null,
    open(path: string) {
      setSelected(path)
      setPane('file')
    },
    /** A row chosen in the tree: the History pane follows it; every other pane opens it. */
    choose(path: string) {
      setSelected(path)
      if (pane !== 'history') setPane('file')
    },
    /** Lets a draft go; the file it was open on closes. */
    discard(path: string) {
      drafts.drop(path)
      drafts.dismissKept(path)
      if (path === selected) setSelected(null)
    }
  }
}

/** The file open in the panes: its row in the tree, or a draft whose file left the tree. */
export function openEntry(
  selected: string | null,
  entries: readonly MemoryEntry[] | null,
  unsaved: readonly string[],
  drafts: DraftStore
): MemoryEntry | null {
  const listed = entries?.find((e) => e.path === selected && e.kind === 'file')
  // A file gone from the tree (deleted, or not yet listed) stays open while it has a draft.
  return (
    listed ??
    (selected && unsaved.includes(selected) && drafts.get(selected) ? draftOnly(selected) : null)
  )
}

/** What the panes need of a file that has a draft but no row in the tree. */
function draftOnly(path: string): MemoryEntry {
  return { path, kind: 'file', size: 0, overCap: false, pinned: false }
}
