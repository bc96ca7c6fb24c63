import { useCallback, useRef, useState, type RefObject } from 'react'
import type { MemoryFile } from '@shared/memory/memory'
import type { EditorController } from '../../../components/code-editor'
import { toShownError, type ShownError } from '../../../lib/errors'
import type { DraftBase, DraftStore } from './draft-store'
import { isNotFound } from './deleted-draft'

// One file's draft: where the editor started (its base), what it says now, and how a fresh read of
// the file is reconciled with them (use-file-draft.ts states the rule for a conflict).

export const fromFile = (file: MemoryFile): DraftBase => ({
  content: file.content,
  hash: file.hash
})

export function matchesBase(file: MemoryFile, base: DraftBase): boolean {
  return base.hash !== null ? file.hash === base.hash : file.content === base.content
}

/** The latest values for async work; the state beside it is what renders. */
export interface DraftLive {
  base: DraftBase | null
  text: string | null
  disk: MemoryFile | null
  /** Bumped by saves: a read that started before one finished is stale and ignored. */
  generation: number
  /** Read once already: later reads are refreshes, not the user opening the file. */
  opened: boolean
  saving: boolean
  reading: boolean
  rerun: boolean
}

export function useDraftState(
  path: string,
  store: DraftStore,
  controller: RefObject<EditorController | null>
) {
  const [disk, setDisk] = useState<MemoryFile | null>(null)
  const [initialText, setInitialText] = useState<string | null>(null)
  const [docKey, setDocKey] = useState(0)
  const [text, setText] = useState<string | null>(null)
  const [base, setBase] = useState<DraftBase | null>(null)
  const [conflict, setConflict] = useState(false)
  const [error, setError] = useState<ShownError | null>(null)
  const liveRef = useRef<DraftLive>({
    base: null,
    text: null,
    disk: null,
    generation: 0,
    opened: false,
    saving: false,
    reading: false,
    rerun: false
  })

  const commit = useCallback(
    (nextBase: DraftBase, nextText: string, nextConflict: boolean) => {
      liveRef.current.base = nextBase
      liveRef.current.text = nextText
      setBase(nextBase)
      setText(nextText)
      setConflict(nextConflict)
      store.set(path, { base: nextBase, text: nextText })
    },
    [path, store]
  )

  /** Starts the editor afresh on `value` (a user's explicit choice, never a live change). */
  const restart = useCallback((value: string) => {
    setInitialText(value)
    setDocKey((n) => n + 1)
  }, [])

  /**
   * The file is not on disk. Edits kept for it stay in the editor (the memory view says it was
   * deleted); without edits there is nothing to keep.
   */
  const lost = useCallback(
    (failure: unknown) => {
      const kept = store.get(path)
      if (!isNotFound(failure) || !kept) {
        setError(toShownError(failure))
        return
      }
      liveRef.current.disk = null
      setDisk(null)
      if (liveRef.current.base === null) {
        liveRef.current.base = kept.base
        liveRef.current.text = kept.text
        setBase(kept.base)
        setText(kept.text)
        restart(kept.text)
      }
    },
    [path, restart, store]
  )

  /** Compares a fresh read of the file with where the editor started. */
  const reconcile = useCallback(
    (file: MemoryFile) => {
      liveRef.current.disk = file
      setDisk(file)
      // The file is there (again): a draft kept for its deletion is an ordinary draft now.
      store.clearDeleted(path)
      let { base: current, text: edited } = liveRef.current
      if (current === null || edited === null) {
        // First read: pick up edits kept from an earlier visit, if any.
        const kept = store.get(path)
        current = kept?.base ?? fromFile(file)
        edited = kept?.text ?? file.content
        restart(edited)
      }
      if (matchesBase(file, current)) {
        commit(current.hash === null ? fromFile(file) : current, edited, false)
      } else if (edited === current.content) {
        // No edits here: follow the disk in place (cursor and scroll stay).
        commit(fromFile(file), file.content, false)
        controller.current?.replaceText(file.content)
      } else if (edited === file.content) {
        commit(fromFile(file), edited, false) // the disk already says what you have
      } else {
        commit(current, edited, true)
      }
    },
    [commit, controller, path, restart, store]
  )

  return {
    view: { disk, initialText, docKey, text, base, conflict, error },
    liveRef,
    commit,
    restart,
    lost,
    reconcile,
    setConflict,
    setError
  }
}
export type DraftState = ReturnType<typeof useDraftState>
