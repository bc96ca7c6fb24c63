import { FileText, Folder, Pin, TriangleAlert } from 'lucide-react'
import type { MemoryEntry } from '@shared/memory/memory'
import { escapeName } from '@shared/memory/names'
import { formatBytes, inDays } from '../../lib/format'
import { daysUntil, formatAgo, formatDateTime } from '../../lib/time'
import { baseName, depthOf } from './memory-paths'

interface Props {
  entries: MemoryEntry[]
  selected: string | null
  fresh: ReadonlySet<string>
  onSelect(path: string): void
  /** Entries in the whole folder; more than `entries` when only some pages are loaded. */
  total?: number
  /** Loads the next page (null or absent on the last one). */
  onMore?: (() => void) | null
}

function ExpiryBadge({ expiresAt }: { expiresAt: number }) {
  const days = daysUntil(expiresAt)
  return (
    <span
      className="rounded-full bg-warning-soft px-1.5 text-[11px] font-medium text-warning"
      title={`Expires ${formatDateTime(expiresAt)}`}
    >
      expires {inDays(days)}
    </span>
  )
}

function entryTimes(entry: MemoryEntry): string {
  const parts: string[] = []
  if (entry.modified) parts.push(`modified ${formatAgo(entry.modified)}`)
  // Only a real read by Claude or the user counts; the index knows the file but saw no read.
  if (entry.read) parts.push(`read ${formatAgo(entry.read)}`)
  else if (entry.modified) parts.push('no read recorded')
  return parts.join(' · ')
}

/** The folder as an indented list: files are buttons; folders are headings for what they hold. */
export function MemoryTree({ entries, selected, fresh, onSelect, total, onMore }: Props) {
  if (entries.length === 0)
    return <p className="px-3 py-6 text-center text-muted">No memory files yet.</p>
  return (
    <ul aria-label="Memory files" className="flex flex-col gap-px p-1.5">
      {entries.map((entry) => {
        const indent = { paddingInlineStart: `${8 + depthOf(entry.path) * 14}px` }
        const highlight = fresh.has(entry.path) ? 'memory-fresh' : ''
        // Named outside the app with characters Claude cannot use: shown escaped, not openable.
        if (entry.unreachable)
          return (
            <li
              key={entry.path}
              style={indent}
              className={`flex flex-col gap-0.5 py-1.5 pr-2 text-[13px] ${highlight}`}
            >
              <span className="flex items-center gap-1.5">
                <TriangleAlert size={14} aria-hidden="true" className="shrink-0 text-warning" />
                <code className="truncate">
                  {escapeName(baseName(entry.path))}
                  {entry.kind === 'dir' ? '/' : ''}
                </code>
              </span>
              <span className="pl-5 text-xs text-muted">
                Claude can&apos;t use this name ({entry.unreachable}), so it isn&apos;t counted in
                memory usage. Rename it in your file manager.
              </span>
            </li>
          )
        if (entry.kind === 'dir')
          return (
            <li
              key={entry.path}
              style={indent}
              className={`flex items-center gap-1.5 py-1 pr-2 text-[13px] font-medium text-muted ${highlight}`}
            >
              <Folder size={14} aria-hidden="true" />
              {baseName(entry.path)}/
            </li>
          )
        const isSelected = entry.path === selected
        return (
          <li key={entry.path}>
            <button
              type="button"
              style={indent}
              aria-current={isSelected || undefined}
              onClick={() => onSelect(entry.path)}
              className={`flex w-full flex-col gap-0.5 rounded-control py-1.5 pr-2 text-left hover:bg-fg/5 ${
                isSelected ? 'bg-accent-soft' : ''
              } ${highlight}`}
            >
              <span className="flex w-full items-center gap-1.5">
                <FileText size={14} aria-hidden="true" className="shrink-0 text-muted" />
                <span className="truncate font-medium">{baseName(entry.path)}</span>
                {entry.pinned ? (
                  <Pin size={12} aria-label="pinned" className="shrink-0 text-accent" />
                ) : null}
                <span className="ml-auto shrink-0 text-xs text-muted tabular-nums">
                  {formatBytes(entry.size)}
                </span>
              </span>
              <span className="flex w-full flex-wrap items-center gap-1.5 pl-5 text-xs text-muted">
                <span>{entryTimes(entry)}</span>
                {entry.expiresAt !== undefined && !entry.pinned ? (
                  <ExpiryBadge expiresAt={entry.expiresAt} />
                ) : null}
                {entry.overCap ? (
                  <span className="rounded-full bg-danger-soft px-1.5 text-[11px] text-danger">
                    over cap
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        )
      })}
      {onMore ? (
        <li>
          <button
            type="button"
            onClick={onMore}
            className="w-full rounded-control py-1.5 text-center text-sm text-accent hover:bg-fg/5"
          >
            Show more
            {total !== undefined && total > entries.length
              ? ` (${(total - entries.length).toLocaleString()} not shown)`
              : ''}
          </button>
        </li>
      ) : null}
    </ul>
  )
}
