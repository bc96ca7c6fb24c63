import { useState } from 'react'
import { errorText, fileName } from '../change-words'
import type { DraftStore } from '../file/draft-store'
import { useMemorySpace } from '../memory-space'
import { RestoreQuestion } from './restore-question'
import { useFileHistory, usePickedVersion, useRestore } from './use-file-history'
import { VersionDetail } from './version-detail'
import { VersionList } from './version-list'

interface Props {
  path: string
  /** The editor's unsaved edits: a restore asks before it writes over them. */
  drafts: DraftStore
  /** The user chose to go on editing instead of restoring. */
  onKeepEditing(): void
}

/** History of the open file: its versions (who, when); one against the current text; restore. */
export function HistoryPanel({ path, drafts, onKeepEditing }: Props) {
  const space = useMemorySpace()
  const { loaded, error, setError, reload } = useFileHistory(space, path)
  const [status, setStatus] = useState('')
  const { picked, select, clear } = usePickedVersion(space, () => setStatus(''))
  const restoring = useRestore({
    space,
    path,
    drafts,
    currentHash: loaded?.current.hash,
    onRestored() {
      setStatus('Restored. The restore is in the history too, so it can be undone.')
      clear()
      setError(null)
    },
    onFailed: setError
  })
  const forgotten = () => {
    clear()
    reload()
  }
  return (
    <section aria-label={`History of ${fileName(path)}`} className="flex h-full min-h-0">
      <VersionList
        path={path}
        loaded={loaded}
        pickedSeq={picked?.seq}
        onSelect={select}
        onForgotten={forgotten}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 overflow-auto p-4">
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {errorText(error)}
          </p>
        ) : null}
        {status ? (
          <p role="status" className="text-sm text-success">
            {status}
          </p>
        ) : null}
        <VersionDetail
          path={path}
          picked={picked}
          chosen={loaded?.versions.find((v) => v.seq === picked?.seq) ?? null}
          current={loaded?.current}
          onRestore={restoring.ask}
          onForgotten={forgotten}
        />
      </div>
      <RestoreQuestion
        path={path}
        open={restoring.asking !== null}
        version={restoring.asking?.version ?? null}
        onDiscardAndRestore={restoring.confirm}
        onKeepEditing={() => {
          restoring.dismiss()
          onKeepEditing()
        }}
        onClose={restoring.dismiss}
      />
    </section>
  )
}
