import { Dialog } from '../../../components/dialog'
import { formatDateTime } from '../../../lib/time'
import type { HistoryVersion } from '@shared/memory/history'
import { fileName, versionWords } from '../change-words'

interface Props {
  path: string
  open: boolean
  /** The version the user asked to restore (null when the list no longer holds it). */
  version: HistoryVersion | null
  onDiscardAndRestore(): void
  /** Back to the editor, edits untouched. */
  onKeepEditing(): void
  onClose(): void
}

/**
 * Restoring writes the file under the editor's unsaved edits: asked before, so the edits never go
 * without the user's say (and the editor never blames the disk for a change the user made).
 */
export function RestoreQuestion({
  path,
  open,
  version,
  onDiscardAndRestore,
  onKeepEditing,
  onClose
}: Props) {
  const name = fileName(path)
  return (
    <Dialog
      open={open}
      title="Discard your unsaved edits?"
      confirmLabel="Discard edits and restore"
      cancelLabel="Keep editing"
      danger
      onConfirm={onDiscardAndRestore}
      onCancel={onKeepEditing}
      onClose={onClose}
    >
      You have unsaved edits to {name}. Restoring{' '}
      {version
        ? `the version “${versionWords(version)}” of ${formatDateTime(Date.parse(version.time))}`
        : 'this version'}{' '}
      replaces them. The restore can be undone; discarded edits cannot.
    </Dialog>
  )
}
