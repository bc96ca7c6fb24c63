import { useEffect, useState, useSyncExternalStore } from 'react'
import type { ActivityActor } from '@shared/memory/memory'
import type { EditorSpot } from '../../../components/code-editor'

/** The disk version an edit started from: its text and, when known, its content hash. */
export interface DraftBase {
  content: string
  /** null when Cairn wrote this text itself and has not read its hash back yet. */
  hash: string | null
}

export interface Draft {
  base: DraftBase
  /** The editor's text; differs from base.content when there are unsaved edits. */
  text: string
}

/** The user's text set aside by "Take the disk's", kept until they dismiss it. */
export interface KeptCopy {
  text: string
  at: number
}

/**
 * Unsaved edits per file, owned by the memory view (not the file panel) so they survive switching
 * files, panes and app views. Plain data plus a change signal; React reads it through hooks.
 */
export interface DraftStore {
  get(path: string): Draft | undefined
  set(path: string, draft: Draft): void
  drop(path: string): void
  spot(path: string): EditorSpot | undefined
  setSpot(path: string, spot: EditorSpot): void
  kept(path: string): KeptCopy | undefined
  keep(path: string, text: string): void
  dismissKept(path: string): void
  /** Who deleted the file under this draft, while the draft waits to be saved back or let go. */
  deletedBy(path: string): ActivityActor | undefined
  /** The file is gone from disk; its draft stays (even unchanged) until saved back or dropped. */
  markDeleted(path: string, by: ActivityActor): void
  /** The file is there again (saved back, or put back by someone): a draft like any other. */
  clearDeleted(path: string): void
  /** Paths whose file was deleted under a draft, sorted; same array until something changes. */
  deleted(): string[]
  /** A rename carries edits, spot and kept copy along. */
  move(from: string, to: string): void
  /** Paths with unsaved edits or a kept copy not yet dismissed: what closing would lose. */
  unsaved(): string[]
  subscribe(listener: () => void): () => void
}

export function isDirty(draft: Draft | undefined): boolean {
  return draft !== undefined && draft.text !== draft.base.content
}

export function createDraftStore(): DraftStore {
  const drafts = new Map<string, Draft>()
  const spots = new Map<string, EditorSpot>()
  const keptCopies = new Map<string, KeptCopy>()
  const deletions = new Map<string, ActivityActor>()
  const listeners = new Set<() => void>()
  let unsavedCache: string[] | null = null
  let deletedCache: string[] | null = null
  const changed = () => {
    unsavedCache = null
    deletedCache = null
    for (const listener of listeners) listener()
  }
  const moveIn = <T>(map: Map<string, T>, from: string, to: string) => {
    const value = map.get(from)
    if (value === undefined) return
    map.delete(from)
    map.set(to, value)
  }
  return {
    get: (path) => drafts.get(path),
    set(path, draft) {
      const before = drafts.get(path)
      // Clean drafts are not kept: the disk is the truth for a file without edits. A deleted
      // file has no disk truth left: its draft is all there is.
      if (isDirty(draft) || deletions.has(path)) drafts.set(path, draft)
      else drafts.delete(path)
      // Only whether a file has edits is news; each keystroke is not.
      if (isDirty(before) !== isDirty(draft)) changed()
    },
    drop(path) {
      const had = drafts.delete(path)
      if (deletions.delete(path) || had) changed()
    },
    spot: (path) => spots.get(path),
    setSpot: (path, spot) => void spots.set(path, spot),
    kept: (path) => keptCopies.get(path),
    keep(path, text) {
      keptCopies.set(path, { text, at: Date.now() })
      changed()
    },
    dismissKept(path) {
      if (keptCopies.delete(path)) changed()
    },
    deletedBy: (path) => deletions.get(path),
    markDeleted(path, by) {
      // Only a draft makes a deletion news here: a file without edits simply leaves the tree.
      if (!drafts.has(path) || deletions.has(path)) return
      deletions.set(path, by)
      changed()
    },
    clearDeleted(path) {
      if (!deletions.delete(path)) return
      // Kept only for the deletion: with the file back, a draft without edits has no reason to be.
      if (!isDirty(drafts.get(path))) drafts.delete(path)
      changed()
    },
    deleted: () => (deletedCache ??= [...deletions.keys()].sort()),
    move(from, to) {
      moveIn(drafts, from, to)
      moveIn(deletions, from, to)
      moveIn(spots, from, to)
      moveIn(keptCopies, from, to)
      changed()
    },
    // Same array until something changes, so it can be a useSyncExternalStore snapshot.
    unsaved: () => (unsavedCache ??= [...new Set([...drafts.keys(), ...keptCopies.keys()])].sort()),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

/** One store for the lifetime of the memory view. */
export function useDraftStore(): DraftStore {
  const [store] = useState(createDraftStore)
  return store
}

/** The paths that would lose something if the window closed now. */
export function useUnsavedPaths(store: DraftStore): string[] {
  return useSyncExternalStore(store.subscribe, store.unsaved)
}

/**
 * Closing or reloading the window with unsaved edits asks first. The page can only raise the
 * browser's prompt; in Electron, main answers `will-prevent-unload` with its own dialog.
 */
export function useUnloadGuard(store: DraftStore): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (store.unsaved().length === 0) return
      event.preventDefault()
      // Older engines look at returnValue instead of preventDefault.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [store])
}

/** Paths whose file was deleted under unsaved edits: their drafts wait for the user. */
export function useDeletedDrafts(store: DraftStore): string[] {
  return useSyncExternalStore(store.subscribe, store.deleted)
}

/** Who deleted this file under its draft, while the draft waits (undefined: not deleted). */
export function useDeletedBy(store: DraftStore, path: string): ActivityActor | undefined {
  return useSyncExternalStore(store.subscribe, () => store.deletedBy(path))
}

/** The copy "Take the disk's" set aside for this file, while it is kept. */
export function useKeptCopy(store: DraftStore, path: string): KeptCopy | undefined {
  return useSyncExternalStore(store.subscribe, () => store.kept(path))
}
