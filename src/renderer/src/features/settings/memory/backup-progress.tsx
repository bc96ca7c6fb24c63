import type { BackupProgress } from '@shared/memory/backup'
import { formatNumber } from '../../../lib/format'

/** What a progress event says in words: an export counts files and their histories. */
export function progressWords({ phase, done, total }: BackupProgress): string {
  const n = `${formatNumber(done)} of ${formatNumber(total)}`
  return phase === 'import' ? `Importing ${n} files…` : `Exporting ${n} files and histories…`
}

/**
 * How far an export or an import has got: one bar for both (the card shows the export's, the
 * import dialog the import's). The words are a polite live region, so a screen reader hears the
 * count without moving focus; main sends at most about a hundred updates.
 */
export function BackupProgressBar({ progress }: { progress: BackupProgress }) {
  const max = Math.max(progress.total, 1)
  const words = progressWords(progress)
  return (
    <div className="flex items-center gap-2 text-sm" data-testid={`${progress.phase}-progress`}>
      <progress
        className="progress-bar w-40 shrink-0"
        value={progress.done}
        max={max}
        // Spelled out as well as native: some screen readers read a bare <progress> as a percent only.
        aria-valuenow={progress.done}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuetext={words}
        aria-label={progress.phase === 'import' ? 'Import progress' : 'Export progress'}
      />
      <span role="status" aria-live="polite">
        {words}
      </span>
    </div>
  )
}
