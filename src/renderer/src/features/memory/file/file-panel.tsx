import { useRef, useState } from 'react'
import { FolderInput, Pencil, Pin, PinOff, Save, Trash2 } from 'lucide-react'
import type { MemoryEntry, UserSecretsChoice } from '@shared/memory/memory'
import { Dialog } from '../../../components/dialog'
import { Message } from '../../../components/messages/message'
import { InMessageArea } from '../../../components/messages/message-area'
import type { EditorController } from '../../../components/code-editor'
import { Spinner } from '../../../components/icons'
import { call } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import { toShownError, type ShownError } from '../../../lib/errors'
import { formatBytes, formatNumber } from '../../../lib/format'
import { formatAgo, formatDateTime } from '../../../lib/time'
import { useNow } from '../../../lib/hooks/use-now'
import { CodeEditor, ConflictCompare } from '../lazy-editors'
import { ConflictBanner, KeptBanner } from './draft-banners'
import { DeletedDraftMessage } from './deleted-draft'
import { SecretChoices } from './secret-choices'
import { deleteWords } from '../change-words'
import { useDeletedBy, useKeptCopy, type DraftStore } from './draft-store'
import { exactPattern, relativePath } from '../memory-paths'
import { RenameDialog } from './rename-dialog'
import { ToSpaceDialog, useOtherSpaces } from './to-space-dialog'
import { useFileDraft } from './use-file-draft'
import { useMemorySpace } from '../memory-space'

interface Props {
  entry: MemoryEntry
  /** Bumps when the folder changed: the file is re-read and compared with the editor's base. */
  /** Unsaved edits per file, kept by the memory view across file and pane switches. */
  drafts: DraftStore
  pinnedPatterns: readonly string[]
  /** Saves the space's pins (Settings for "No project", a project's own settings otherwise). */
  savePins(next: string[]): Promise<void>
  onMoved(to: string | null): void
}

type Ask = 'rename' | 'delete' | 'to-space' | null

const QUIET_TOOL = 'button button--quiet @max-xl:px-2.5'

/** One memory file: its text in an editor, saved through the engine with a conflict check. */
export function FilePanel({ entry, drafts, pinnedPatterns, savePins, onMoved }: Props) {
  const space = useMemorySpace()
  const path = entry.path
  const controller = useRef<EditorController | null>(null)
  const draft = useFileDraft(path, drafts, controller)
  const { disk: file, dirty, conflict, saving, deleted } = draft
  const deletedBy = useDeletedBy(drafts, path)
  const [ask, setAsk] = useState<Ask>(null)
  const [comparing, setComparing] = useState(false)
  const [note, setNote] = useState('')
  const [actError, setError] = useState<ShownError | null>(null)
  const error = actError ?? draft.error
  const kept = useKeptCopy(drafts, path)
  const now = useNow(30_000)
  const status = note || draft.status
  // Only the first part of a huge file: shown read-only, so it can never be saved over the file.
  const readOnly = file?.truncated === true

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

  /** Lets the draft of a deleted file go (its set-aside copy too: nothing is left to show it). */
  const discard = () => {
    drafts.drop(path)
    drafts.dismissKept(path)
    onMoved(null)
  }
  return (
    <div className="@container flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2.5">
        <div className="mr-auto flex min-w-56 flex-1 flex-col">
          <h2 className="truncate font-mono text-sm font-semibold">{path}</h2>
          <p className="text-xs text-muted">
            {deleted ? (
              <span>Not on disk: only your unsaved draft is left</span>
            ) : (
              <FileFacts entry={entry} size={file?.size} now={now} />
            )}
          </p>
        </div>
        {deleted ? null : <FileTools entry={entry} onPin={togglePin} onAsk={setAsk} />}
        <button
          type="button"
          className="button button--primary"
          disabled={!dirty || saving || comparing || readOnly}
          onClick={() => void save()}
        >
          {saving ? <Spinner /> : <Save size={16} aria-hidden />}
          Save
        </button>
      </header>
      <InMessageArea>
        {error ? (
          <Message
            tone="danger"
            role="alert"
            summary={`${error.message}${error.nextStep ? ` ${error.nextStep}` : ''}${dirty ? ' Your text is still here, not saved.' : ''}`}
            actions={
              error.code === 'MEMORY_SECRET' ? (
                <SecretChoices onSave={(choice) => void save(choice)} />
              ) : undefined
            }
            onDismiss={() => {
              setError(null)
              draft.dismissError()
            }}
          />
        ) : null}
        {deleted ? (
          <DeletedDraftMessage
            path={path}
            by={deletedBy}
            onSave={() => void save()}
            saving={saving}
            onDiscard={discard}
          />
        ) : null}
        {conflict && !comparing ? (
          <ConflictBanner name={relativePath(path)} onCompare={() => setComparing(true)} />
        ) : null}
        {kept && !conflict ? (
          <KeptBanner
            kept={kept}
            onCopy={() => copy(kept.text)}
            onRestore={draft.restoreKept}
            onDismiss={() => drafts.dismissKept(path)}
          />
        ) : null}
        {file && readOnly ? (
          <Message
            tone="info"
            role="note"
            summary={`This file is ${formatBytes(file.size)}, too large to edit here: showing its first ${formatBytes(new TextEncoder().encode(file.content).length)}, read-only. Split it into smaller files with another editor, or delete it.`}
            fold={{ key: path, chip: 'Read-only' }}
          />
        ) : null}
      </InMessageArea>
      <p role="status" className="sr-only">
        {status}
      </p>
      <div className="min-h-0 flex-1">
        {comparing && file && draft.text !== null ? (
          <ConflictCompare
            path={path}
            disk={file.content}
            mine={draft.text}
            busy={saving}
            onMineChange={draft.onEdit}
            onKeepMine={(text) => void keepMine(text)}
            onTakeDisk={() => {
              draft.takeDisk()
              setComparing(false)
            }}
            onCopyMine={copy}
            onClose={() => setComparing(false)}
          />
        ) : draft.initialText !== null ? (
          <CodeEditor
            key={path}
            docKey={`${path}#${draft.docKey}`}
            initial={draft.initialText}
            label={`Contents of ${path}`}
            startSpot={drafts.spot(path)}
            controllerRef={controller}
            onChange={draft.onEdit}
            onSave={() => void save()}
            readOnly={readOnly}
            onLeave={(spot) => drafts.setSpot(path, spot)}
          />
        ) : null}
      </div>
      <footer className="border-t border-line px-4 py-1.5 text-xs text-muted" aria-hidden="true">
        {readOnly
          ? 'Read-only: first part of a file too large to edit'
          : deleted
            ? 'Not on disk · Save puts your draft back as the file'
            : conflict
              ? 'Unsaved changes · the file changed on disk: compare before saving'
              : dirty
                ? 'Unsaved changes · kept when you switch files · Ctrl/Cmd+S to save'
                : status || 'Saved on disk'}
      </footer>
      <RenameDialog
        open={ask === 'rename'}
        path={path}
        onClose={() => setAsk(null)}
        onRenamed={(to) => {
          setAsk(null)
          drafts.move(path, to)
          onMoved(to)
        }}
      />
      <ToSpaceDialog
        open={ask === 'to-space'}
        path={path}
        dirty={dirty}
        onClose={() => setAsk(null)}
        onDone={({ note: said, moved }) => {
          setAsk(null)
          setNote(said)
          if (!moved) return
          drafts.drop(path)
          drafts.dismissKept(path)
          onMoved(null)
        }}
      />
      <Dialog
        open={ask === 'delete'}
        title={`Delete ${relativePath(path)}?`}
        confirmLabel="Delete"
        danger
        onClose={() => setAsk(null)}
        onConfirm={() =>
          void act(
            () => call((api) => api.memory.delete({ space, path })),
            () => {
              drafts.drop(path)
              drafts.dismissKept(path)
              onMoved(null)
            }
          )
        }
      >
        {deleteWords(file?.size ?? 0)}
      </Dialog>
    </div>
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
