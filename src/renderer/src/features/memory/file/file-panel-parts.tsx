import { FolderInput, Pencil, Pin, PinOff, Save, Trash2 } from 'lucide-react'
import type { MemoryEntry } from '@shared/memory/memory'
import { Dialog } from '../../../components/dialog'
import { Message } from '../../../components/messages/message'
import { InMessageArea } from '../../../components/messages/message-area'
import { Spinner } from '../../../components/icons'
import { call } from '../../../lib/api'
import { formatBytes, formatNumber } from '../../../lib/format'
import { formatAgo, formatDateTime } from '../../../lib/time'
import { ConflictBanner, KeptBanner } from './draft-banners'
import { DeletedDraftMessage } from './deleted-draft'
import { SecretChoices } from './secret-choices'
import { deleteWords } from '../change-words'
import { relativePath } from '../memory-paths'
import { RenameDialog } from './rename-dialog'
import { ToSpaceDialog, useOtherSpaces } from './to-space-dialog'
import { useMemorySpace } from '../memory-space'
import type { Ask, FilePanelState } from './use-file-panel'

// The visible parts of a memory file's panel: its header, the messages above the text, and the
// dialogs its tools open.

const QUIET_TOOL = 'button button--quiet @max-xl:px-2.5'

/** The file's path and facts, its tools, and Save. */
export function FileHeader({ panel }: { panel: FilePanelState }) {
  const { entry, path, draft, file, now } = panel
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2.5">
      <div className="mr-auto flex min-w-56 flex-1 flex-col">
        <h2 className="truncate font-mono text-sm font-semibold">{path}</h2>
        <p className="text-xs text-muted">
          {draft.deleted ? (
            <span>Not on disk: only your unsaved draft is left</span>
          ) : (
            <FileFacts entry={entry} size={file?.size} now={now} />
          )}
        </p>
      </div>
      {draft.deleted ? null : (
        <FileTools entry={entry} onPin={panel.togglePin} onAsk={panel.setAsk} />
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={!draft.dirty || draft.saving || panel.comparing || panel.readOnly}
        onClick={() => void panel.save()}
      >
        {draft.saving ? <Spinner /> : <Save size={16} aria-hidden />}
        Save
      </button>
    </header>
  )
}

/** What the user should know about the text: an error, a deleted file, a conflict, a kept copy. */
export function FileMessages({ panel }: { panel: FilePanelState }) {
  const { path, drafts, draft, file, error, kept } = panel
  const { dirty, conflict } = draft
  return (
    <InMessageArea>
      {error ? (
        <Message
          tone="danger"
          role="alert"
          summary={`${error.message}${error.nextStep ? ` ${error.nextStep}` : ''}${dirty ? ' Your text is still here, not saved.' : ''}`}
          actions={
            error.code === 'MEMORY_SECRET' ? (
              <SecretChoices onSave={(choice) => void panel.save(choice)} />
            ) : undefined
          }
          onDismiss={panel.dismissError}
        />
      ) : null}
      {draft.deleted ? (
        <DeletedDraftMessage
          path={path}
          by={panel.deletedBy}
          onSave={() => void panel.save()}
          saving={draft.saving}
          onDiscard={panel.leave}
        />
      ) : null}
      {conflict && !panel.comparing ? (
        <ConflictBanner name={relativePath(path)} onCompare={() => panel.setComparing(true)} />
      ) : null}
      {kept && !conflict ? (
        <KeptBanner
          kept={kept}
          onCopy={() => panel.copy(kept.text)}
          onRestore={draft.restoreKept}
          onDismiss={() => drafts.dismissKept(path)}
        />
      ) : null}
      {file && panel.readOnly ? (
        <Message
          tone="info"
          role="note"
          summary={`This file is ${formatBytes(file.size)}, too large to edit here: showing its first ${formatBytes(new TextEncoder().encode(file.content).length)}, read-only. Split it into smaller files with another editor, or delete it.`}
          fold={{ key: path, chip: 'Read-only' }}
        />
      ) : null}
    </InMessageArea>
  )
}

/** Rename, Copy or move to another project, and Delete: each asks first. */
export function FileDialogs({ panel }: { panel: FilePanelState }) {
  const space = useMemorySpace()
  const { path, drafts, ask, setAsk } = panel
  return (
    <>
      <RenameDialog
        open={ask === 'rename'}
        path={path}
        onClose={() => setAsk(null)}
        onRenamed={(to) => {
          setAsk(null)
          drafts.move(path, to)
          panel.onMoved(to)
        }}
      />
      <ToSpaceDialog
        open={ask === 'to-space'}
        path={path}
        dirty={panel.draft.dirty}
        onClose={() => setAsk(null)}
        onDone={({ note: said, moved }) => {
          setAsk(null)
          panel.setNote(said)
          if (moved) panel.leave()
        }}
      />
      <Dialog
        open={ask === 'delete'}
        title={`Delete ${relativePath(path)}?`}
        confirmLabel="Delete"
        danger
        onClose={() => setAsk(null)}
        onConfirm={() =>
          void panel.act(() => call((api) => api.memory.delete({ space, path })), panel.leave)
        }
      >
        {deleteWords(panel.file?.size ?? 0)}
      </Dialog>
    </>
  )
}

/** Size, modified and read, each with its exact value on hover. */
function FileFacts({ entry, size, now }: { entry: MemoryEntry; size?: number; now: number }) {
  return (
    <>
      <span title={size !== undefined ? `${formatNumber(size)} bytes on disk now` : undefined}>
        {size !== undefined ? formatBytes(size) : '…'}
      </span>
      {entry.modified ? (
        <span title={formatDateTime(entry.modified)}>
          {' '}
          · modified {formatAgo(entry.modified, now)}
        </span>
      ) : null}
      {/* A read is said when there was one; with none, reads go unmentioned. */}
      {entry.read ? (
        <span title={formatDateTime(entry.read)}> · read {formatAgo(entry.read, now)}</span>
      ) : null}
    </>
  )
}

/**
 * Pin, Rename, Copy to (with projects) and Delete: in a narrow panel they show their icons only
 * (one header line).
 */
function FileTools({
  entry,
  onPin,
  onAsk
}: {
  entry: MemoryEntry
  onPin(): void
  onAsk(ask: Ask): void
}) {
  const hasOtherSpaces = useOtherSpaces().length > 0
  return (
    <>
      <button
        type="button"
        className={QUIET_TOOL}
        title={entry.pinned ? 'Unpin' : 'Pin'}
        onClick={onPin}
      >
        {entry.pinned ? <PinOff size={16} aria-hidden /> : <Pin size={16} aria-hidden />}
        <span className="@max-xl:sr-only">{entry.pinned ? 'Unpin' : 'Pin'}</span>
      </button>
      <button type="button" className={QUIET_TOOL} title="Rename" onClick={() => onAsk('rename')}>
        <Pencil size={16} aria-hidden />
        <span className="@max-xl:sr-only">Rename</span>
      </button>
      {hasOtherSpaces ? (
        <button
          type="button"
          className={QUIET_TOOL}
          title="Copy or move to another project"
          onClick={() => onAsk('to-space')}
        >
          <FolderInput size={16} aria-hidden />
          <span className="@max-xl:sr-only">Copy to…</span>
        </button>
      ) : null}
      <button
        type="button"
        className={`${QUIET_TOOL} button--danger`}
        title="Delete"
        onClick={() => onAsk('delete')}
      >
        <Trash2 size={16} aria-hidden />
        <span className="@max-xl:sr-only">Delete</span>
      </button>
    </>
  )
}
