import { useEffect, useState, useSyncExternalStore } from 'react'
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
  const listeners = new Set<() => void>()
  let unsavedCache: string[] | null = null
  const changed = () => {
    unsavedCache = null
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
      // Clean drafts are not kept: the disk is the truth for a file without edits.
      if (isDirty(draft)) drafts.set(path, draft)
      else drafts.delete(path)
      // Only whether a file has edits is news; each keystroke is not.
      if (isDirty(before) !== isDirty(draft)) changed()
    },
    drop(path) {
      if (drafts.delete(path)) changed()
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
    move(from, to) {
      moveIn(drafts, from, to)
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

/** The copy "Take the disk's" set aside for this file, while it is kept. */
export function useKeptCopy(store: DraftStore, path: string): KeptCopy | undefined {
  return useSyncExternalStore(store.subscribe, () => store.kept(path))
}
