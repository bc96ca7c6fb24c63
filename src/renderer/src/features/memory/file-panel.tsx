import { useCallback, useEffect, useRef, useState } from 'react'
import { Pencil, Pin, PinOff, Save, Trash2 } from 'lucide-react'
import type { MemoryEntry, MemoryFile } from '@shared/memory'
import { Dialog } from '../../components/dialog'
import { CodeEditor } from '../../components/code-editor'
import { Spinner } from '../../components/icons'
import { call } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'
import { formatBytes } from '../../lib/format'
import { formatAgo, formatDateTime } from '../../lib/time'
import { exactPattern, relativePath, toMemoryPath } from './memory-paths'

interface Props {
  entry: MemoryEntry
  /** Bumps when the folder changed: a clean editor re-reads, a dirty one is warned. */
  version: number
  pinnedPatterns: readonly string[]
  onMoved(to: string | null): void
}

type Ask = 'rename' | 'delete' | null

/** One memory file: its text in an editor, saved through the engine with a conflict check. */
export function FilePanel({ entry, version, pinnedPatterns, onMoved }: Props) {
  const path = entry.path
  const [file, setFile] = useState<MemoryFile | null>(null)
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const [status, setStatus] = useState<string>('')
  const [saving, setSaving] = useState(false)
  const [ask, setAsk] = useState<Ask>(null)
  const [docKey, setDocKey] = useState(0)
  // Only the first part of a huge file: shown read-only, so it can never be saved over the file.
  const readOnly = file?.truncated === true
  const dirty = draft !== null && file !== null && !readOnly && draft !== file.content
  // A refused save (over a cap, or too long to send) keeps the text; reloading would throw it away.
  const refusedText = error?.code === 'MEMORY_CAP' || error?.code === 'BAD_INPUT'

  const load = useCallback(() => {
    call((api) => api.memory.read({ path })).then(
      (next) => {
        setFile(next)
        setDraft(null)
        setDocKey((n) => n + 1)
        setError(null)
      },
      (failure: unknown) => setError(toShownError(failure))
    )
  }, [path])

  useEffect(() => load(), [load])

  // Someone else changed the folder: follow along unless the user has unsaved edits here.
  const [seenVersion, setSeenVersion] = useState(version)
  const [staleOnDisk, setStaleOnDisk] = useState(false)
  if (version !== seenVersion) {
    setSeenVersion(version)
    if (dirty) setStaleOnDisk(true)
  }
  const firstVersion = useRef(version)
  useEffect(() => {
    if (version !== firstVersion.current && !dirty) load()
    // Only a new version should trigger this re-read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version])

  async function save(): Promise<void> {
    if (!file || draft === null || !dirty) return
    setSaving(true)
    try {
      await call((api) => api.memory.write({ path, content: draft, expectedHash: file.hash }))
      setStatus('Saved.')
      setStaleOnDisk(false)
      const next = await call((api) => api.memory.read({ path }))
      setFile(next)
      setDraft(null)
      setError(null)
    } catch (failure) {
      setError(toShownError(failure))
    } finally {
      setSaving(false)
    }
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
      () => call((api) => api.settings.update({ expiry: { pinned: next } })),
      () => setStatus(entry.pinned ? 'Unpinned.' : 'Pinned: it never expires.')
    )
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2.5">
        <div className="mr-auto flex min-w-56 flex-1 flex-col">
          <h2 className="truncate font-mono text-sm font-semibold">{path}</h2>
          <p className="text-xs text-muted">
            {file ? formatBytes(file.size) : '…'}
            {entry.modified ? (
              <span title={formatDateTime(entry.modified)}>
                {' '}
                · modified {formatAgo(entry.modified)}
              </span>
            ) : null}
            {entry.read ? (
              <span title={formatDateTime(entry.read)}> · read {formatAgo(entry.read)}</span>
            ) : entry.modified ? (
              <span> · no read recorded</span>
            ) : null}
          </p>
        </div>
        <button type="button" className="button button--quiet" onClick={togglePin}>
          {entry.pinned ? <PinOff size={16} aria-hidden /> : <Pin size={16} aria-hidden />}
          {entry.pinned ? 'Unpin' : 'Pin'}
        </button>
        <button type="button" className="button button--quiet" onClick={() => setAsk('rename')}>
          <Pencil size={16} aria-hidden />
          Rename
        </button>
        <button
          type="button"
          className="button button--quiet button--danger"
          onClick={() => setAsk('delete')}
        >
          <Trash2 size={16} aria-hidden />
          Delete
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!dirty || saving}
          onClick={() => void save()}
        >
          {saving ? <Spinner /> : <Save size={16} aria-hidden />}
          Save
        </button>
      </header>
      {error || staleOnDisk ? (
        <div
          role="alert"
          className="flex items-center gap-3 bg-danger-soft px-4 py-2 text-sm text-danger"
        >
          <span className="mr-auto">
            {error ? `${error.message}${error.nextStep ? ` ${error.nextStep}` : ''}` : null}
            {!error && staleOnDisk ? 'This file changed on disk while you were editing.' : null}
            {refusedText && dirty ? ' Your text is still here, unsaved.' : null}
          </span>
          {refusedText && !staleOnDisk ? null : (
            <button type="button" className="button" onClick={load}>
              Reload from disk
            </button>
          )}
        </div>
      ) : null}
      {file && readOnly ? (
        <p role="note" className="border-b border-line px-4 py-2 text-sm text-muted">
          This file is {formatBytes(file.size)}, too large to edit here: showing its first{' '}
          {formatBytes(new TextEncoder().encode(file.content).length)}, read-only. Split it into
          smaller files with another editor, or delete it.
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {status}
      </p>
      <div className="min-h-0 flex-1">
        {file ? (
          <CodeEditor
            key={path}
            docKey={`${path}#${docKey}`}
            initial={file.content}
            label={`Contents of ${path}`}
            onChange={setDraft}
            onSave={() => void save()}
            readOnly={readOnly}
          />
        ) : null}
      </div>
      <footer className="border-t border-line px-4 py-1.5 text-xs text-muted" aria-hidden="true">
        {readOnly
          ? 'Read-only: first part of a file too large to edit'
          : dirty
            ? 'Unsaved changes · Ctrl/Cmd+S to save'
            : status || 'Saved on disk'}
      </footer>
      <Dialog
        open={ask === 'rename'}
        title="Rename file"
        confirmLabel="Rename"
        field={{ label: 'New path', initial: relativePath(path) }}
        onClose={() => setAsk(null)}
        onConfirm={(typed) => {
          const to = toMemoryPath(typed)
          void act(
            () => call((api) => api.memory.rename({ from: path, to })),
            () => onMoved(to)
          )
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
            () => call((api) => api.memory.delete({ path })),
            () => onMoved(null)
          )
        }
      >
        Claude will no longer remember what it holds. This cannot be undone from Cairn.
      </Dialog>
    </div>
  )
}
