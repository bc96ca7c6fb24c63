import { useEffect, useState } from 'react'
import type { BackupProgress, ImportPreview, ImportResult } from '@shared/memory/backup'
import type { SpaceId } from '@shared/memory/spaces'
import { Card } from '../../../components/card'
import { call, onEvent } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { formatBytes, formatNumber } from '../../../lib/format'
import { BackupProgressBar } from './backup-progress'
import { ImportPreviewDialog } from './import-preview-dialog'

type Done =
  | {
      kind: 'exported'
      name: string
      files: number
      versions: number
      bytes: number
      skipped: Skip[]
    }
  | { kind: 'imported'; result: ImportResult }
type Skip = { path: string; reason: string }

const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path
const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`

/**
 * Settings → Sync and backups → Export and import: one archive with the memory folder, its
 * history and the settings for caps, expiry and pins; an import previews what would change.
 * With a project's `space` (Memory → Settings in that project), its memory and its own settings.
 */
export function BackupCard({ space }: { space?: SpaceId } = {}) {
  const of = space ? { space } : undefined
  const [progress, setProgress] = useState<BackupProgress | null>(null)
  const [busy, setBusy] = useState<'export' | 'preview' | 'import' | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [done, setDone] = useState<Done | null>(null)
  const [problem, setProblem] = useState<ShownError | null>(null)

  useEffect(() => onEvent('backup:progress', setProgress), [])
  // Only the running operation's own events: a late export event never shows during an import.
  const shown = (phase: BackupProgress['phase']) =>
    busy === phase && progress?.phase === phase ? progress : null
  const exporting = shown('export')
  // The import's bar is in its dialog; should the dialog be closed (Escape) mid-import, the card's.
  const running = exporting ?? (preview ? null : shown('import'))

  const start = (what: 'export' | 'preview' | 'import') => {
    setBusy(what)
    setProblem(null)
    setDone(null)
    setProgress(null)
  }
  const fail = (failure: unknown) => setProblem(toShownError(failure))

  const exportNow = () => {
    start('export')
    call((api) => api.backup.export(of))
      .then((saved) => {
        if (saved.status === 'saved')
          setDone({ kind: 'exported', ...saved, name: baseName(saved.path) })
      }, fail)
      .finally(() => setBusy(null))
  }
  const chooseImport = () => {
    start('preview')
    call((api) => api.backup.importPreview(of))
      .then(setPreview, fail)
      .finally(() => setBusy(null))
  }
  const confirmImport = (applySettings: boolean) => {
    if (!preview) return
    start('import')
    call((api) => api.backup.import({ ...of, token: preview.token, applySettings }))
      .then(
        (result) => {
          setPreview(null)
          setDone({ kind: 'imported', result })
        },
        (failure: unknown) => {
          setPreview(null)
          fail(failure)
        }
      )
      .finally(() => setBusy(null))
  }

  return (
    <Card
      title="Export and import"
      description={
        space
          ? 'One file with this project’s memory, its history and the settings it runs with: keep it as a backup, or import it into a project on another computer.'
          : 'One file with your memory folder, its history and the settings for caps, expiry and pins: keep it as a backup, or import it on another computer.'
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="button" disabled={busy !== null} onClick={exportNow}>
          {busy === 'export' ? 'Exporting…' : 'Export memory…'}
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={chooseImport}>
          {busy === 'preview' ? 'Reading the file…' : 'Import…'}
        </button>
      </div>
      {running ? (
        <div className="mt-2">
          <BackupProgressBar progress={running} />
        </div>
      ) : null}
      {done?.kind === 'exported' ? (
        <div role="status" className="mt-2 text-sm" data-testid="backup-status">
          <p>
            Saved {done.name}: {plural(done.files, 'file')} and{' '}
            {plural(done.versions, 'earlier version')}, {formatBytes(done.bytes)}.
          </p>
          <Skipped items={done.skipped} what="Not exported" />
        </div>
      ) : null}
      {done?.kind === 'imported' ? <Imported result={done.result} /> : null}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem.message}
          {problem.nextStep ? ` ${problem.nextStep}` : ''}
        </p>
      ) : null}
      <ImportPreviewDialog
        preview={preview}
        busy={busy === 'import'}
        progress={shown('import')}
        onConfirm={confirmImport}
        onClose={() => setPreview(null)}
      />
    </Card>
  )
}

function Imported({ result }: { result: ImportResult }) {
  const n = result.imported.length
  return (
    <div role="status" className="mt-2 text-sm" data-testid="backup-status">
      <p>
        {n ? `Imported ${plural(n, 'file')}.` : 'No files were imported.'}
        {result.historyVersions
          ? ` ${plural(result.historyVersions, 'earlier version')} added to history.`
          : ''}
        {result.settingsApplied ? ' The archive’s settings are in use.' : ''}
        {result.seq !== null ? ' Memory → Activity can undo the import.' : ''}
      </p>
      <Skipped items={result.skipped} what="Not imported" />
    </div>
  )
}

function Skipped({ items, what }: { items: Skip[]; what: string }) {
  if (!items.length) return null
  return (
    <ul className="mt-1" aria-label={what}>
      {items.map((item) => (
        <li key={item.path}>
          {what}: <code>{item.path.replace(/^\/memories\//, '')}</code> ({item.reason})
        </li>
      ))}
    </ul>
  )
}
