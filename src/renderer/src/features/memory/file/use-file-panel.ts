import { useRef, useState } from 'react'
import type { MemoryEntry, UserSecretsChoice } from '@shared/memory/memory'
import type { EditorController } from '../../../components/code-editor'
import { copyText } from '../../../lib/clipboard'
import { toShownError, type ShownError } from '../../../lib/errors'
import { useNow } from '../../../lib/hooks/use-now'
import { useDeletedBy, useKeptCopy, type DraftStore } from './draft-store'
import { exactPattern, relativePath } from '../memory-paths'
import { useFileDraft } from './use-file-draft'

export interface FilePanelProps {
  entry: MemoryEntry
  /** Unsaved edits per file, kept by the memory view across file and pane switches. */
  drafts: DraftStore
  pinnedPatterns: readonly string[]
  /** Saves the space's pins (Settings for "No project", a project's own settings otherwise). */
  savePins(next: string[]): Promise<void>
  onMoved(to: string | null): void
}

export type Ask = 'rename' | 'delete' | 'to-space' | null

/** The panel's state and what its buttons do (the draft itself is useFileDraft's). */
export function useFilePanel({ entry, drafts, pinnedPatterns, savePins, onMoved }: FilePanelProps) {
  const path = entry.path
  const controller = useRef<EditorController | null>(null)
  const draft = useFileDraft(path, drafts, controller)
  const file = draft.disk
  const deletedBy = useDeletedBy(drafts, path)
  const [ask, setAsk] = useState<Ask>(null)
  const [comparing, setComparing] = useState(false)
  const [note, setNote] = useState('')
  const [actError, setError] = useState<ShownError | null>(null)
  const kept = useKeptCopy(drafts, path)
  const now = useNow(30_000)

  async function save(secrets?: UserSecretsChoice): Promise<void> {
    setNote('')
    const result = await draft.save(secrets)
    if (result === 'conflict') setComparing(true)
  }

  async function keepMine(text: string): Promise<void> {
    setNote('')
    if (await draft.keepMine(text)) setComparing(false)
  }

  function copy(text: string): void {
    copyText(text).then(
      () => setNote('Your version is on the clipboard.'),
      (failure: unknown) => setError(toShownError(failure))
    )
  }

  async function act(run: () => Promise<unknown>, after: () => void): Promise<void> {
    setAsk(null)
    try {
      await run()
      after()
    } catch (failure) {
      setError(toShownError(failure))
    }
  }

  const togglePin = () => {
    const own = exactPattern(path)
    const next = entry.pinned
      ? pinnedPatterns.filter((p) => p !== own && p !== relativePath(path))
      : [...pinnedPatterns, own]
    void act(
      () => savePins(next),
      () => setNote(entry.pinned ? 'Unpinned.' : 'Pinned: it never expires.')
    )
  }

  /** The file is gone from here (deleted, moved, or its draft let go): nothing is left to show. */
  const leave = () => {
    drafts.drop(path)
    drafts.dismissKept(path)
    onMoved(null)
  }

  return {
    entry,
    path,
    drafts,
    onMoved,
    controller,
    draft,
    file,
    deletedBy,
    kept,
    now,
    // Only the first part of a huge file: shown read-only, so it can never be saved over the file.
    readOnly: file?.truncated === true,
    error: actError ?? draft.error,
    status: note || draft.status,
    ask,
    setAsk,
    comparing,
    setComparing,
    setNote,
    dismissError: () => {
      setError(null)
      draft.dismissError()
    },
    save,
    keepMine,
    copy,
    act,
    togglePin,
    leave
  }
}
export type FilePanelState = ReturnType<typeof useFilePanel>
