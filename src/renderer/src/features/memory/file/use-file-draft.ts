import { useCallback, type RefObject } from 'react'
import type { MemoryFile, UserSecretsChoice } from '@shared/memory/memory'
import type { EditorController } from '../../../components/code-editor'
import type { ShownError } from '../../../lib/errors'
import { isDirty, useDeletedBy, type DraftStore } from './draft-store'
import { useMemorySpace } from '../memory-space'
import { fromFile, useDraftState } from './use-draft-state'
import { useDraftReads } from './use-draft-reads'
import { useDraftWrites } from './use-draft-writes'

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

export function useFileDraft(
  path: string,
  store: DraftStore,
  controller: RefObject<EditorController | null>
): FileDraft {
  const space = useMemorySpace()
  const deletedBy = useDeletedBy(store, path)
  const draft = useDraftState(path, store, controller)
  const reads = useDraftReads(space, path, draft)
  const { saving, status, setStatus, overwrite, save } = useDraftWrites(
    space,
    path,
    store,
    draft,
    reads
  )
  const { liveRef, commit, restart, setError } = draft
  const { disk, initialText, docKey, text, base, conflict, error } = draft.view

  const keepMine = useCallback(
    async (mine: string) => {
      const shown = liveRef.current.disk
      if (!shown) return false
      liveRef.current.text = mine
      const result = await overwrite(mine, shown.hash)
      if (result === 'saved') restart(mine)
      else if (result === 'conflict')
        setStatus('The file changed again on disk; the compare shows the newest version.')
      return result === 'saved'
    },
    [liveRef, overwrite, restart, setStatus]
  )

  const takeDisk = useCallback(() => {
    const { disk: file, text: edited } = liveRef.current
    if (!file) return
    if (edited !== null && edited !== file.content) store.keep(path, edited)
    commit(fromFile(file), file.content, false)
    restart(file.content)
    setStatus('Took the version on disk. Your text is kept until you dismiss it.')
  }, [commit, liveRef, path, restart, setStatus, store])

  const restoreKept = useCallback(() => {
    const kept = store.kept(path)
    const current = liveRef.current.base
    if (!kept || !current) return
    commit(current, kept.text, false)
    restart(kept.text)
    store.dismissKept(path)
    setStatus('Your text is back in the editor, not saved yet.')
  }, [commit, liveRef, path, restart, setStatus, store])

  const onEdit = useCallback(
    (next: string) => {
      const current = liveRef.current.base
      if (current === null) return
      const file = liveRef.current.disk
      // Typing the disk's text by hand settles a conflict too.
      if (conflict && file && next === file.content) commit(fromFile(file), next, false)
      else commit(current, next, conflict)
      setStatus('')
    },
    [commit, conflict, liveRef, setStatus]
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
