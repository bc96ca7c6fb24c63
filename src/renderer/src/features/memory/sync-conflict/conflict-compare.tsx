import { Check, Copy, HardDrive, TriangleAlert, X } from 'lucide-react'
import { Spinner } from '../../../components/icons'
import { relativePath } from '../memory-paths'
import { useMergeView } from './merge-view'

export interface Props {
  path: string
  /** The file as it is on disk now; the left side follows it live. */
  disk: string
  /** The user's text; the right side starts from it and can be edited to merge by hand. */
  mine: string
  busy: boolean
  onMineChange(text: string): void
  onKeepMine(text: string): void
  onTakeDisk(): void
  onCopyMine(text: string): void
  onClose(): void
}

/**
 * A real conflict: the disk (left, read-only) against the user's text (right, editable). Arrows
 * copy one change from the disk into the right side; "Keep mine" saves the right side as it is.
 */
export function ConflictCompare(props: Props) {
  const { path, disk, mine, onMineChange } = props
  const { host, chunks, mineNow } = useMergeView({ path, disk, mine, onMineChange })
  const name = relativePath(path)
  return (
    <section aria-label={`Compare ${name}`} className="flex h-full min-h-0 flex-col bg-surface">
      <ConflictBar {...props} name={name} mineNow={mineNow} />
      <SideLabels chunks={chunks} />
      <div ref={host} className="min-h-0 flex-1 overflow-hidden" />
    </section>
  )
}

/** What happened, that nothing is lost, and the ways out: copy, take the disk's, keep mine. */
function ConflictBar({
  name,
  busy,
  mineNow,
  onCopyMine,
  onTakeDisk,
  onKeepMine,
  onClose
}: Props & { name: string; mineNow(): string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-warning-line bg-warning-soft px-4 py-2.5 text-sm"
    >
      <TriangleAlert size={18} aria-hidden className="shrink-0 text-warning" />
      <div className="mr-auto min-w-64 flex-1">
        <p className="font-medium text-fg">{name} changed on disk while you were editing.</p>
        <p className="text-xs text-muted">
          Nothing is lost: edit the right side to merge by hand (⇨ copies a change from the disk),
          then keep it. Whichever you choose, the other version stays in history.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => onCopyMine(mineNow())}
        >
          <Copy size={16} aria-hidden />
          Copy my version
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onTakeDisk()}>
          <HardDrive size={16} aria-hidden />
          Take the disk&rsquo;s
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => onKeepMine(mineNow())}
        >
          {busy ? <Spinner /> : <Check size={16} aria-hidden />}
          Keep mine
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label="Close the compare (your text stays as unsaved edits)"
          title="Close the compare (your text stays as unsaved edits)"
          onClick={onClose}
        >
          <X size={16} aria-hidden />
        </button>
      </div>
    </div>
  )
}

/** Which side is which, and how many differences are left. */
function SideLabels({ chunks }: { chunks: number | null }) {
  return (
    <div className="grid grid-cols-2 border-b border-line bg-sunken text-xs font-medium text-muted">
      <p className="flex items-center gap-2 px-4 py-1.5">
        <span className="size-2 rounded-full bg-warning" aria-hidden />
        On disk now <span className="font-normal">(read-only)</span>
      </p>
      <p className="flex items-center gap-2 border-l border-line px-4 py-1.5">
        <span className="size-2 rounded-full bg-success" aria-hidden />
        Yours <span className="font-normal">(editable)</span>
        <span className="ml-auto font-normal" aria-live="polite">
          {chunks === null
            ? ''
            : chunks === 0
              ? 'No differences left'
              : `${chunks} ${chunks === 1 ? 'difference' : 'differences'}`}
        </span>
      </p>
    </div>
  )
}
