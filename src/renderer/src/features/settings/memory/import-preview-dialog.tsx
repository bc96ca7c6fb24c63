import { useEffect, useId, useRef, useState } from 'react'
import type {
  BackupProgress,
  ImportPreview,
  ImportPreviewItem,
  ImportSettings
} from '@shared/memory/backup'
import { formatBytes, formatNumber } from '../../../lib/format'
import { BackupProgressBar } from './backup-progress'

interface Props {
  preview: ImportPreview | null
  busy: boolean
  /** How far the import has got, while it runs (the dialog stays open over the card till then). */
  progress: BackupProgress | null
  onConfirm(applySettings: boolean): void
  onClose(): void
}

const name = (path: string): string => path.replace(/^\/memories\//, '')

/**
 * What an import would change, before anything is written: new, changed and same files by name,
 * the ones refused and why, and the archive's settings offered behind a checkbox (off by default).
 */
export function ImportPreviewDialog({ preview, busy, progress, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [applySettings, setApplySettings] = useState(false)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (preview && !dialog.open) {
      setApplySettings(false)
      dialog.showModal()
    } else if (!preview && dialog.open) dialog.close()
  }, [preview])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="import-preview"
      className="m-auto w-[min(600px,92vw)] rounded-card border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      {preview ? (
        // Not a <form>: this card sits inside the settings form, and forms do not nest.
        <div className="flex max-h-[85vh] flex-col gap-3 p-5">
          <h2 id={titleId} className="text-base font-semibold">
            Import {preview.name}?
          </h2>
          <p className="text-sm text-muted">
            Exported {new Date(preview.createdAt).toLocaleString()}.{' '}
            <span data-testid="import-counts">
              {formatNumber(preview.counts.new)} new · {formatNumber(preview.counts.changed)}{' '}
              changed · {formatNumber(preview.counts.same)} same
              {preview.counts.refused ? ` · ${formatNumber(preview.counts.refused)} refused` : ''}
            </span>
          </p>
          <PreviewFiles items={preview.items} />
          {preview.historyVersions ? (
            <p className="text-sm">
              Adds {preview.historyVersions} earlier{' '}
              {preview.historyVersions === 1 ? 'version' : 'versions'} to history.
            </p>
          ) : null}
          <SettingsChoice preview={preview} checked={applySettings} onChange={setApplySettings} />
          <p className="text-sm text-muted">Memory → Activity can undo the whole import at once.</p>
          {progress ? <BackupProgressBar progress={progress} /> : null}
          <ImportActions
            writes={preview.counts.new + preview.counts.changed}
            applySettings={applySettings}
            busy={busy}
            onCancel={onClose}
            onConfirm={() => onConfirm(applySettings)}
          />
        </div>
      ) : null}
    </dialog>
  )
}

/** The archive's files by what importing does to each: new, changed, refused, and the same. */
function PreviewFiles({ items }: { items: ImportPreviewItem[] }) {
  const group = (status: ImportPreviewItem['status']) =>
    items.filter((item) => item.status === status)
  return (
    <div className="min-h-0 overflow-auto text-sm">
      <FileGroup title="New" items={group('new')} />
      <FileGroup
        title="Changed"
        note="Each becomes a new version; history keeps what you have now."
        items={group('changed')}
      />
      <FileGroup title="Refused" items={group('refused')} />
      {group('same').length ? (
        <details className="mt-2">
          <summary className="cursor-pointer">
            Same as yours ({group('same').length}): nothing to do
          </summary>
          <FileList items={group('same')} />
        </details>
      ) : null}
    </div>
  )
}

/** The archive's settings, offered behind a checkbox when they differ from the user's. */
function SettingsChoice({
  preview,
  checked,
  onChange
}: {
  preview: ImportPreview
  checked: boolean
  onChange(checked: boolean): void
}) {
  if (!preview.settingsDiffer) {
    return <p className="text-sm text-muted">The archive&apos;s settings match yours.</p>
  }
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        Also use the archive&apos;s settings for caps, expiry and pins
        <span className="block text-muted">{settingsWords(preview.settings)}</span>
      </span>
    </label>
  )
}

/** Cancel, and the import button named by what it will do (or that there is nothing to do). */
function ImportActions({
  writes,
  applySettings,
  busy,
  onCancel,
  onConfirm
}: {
  /** Files the import writes: the new and the changed. */
  writes: number
  applySettings: boolean
  busy: boolean
  onCancel(): void
  onConfirm(): void
}) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="button"
        className="button button--primary"
        autoFocus
        onClick={onConfirm}
        disabled={busy || (writes === 0 && !applySettings)}
      >
        {busy
          ? 'Importing…'
          : writes
            ? `Import ${formatNumber(writes)} ${writes === 1 ? 'file' : 'files'}`
            : applySettings
              ? 'Use these settings'
              : 'Nothing to import'}
      </button>
    </div>
  )
}

function FileGroup({
  title,
  note,
  items
}: {
  title: string
  note?: string
  items: ImportPreviewItem[]
}) {
  if (!items.length) return null
  return (
    <section className="mt-2" aria-label={`${title} files`}>
      <h3 className="font-medium">
        {title} ({formatNumber(items.length)})
      </h3>
      {note ? <p className="text-muted">{note}</p> : null}
      <FileList items={items} />
    </section>
  )
}

function FileList({ items }: { items: ImportPreviewItem[] }) {
  return (
    <ul className="ml-4 list-disc">
      {items.map((item) => (
        <li key={item.path}>
          <code>{name(item.path)}</code>{' '}
          <span className="text-muted">{formatBytes(item.size)}</span>
          {item.reason ? <span className="text-danger">: {item.reason}</span> : null}
        </li>
      ))}
    </ul>
  )
}

function settingsWords(settings: ImportSettings): string {
  const { memory, expiry } = settings
  const expires =
    expiry.mode === 'off'
      ? 'nothing expires'
      : `${expiry.action} after ${expiry.days} days ${expiry.mode === 'idle' ? 'unused' : 'old'}`
  const pins = expiry.pinned.length ? `pinned: ${expiry.pinned.join(', ')}` : 'no pins'
  return `Files up to ${formatBytes(memory.maxFileBytes)} each, ${formatBytes(memory.maxTotalBytes)} and ${formatNumber(memory.maxFiles)} files in all; ${expires}; ${pins}.`
}
