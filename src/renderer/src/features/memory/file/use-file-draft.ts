import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { MemoryFile, UserSecretsChoice } from '@shared/memory/memory'
import type { EditorController } from '../../../components/code-editor'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { isDirty, useDeletedBy, type DraftBase, type DraftStore } from './draft-store'
import { isNotFound } from './deleted-draft'
import { useFileChanges } from '../memory-changes'
import { useMemorySpace } from '../memory-space'

/*
 * One file's edit session. The rule for a conflict is about content, never about events: the
 * file on disk conflicts only when its hash differs from the version the editor started from AND
 * the user has edits that the disk does not already hold. A save of our own moves the base to what
 * we wrote; a change to another file leaves this file's hash alone. Neither can raise it.
 */

export interface FileDraft {
  /** The newest read of the file (what the header describes). */
  disk: MemoryFile | null
  /** The text the editor should (re)start from; changes with docKey. */
  initialText: string | null
  docKey: number
  text: string | null
  dirty: boolean
  /** The file was deleted under the edits: Save writes the draft back as a new file. */
  deleted: boolean
  /** The disk moved on from the base while the user has edits it does not hold. */
  conflict: boolean
  saving: boolean
  error: ShownError | null
  status: string
  onEdit(text: string): void
  /** `secrets`: the user's answer to the secret guard's warning (save anyway, or redact). */
  save(secrets?: UserSecretsChoice): Promise<'saved' | 'conflict' | 'failed' | 'nothing'>
  /** Writes `text` over whatever is on disk now (the compare's right side). */
  keepMine(text: string): Promise<boolean>
  /** Adopts the disk's text; the user's text is set aside as a kept copy, not thrown away. */
  takeDisk(): void
  /** Puts a kept copy back into the editor as unsaved edits. */
  restoreKept(): void
  dismissError(): void
}

const fromFile = (file: MemoryFile): DraftBase => ({ content: file.content, hash: file.hash })

function matchesBase(file: MemoryFile, base: DraftBase): boolean {
  return base.hash !== null ? file.hash === base.hash : file.content === base.content
}

/** The disk is not what the save expected: changed under it, or put back under a deleted draft. */
function isConflictError(failure: unknown): boolean {
  const code = (failure as { code?: unknown } | null)?.code
  return code === 'MEMORY_CONFLICT' || code === 'MEMORY_EXISTS'
}

export function useFileDraft(
  path: string,
  store: DraftStore,
  controller: RefObject<EditorController | null>
): FileDraft {
  const space = useMemorySpace()
  const [disk, setDisk] = useState<MemoryFile | null>(null)
  const [initialText, setInitialText] = useState<string | null>(null)
  const [docKey, setDocKey] = useState(0)
  const [text, setText] = useState<string | null>(null)
  const [base, setBase] = useState<DraftBase | null>(null)
  const [conflict, setConflict] = useState(false)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<ShownError | null>(null)
  const [status, setStatus] = useState('')
  const deletedBy = useDeletedBy(store, path)
  // The latest values for async work; state above is what renders.
  const live = useRef({
    base: null as DraftBase | null,
    text: null as string | null,
    disk: null as MemoryFile | null,
    /** Bumped by saves: a read that started before one finished is stale and ignored. */
    generation: 0,
    /** Read once already: later reads are refreshes, not the user opening the file. */
    opened: false,
    saving: false,
    reading: false,
    rerun: false
  })

  const commit = useCallback(
    (nextBase: DraftBase, nextText: string, nextConflict: boolean) => {
      live.current.base = nextBase
      live.current.text = nextText
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
      live.current.disk = null
      setDisk(null)
      if (live.current.base === null) {
        live.current.base = kept.base
        live.current.text = kept.text
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
      live.current.disk = file
      setDisk(file)
      // The file is there (again): a draft kept for its deletion is an ordinary draft now.
      store.clearDeleted(path)
      let { base: current, text: edited } = live.current
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

  // Opening the file is an access (it resets its idle-expiry clock); keeping up with a change
  // is not: every read after the first is a refresh.
  const read = useCallback(() => {
    const refresh = live.current.opened
    live.current.opened = true
    return call((api) => api.memory.read({ space, path, refresh }))
  }, [space, path])
  /** Bumps when a change names this file: it is re-read and compared by hash. */
  const changes = useFileChanges(path)

  /** Re-reads the file; calls during a read or a save are folded into one more read after it. */
  const refresh = useCallback(() => {
    const state = live.current
    state.rerun = true
    if (state.saving || state.reading) return
    state.reading = true
    void (async () => {
      try {
        while (state.rerun && !state.saving) {
          state.rerun = false
          const generation = state.generation
          try {
            const file = await read()
            // A save finished meanwhile: this read may predate it, so it says nothing.
            if (generation === state.generation) reconcile(file)
          } catch (failure) {
            if (generation === state.generation) lost(failure)
          }
        }
      } finally {
        state.reading = false
      }
    })()
  }, [lost, read, reconcile])

  useEffect(() => refresh(), [refresh, changes])

  /** Sends `content` (`send` is the engine call) and moves the base to it once it is on disk. */
  const write = useCallback(
    async (
      content: string,
      send: () => Promise<unknown>
    ): Promise<'saved' | 'conflict' | 'failed'> => {
      const state = live.current
      state.saving = true
      state.generation += 1
      setSaving(true)
      try {
        await send()
        store.clearDeleted(path)
        // The base is now what we wrote; its hash comes with the read below.
        commit({ content, hash: null }, state.text ?? content, false)
        setError(null)
        setStatus('Saved.')
        state.generation += 1
        reconcile(await read())
        return 'saved'
      } catch (failure) {
        if (!isConflictError(failure)) {
          setError(toShownError(failure))
          return 'failed'
        }
        state.generation += 1
        const file = await read().catch(() => null)
        if (file) reconcile(file)
        // A conflict the engine saw but the reads raced past: the compare still needs to open.
        if (!file || matchesBase(file, state.base ?? fromFile(file))) setConflict(true)
        return 'conflict'
      } finally {
        state.saving = false
        setSaving(false)
        if (state.rerun) refresh()
      }
    },
    [commit, path, read, reconcile, refresh, store]
  )

  /** Writes over the version the editor started from, if the disk still holds it. */
  const overwrite = useCallback(
    (content: string, expectedHash: string, secrets?: UserSecretsChoice) =>
      write(content, () =>
        call((api) =>
          api.memory.write({ space, path, content, expectedHash, ...(secrets ? { secrets } : {}) })
        )
      ),
    [space, path, write]
  )

  /** A deleted file's draft back as the file: a create, so a file put back meanwhile is kept. */
  const saveBack = useCallback(
    (content: string, secrets?: UserSecretsChoice) =>
      write(content, () =>
        call((api) =>
          api.memory.create({ space, path, content, kind: 'file', ...(secrets ? { secrets } : {}) })
        )
      ),
    [space, path, write]
  )

  const save = useCallback(
    async (secrets?: UserSecretsChoice) => {
      const { base: current, text: edited } = live.current
      if (current === null || edited === null) return 'nothing'
      if (store.deletedBy(path)) return saveBack(edited, secrets)
      if (edited === current.content) return 'nothing'
      if (conflict) return 'conflict'
      let expected = current.hash
      if (expected === null) {
        // We wrote the base ourselves and never read its hash back: check the disk by content.
        const file = await read()
        if (file.content !== current.content) {
          reconcile(file)
          return 'conflict'
        }
        expected = file.hash
      }
      return overwrite(edited, expected, secrets)
    },
    [conflict, overwrite, path, read, reconcile, saveBack, store]
  )

  const keepMine = useCallback(
    async (mine: string) => {
      const shown = live.current.disk
      if (!shown) return false
      live.current.text = mine
      const result = await overwrite(mine, shown.hash)
      if (result === 'saved') restart(mine)
      else if (result === 'conflict')
        setStatus('The file changed again on disk; the compare shows the newest version.')
      return result === 'saved'
    },
    [overwrite, restart]
  )

  const takeDisk = useCallback(() => {
    const { disk: file, text: edited } = live.current
    if (!file) return
    if (edited !== null && edited !== file.content) store.keep(path, edited)
    commit(fromFile(file), file.content, false)
    restart(file.content)
    setStatus('Took the version on disk. Your text is kept until you dismiss it.')
  }, [commit, path, restart, store])

  const restoreKept = useCallback(() => {
    const kept = store.kept(path)
    const current = live.current.base
    if (!kept || !current) return
    commit(current, kept.text, false)
    restart(kept.text)
    store.dismissKept(path)
    setStatus('Your text is back in the editor, not saved yet.')
  }, [commit, path, restart, store])

  const onEdit = useCallback(
    (next: string) => {
      const current = live.current.base
      if (current === null) return
      const file = live.current.disk
      // Typing the disk's text by hand settles a conflict too.
      if (conflict && file && next === file.content) commit(fromFile(file), next, false)
      else commit(current, next, conflict)
      setStatus('')
    },
    [commit, conflict]
  )

  return {
    disk,
    initialText,
    docKey,
    text,
    // A deleted file's draft is unsaved whatever it says: nothing of it is on disk.
    dirty: isDirty(base && text !== null ? { base, text } : undefined) || deletedBy !== undefined,
    deleted: deletedBy !== undefined,
    conflict,
    saving,
    error,
    status,
    onEdit,
    save,
    keepMine,
    takeDisk,
    restoreKept,
    dismissError: () => setError(null)
  }
}
