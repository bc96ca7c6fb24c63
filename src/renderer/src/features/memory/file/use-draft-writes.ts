import { useCallback, useState } from 'react'
import type { UserSecretsChoice } from '@shared/memory/memory'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import type { DraftStore } from './draft-store'
import { fromFile, matchesBase, type DraftState } from './use-draft-state'
import type { DraftReads } from './use-draft-reads'

type WriteResult = 'saved' | 'conflict' | 'failed'

/** The disk is not what the save expected: changed under it, or put back under a deleted draft. */
function isConflictError(failure: unknown): boolean {
  const code = (failure as { code?: unknown } | null)?.code
  return code === 'MEMORY_CONFLICT' || code === 'MEMORY_EXISTS'
}

/** Saves of one file's draft: over the version it started from, or back as a deleted file's. */
export function useDraftWrites(
  space: string,
  path: string,
  store: DraftStore,
  draft: DraftState,
  reads: DraftReads
) {
  const { liveRef, commit, reconcile, setConflict, setError } = draft
  const { read, refresh } = reads
  const [saving, setSaving] = useState(false)
  const [status, setStatus] = useState('')

  /** Sends `content` (`send` is the engine call) and moves the base to it once it is on disk. */
  const write = useCallback(
    async (content: string, send: () => Promise<unknown>): Promise<WriteResult> => {
      const state = liveRef.current
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
    [commit, liveRef, path, read, reconcile, refresh, setConflict, setError, store]
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

  const conflict = draft.view.conflict
  const save = useCallback(
    async (secrets?: UserSecretsChoice) => {
      const { base: current, text: edited } = liveRef.current
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
    [conflict, liveRef, overwrite, path, read, reconcile, saveBack, store]
  )

  return { saving, status, setStatus, overwrite, save }
}
