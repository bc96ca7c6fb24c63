import { useEffect, useId, useState } from 'react'
import { Archive } from 'lucide-react'
import {
  CAP_NOUN,
  CAP_SETTING,
  capsReached,
  capWords,
  type CapImpact,
  type CapName
} from '@shared/memory/caps'
import type { MemoryUsage } from '@shared/memory/memory'
import { ChoiceGroup } from '../../../components/choice-group'
import { Message, MESSAGE_BUTTON } from '../../../components/messages/message'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { formatBytes, formatNumber, plural } from '../../../lib/format'
import { navigate } from '../../../lib/navigation'
import { formatAgo } from '../../../lib/time'
import { afterArchive, allCandidates, preselect, type RoomOrder } from './make-room'
import { useFolderChanges } from '../memory-changes'
import { useMemorySpace } from '../memory-space'

function factsOf(usage: MemoryUsage) {
  return {
    files: usage.files,
    totalBytes: usage.totalBytes,
    limits: usage.limits,
    overFileCap: usage.overCapFiles.length
  }
}

function title(reached: CapName[]): string {
  if (reached.length > 1) return `Memory has reached ${reached.length} of its caps`
  if (reached[0] === 'file') return 'Some memory files are over the per-file cap'
  if (reached[0] === 'files') return 'Memory is at its file-count cap'
  return 'Memory has reached its total cap'
}

/**
 * The peak of what counts against the caps since the view opened: it changes only when memory
 * grows past anything shown before (or a cap changes), which is when a folded message comes back.
 */
function usePeakKey(reached: CapName[], usage: MemoryUsage): string {
  const now = { files: usage.files, bytes: usage.totalBytes, big: usage.overCapFiles.length }
  const [peak, setPeak] = useState(now)
  if (now.files > peak.files || now.bytes > peak.bytes || now.big > peak.big) {
    setPeak({
      files: Math.max(now.files, peak.files),
      bytes: Math.max(now.bytes, peak.bytes),
      big: Math.max(now.big, peak.big)
    })
  }
  return JSON.stringify([reached, usage.limits, peak])
}

function chipWords(reached: CapName[]): string {
  if (reached.length > 1) return `${reached.length} caps reached`
  if (reached[0] === 'file') return 'Files over the per-file cap'
  if (reached[0] === 'files') return 'File-count cap reached'
  return 'Total cap reached'
}

/**
 * The Memory view's messages while a cap refuses writes: what that means for Claude, and what to
 * do: archive files (the user picks which) or raise the cap in Settings. It cannot be dismissed
 * while memory is over, only folded; it comes back when memory grows further.
 */
export function OverCapPanel({ usage }: { usage: MemoryUsage }) {
  const [choosing, setChoosing] = useState(false)
  const [done, setDone] = useState('')
  const reached = capsReached(factsOf(usage))
  const key = usePeakKey(reached, usage)
  const notice = done ? (
    <Message tone="info" role="status" summary={done} onDismiss={() => setDone('')} />
  ) : null
  if (reached.length === 0) return notice
  return (
    <>
      <Message
        tone="warning"
        role="region"
        label="Memory caps reached"
        summary={title(reached)}
        fold={{ key, chip: chipWords(reached) }}
        actions={
          <button
            type="button"
            className={MESSAGE_BUTTON}
            aria-expanded={choosing}
            onClick={() => setChoosing((open) => !open)}
          >
            <Archive size={16} aria-hidden />
            Choose files to archive
          </button>
        }
        details={
          <>
            <ul className="flex flex-col gap-1">
              {reached.map((cap) => {
                const words = capWords(cap, factsOf(usage))
                return (
                  <li key={cap}>
                    <strong className="font-medium">{words.headline}.</strong> {words.meaning}
                  </li>
                )
              })}
            </ul>
            <div className="flex flex-wrap gap-2">
              {reached.map((cap) => (
                <button
                  key={cap}
                  type="button"
                  className="button"
                  onClick={() => navigate({ view: 'settings', field: CAP_SETTING[cap] })}
                >
                  Raise the {CAP_NOUN[cap]}
                </button>
              ))}
            </div>
          </>
        }
        body={
          choosing ? (
            <ArchivePicker
              onArchived={(message) => {
                setDone(message)
                setChoosing(false)
              }}
            />
          ) : undefined
        }
      />
      {notice}
    </>
  )
}

const ORDERS = [
  { value: 'oldest', label: 'Least recently used' },
  { value: 'largest', label: 'Largest' }
] as const

/** The files to archive, in the chosen order, with checkboxes, sizes and when each was last used. */
function ArchivePicker({ onArchived }: { onArchived(message: string): void }) {
  const space = useMemorySpace()
  const [impact, setImpact] = useState<CapImpact | null>(null)
  const [loadedAt, setLoadedAt] = useState(0)
  const [order, setOrder] = useState<RoomOrder>('oldest')
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [error, setError] = useState<ShownError | null>(null)
  const [busy, setBusy] = useState(false)
  const listId = useId()
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
  const toggle = (path: string) =>
    setChosen((current) => {
      const next = new Set(current)
      if (!next.delete(path)) next.add(path)
      return next
    })

  async function archive(): Promise<void> {
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

  return (
    <div className="flex flex-col gap-2 rounded-control border border-line bg-surface p-3">
      <ChoiceGroup
        legend="Offer first"
        name="archive-order"
        layout="segmented"
        value={order}
        choices={ORDERS}
        onChange={(value) => {
          setOrder(value)
          setChosen(preselect(impact, value))
        }}
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
          <li key={candidate.path} className="border-b border-line last:border-b-0">
            <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-fg/5">
              <input
                type="checkbox"
                checked={chosen.has(candidate.path)}
                onChange={() => toggle(candidate.path)}
              />
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
          disabled={busy || chosen.size === 0}
          aria-controls={listId}
          onClick={() => void archive()}
        >
          <Archive size={16} aria-hidden />
          Archive {plural(chosen.size, 'file')}
        </button>
      </div>
    </div>
  )
}
