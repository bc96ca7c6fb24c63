import { Columns2, Copy, History, TriangleAlert, Undo2, X } from 'lucide-react'
import { formatAgo } from '../../../lib/time'
import type { KeptCopy } from './draft-store'

/** The disk moved on under unsaved edits: say so calmly and offer the compare; nothing is lost. */
export function ConflictBanner({ name, onCompare }: { name: string; onCompare(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-warning-line bg-warning-soft px-4 py-2 text-sm"
    >
      <TriangleAlert size={16} aria-hidden className="shrink-0 text-warning" />
      <span className="min-w-48 flex-1">
        <span className="font-medium">{name} changed on disk since you started editing.</span>{' '}
        <span className="text-muted">Your text is kept. Compare the two before saving.</span>
      </span>
      <button type="button" className="button" onClick={onCompare}>
        <Columns2 size={16} aria-hidden />
        Compare
      </button>
    </div>
  )
}

interface KeptProps {
  kept: KeptCopy
  onCopy(): void
  onRestore(): void
  onDismiss(): void
}

/** After "Take the disk's": the user's text, one click away until they let it go. */
export function KeptBanner({ kept, onCopy, onRestore, onDismiss }: KeptProps) {
  const lines = kept.text.split('\n').length
  return (
    <div
      role="region"
      aria-label="Your set-aside version"
      className="flex flex-wrap items-center gap-3 border-b border-line bg-sunken px-4 py-2 text-sm"
    >
      <History size={16} aria-hidden className="shrink-0 text-muted" />
      <span className="min-w-48 flex-1 text-muted">
        You took the disk&rsquo;s version {formatAgo(kept.at)}. Your version ({lines}{' '}
        {lines === 1 ? 'line' : 'lines'}) is kept here until you dismiss it.
      </span>
      <button type="button" className="button button--quiet" onClick={onCopy}>
        <Copy size={16} aria-hidden />
        Copy my version
      </button>
      <button type="button" className="button button--quiet" onClick={onRestore}>
        <Undo2 size={16} aria-hidden />
        Put mine back
      </button>
      <button
        type="button"
        className="button button--quiet"
        aria-label="Dismiss your set-aside version"
        title="Dismiss your set-aside version"
        onClick={onDismiss}
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  )
}
