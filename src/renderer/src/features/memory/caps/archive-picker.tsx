import { useEffect, useId, useState } from 'react'
import { Archive } from 'lucide-react'
import type { ArchiveCandidate, CapImpact } from '@shared/memory/caps'
import type { SpaceId } from '@shared/memory/spaces'
import { ChoiceGroup } from '../../../components/choice-group'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { formatBytes, formatNumber, plural } from '../../../lib/format'
import { formatAgo } from '../../../lib/time'
import { afterArchive, allCandidates, preselect, type RoomOrder } from './make-room'
import { useFolderChanges } from '../memory-changes'
import { useMemorySpace } from '../memory-space'

const ORDERS = [
  { value: 'oldest', label: 'Least recently used' },
  { value: 'largest', label: 'Largest' }
] as const

/** The files to archive, in the chosen order, with checkboxes, sizes and when each was last used. */
export function ArchivePicker({ onArchived }: { onArchived(message: string): void }) {
  const space = useMemorySpace()
  const choice = useArchiveChoice(space)
  const run = useArchiveRun(space, onArchived, choice.setError)
  const listId = useId()
  const { impact, order, chosen, error } = choice
  if (!impact) {
    return error ? (
      <p role="alert" className="text-danger">
        {error.message}
      </p>
    ) : (
      <p className="text-muted">Loading files…</p>
    )
  }
  const list = impact[order]
  const after = afterArchive(impact, allCandidates(impact), chosen)
  return (
    <div className="flex flex-col gap-2 rounded-control border border-line bg-surface p-3">
      <ChoiceGroup
        legend="Offer first"
        name="archive-order"
        layout="segmented"
        value={order}
        choices={ORDERS}
        onChange={choice.reorder}
      />
      {impact.files > list.length ? (
        <p className="text-xs text-muted">
          Showing the first {formatNumber(list.length)} of {plural(impact.files, 'file')}.
        </p>
      ) : null}
      <ul
        id={listId}
        aria-label="Files to archive"
        className="flex max-h-56 flex-col overflow-y-auto rounded-control border border-line"
      >
        {list.map((candidate) => (
          <CandidateRow
            key={candidate.path}
            candidate={candidate}
            checked={chosen.has(candidate.path)}
            onToggle={() => choice.toggle(candidate.path)}
            loadedAt={choice.loadedAt}
          />
        ))}
      </ul>
      <p aria-live="polite">
        {chosen.size === 0
          ? 'No files chosen.'
          : `${plural(chosen.size, 'file')} chosen, ${formatBytes(after.freed)}. Afterwards memory holds ${plural(after.files, 'file')}, ${formatBytes(after.totalBytes)}: ${after.clear ? 'under every cap.' : 'still over a cap.'}`}
      </p>
      {error ? (
        <p role="alert" className="text-danger">
          {error.message} {error.nextStep ?? ''}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="button button--primary"
          disabled={run.busy || chosen.size === 0}
          aria-controls={listId}
          onClick={() => void run.archive(chosen)}
        >
          <Archive size={16} aria-hidden />
          Archive {plural(chosen.size, 'file')}
        </button>
      </div>
    </div>
  )
}

/**
 * What could make room, read again whenever files are added, changed or gone, and which of it
 * the user chose (a new order or a new read picks again from the start). The error is the one
 * place for what went wrong: reading the files or archiving them.
 */
function useArchiveChoice(space: SpaceId) {
  const [error, setError] = useState<ShownError | null>(null)
  const [impact, setImpact] = useState<CapImpact | null>(null)
  const [loadedAt, setLoadedAt] = useState(0)
  const [order, setOrder] = useState<RoomOrder>('oldest')
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  /** Files added, changed or gone change what could make room. */
  const changes = useFolderChanges()

  useEffect(() => {
    let live = true
    call((api) => api.memory.capImpact({ space })).then(
      (value) => {
        if (!live) return
        setImpact(value)
        setLoadedAt(Date.now())
        setChosen(preselect(value, 'oldest'))
        setOrder('oldest')
      },
      (failure: unknown) => live && setError(toShownError(failure))
    )
    return () => {
      live = false
    }
  }, [space, changes])

  return {
    impact,
    loadedAt,
    order,
    chosen,
    error,
    setError,
    reorder(value: RoomOrder) {
      setOrder(value)
      if (impact) setChosen(preselect(impact, value))
    },
    toggle(path: string) {
      setChosen((current) => {
        const next = new Set(current)
        if (!next.delete(path)) next.add(path)
        return next
      })
    }
  }
}

/** Archives the chosen files (one run at a time), and says where to undo it. */
function useArchiveRun(
  space: SpaceId,
  onArchived: (message: string) => void,
  setError: (error: ShownError | null) => void
) {
  const [busy, setBusy] = useState(false)
  async function archive(chosen: Set<string>): Promise<void> {
    if (busy || chosen.size === 0) return
    setBusy(true)
    try {
      const result = await call((api) => api.memory.archive({ space, paths: [...chosen] }))
      setError(null)
      onArchived(
        `Archived ${plural(result.paths.length, 'file')}. Undo in Activity, or restore from the archive in Expiry.`
      )
    } catch (failure) {
      setError(toShownError(failure))
    } finally {
      setBusy(false)
    }
  }
  return { busy, archive }
}

/** One file that could go: its checkbox, name, pin, size and when it was last used. */
function CandidateRow({
  candidate,
  checked,
  onToggle,
  loadedAt
}: {
  candidate: ArchiveCandidate
  checked: boolean
  onToggle(): void
  loadedAt: number
}) {
  return (
    <li className="border-b border-line last:border-b-0">
      <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-fg/5">
        <input type="checkbox" checked={checked} onChange={onToggle} />
        <span className="min-w-0 flex-1 truncate font-mono text-[13px]">
          {candidate.path.replace(/^\/memories\//, '')}
        </span>
        {candidate.pinned ? (
          <span className="rounded-full bg-accent-soft px-1.5 text-[11px]">pinned</span>
        ) : null}
        <span className="w-20 text-right tabular-nums">{formatBytes(candidate.size)}</span>
        <span className="w-36 text-right text-muted">
          used {formatAgo(candidate.lastUsed, loadedAt)}
        </span>
      </label>
    </li>
  )
}
