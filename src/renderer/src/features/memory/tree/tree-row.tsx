import { ChevronRight, Clock, FileText, Folder, FolderOpen, Pin, TriangleAlert } from 'lucide-react'
import type { Ref } from 'react'
import { escapeName } from '@shared/memory/names'
import { formatBytes, inDays } from '../../../lib/format'
import { daysUntil, formatAgo, formatDateTime } from '../../../lib/time'
import type { TreeRow } from './tree-rows'

/** Every row is one line of this height (the list is virtualised on it). */
export const ROW_HEIGHT = 28
const INDENT = 14

/** What a row does not show on its one line: its times, expiry, cap, or why it can't be used. */
export function rowDetails(row: TreeRow): string {
  const entry = row.entry
  if (entry?.unreachable)
    return `Claude can't use this name (${entry.unreachable}), so it isn't counted in memory usage. Rename it in your file manager.`
  if (row.kind === 'dir')
    return row.childCount === 1 ? 'Holds 1 item' : `Holds ${row.childCount.toLocaleString()} items`
  if (!entry) return ''
  const parts: string[] = [formatBytes(entry.size)]
  if (entry.modified) parts.push(`modified ${formatAgo(entry.modified)}`)
  // Only a real read by Claude or the user counts; with none, reads go unmentioned (saying
  // "no read recorded" on most rows was noise).
  if (entry.read) parts.push(`read ${formatAgo(entry.read)}`)
  if (entry.pinned) parts.push('pinned')
  else if (entry.expiresAt !== undefined)
    parts.push(`expires ${inDays(daysUntil(entry.expiresAt))} (${formatDateTime(entry.expiresAt)})`)
  if (entry.overCap) parts.push('over the per-file cap')
  return parts.join(' · ')
}

interface RowProps {
  row: TreeRow
  active: boolean
  selected: boolean
  fresh: boolean
  /** The id of the details line, for the focused row's description. */
  detailsId: string
  rowRef?: Ref<HTMLDivElement>
  onPick(row: TreeRow): void
  onHover(path: string | null): void
}

/** One row of the memory tree: a WAI-ARIA treeitem on a single line. */
export function TreeRowItem({
  row,
  active,
  selected,
  fresh,
  detailsId,
  rowRef,
  onPick,
  onHover
}: RowProps) {
  const entry = row.entry
  const isDir = row.kind === 'dir'
  const unreachable = entry?.unreachable
  return (
    <div
      ref={rowRef}
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={isDir && row.childCount > 0 ? row.expanded : undefined}
      aria-selected={isDir ? undefined : selected}
      aria-describedby={active ? detailsId : undefined}
      aria-disabled={unreachable ? true : undefined}
      tabIndex={active ? 0 : -1}
      data-path={row.path}
      title={rowDetails(row)}
      style={{ height: ROW_HEIGHT, paddingInlineStart: `${4 + (row.level - 1) * INDENT}px` }}
      onClick={() => onPick(row)}
      // A real move of the pointer, not rows scrolling under a still one (keys scroll the list).
      onMouseMove={() => onHover(row.path)}
      onMouseLeave={() => onHover(null)}
      className={`mx-1.5 flex cursor-default items-center gap-1 rounded-control pr-2 text-[13px] outline-none select-none hover:bg-fg/5 focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset ${
        selected ? 'bg-accent-soft' : ''
      } ${fresh ? 'memory-fresh' : ''}`}
    >
      {isDir && row.childCount > 0 ? (
        <ChevronRight
          size={14}
          aria-hidden="true"
          className={`shrink-0 text-muted transition-transform ${row.expanded ? 'rotate-90' : ''}`}
        />
      ) : (
        <span className="w-3.5 shrink-0" aria-hidden="true" />
      )}
      {unreachable ? (
        <TriangleAlert size={14} aria-hidden="true" className="shrink-0 text-warning" />
      ) : isDir && row.expanded ? (
        <FolderOpen size={14} aria-hidden="true" className="shrink-0 text-muted" />
      ) : isDir ? (
        <Folder size={14} aria-hidden="true" className="shrink-0 text-muted" />
      ) : (
        <FileText size={14} aria-hidden="true" className="shrink-0 text-muted" />
      )}
      {unreachable ? (
        <code className="truncate">
          {escapeName(row.name)}
          {isDir ? '/' : ''}
        </code>
      ) : (
        <span className={`truncate ${isDir ? 'text-muted' : ''} font-medium`}>{row.name}</span>
      )}
      {entry?.pinned ? (
        <Pin size={12} aria-label="pinned" className="shrink-0 text-accent" />
      ) : null}
      {entry && !entry.pinned && entry.expiresAt !== undefined ? (
        <Clock
          size={12}
          aria-label={`expires ${inDays(daysUntil(entry.expiresAt))}`}
          className="shrink-0 text-warning"
        />
      ) : null}
      {entry?.overCap ? (
        <span className="shrink-0 rounded-full bg-danger-soft px-1.5 text-[11px] text-danger">
          over cap
        </span>
      ) : null}
      {!isDir && entry && !unreachable ? (
        <span className="ml-auto shrink-0 pl-1 text-xs text-muted tabular-nums">
          {formatBytes(entry.size)}
        </span>
      ) : null}
    </div>
  )
}
