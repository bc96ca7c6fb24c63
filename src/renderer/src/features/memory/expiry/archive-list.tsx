import type { ArchivedItem, RestoreInput } from '@shared/memory/expiry'
import { formatBytes, plural } from '../../../lib/format'
import { formatDateTime } from '../../../lib/time'

/** "2025-06-10": the form front-matter dates are written in (UTC, as the engine reads them). */
export const dayOf = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10)

export interface ArchiveGroup {
  archiveId: string
  archivedAt: number
  items: ArchivedItem[]
}

/** One group per archive folder (one sweep, or one "archive to make room"), newest first. */
export function groupArchive(items: readonly ArchivedItem[]): ArchiveGroup[] {
  const groups = new Map<string, ArchiveGroup>()
  for (const item of items) {
    const group = groups.get(item.archiveId)
    if (group) group.items.push(item)
    else
      groups.set(item.archiveId, {
        archiveId: item.archiveId,
        archivedAt: item.archivedAt,
        items: [item]
      })
  }
  return [...groups.values()]
}

/**
 * The archive, grouped as it was filled: each sweep's files together, with "Restore all" for the
 * group and Restore for each file (asking about a file's own expires: date first).
 */
export function ArchiveList({
  archive,
  loadedAt,
  onRestore,
  onRestoreAll,
  onExtend
}: {
  archive: ArchivedItem[] | null
  /** When the list was read: dates are compared with it (render stays pure). */
  loadedAt: number
  onRestore(item: ArchivedItem, choice: Pick<RestoreInput, 'expires' | 'until'>): void
  onRestoreAll(group: ArchiveGroup): void
  onExtend(item: ArchivedItem): void
}) {
  const groups = groupArchive(archive ?? [])
  return (
    <ul aria-label="Archived files" className="flex flex-col gap-4">
      {archive?.length === 0 ? <li className="text-sm text-muted">The archive is empty.</li> : null}
      {groups.map((group) => {
        const when = formatDateTime(group.archivedAt)
        const size = group.items.reduce((sum, item) => sum + item.size, 0)
        const headingId = `archive-${group.archiveId}`
        return (
          <li key={group.archiveId} className="flex flex-col">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line pb-1.5">
              <h3 id={headingId} className="mr-auto text-sm font-medium">
                Archived {when}
                <span className="font-normal text-muted">
                  {' '}
                  · {plural(group.items.length, 'file')} · {formatBytes(size)}
                </span>
              </h3>
              {group.items.length > 1 ? (
                <button
                  type="button"
                  className="button"
                  aria-label={`Restore all ${group.items.length} files archived ${when}`}
                  onClick={() => onRestoreAll(group)}
                >
                  Restore all
                </button>
              ) : null}
            </div>
            <ul aria-labelledby={headingId} className="flex flex-col pl-3">
              {group.items.map((item) => (
                <ArchivedRow
                  key={item.path}
                  item={item}
                  loadedAt={loadedAt}
                  onRestore={onRestore}
                  onExtend={onExtend}
                />
              ))}
            </ul>
          </li>
        )
      })}
    </ul>
  )
}

function ArchivedRow({
  item,
  loadedAt,
  onRestore,
  onExtend
}: {
  item: ArchivedItem
  loadedAt: number
  onRestore(item: ArchivedItem, choice: Pick<RestoreInput, 'expires' | 'until'>): void
  onExtend(item: ArchivedItem): void
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line py-1.5 text-sm">
      {/* The name keeps a readable width: the buttons wrap below it, never squeeze it to "…"
          (a file expired by its own date has three buttons and a long note). */}
      <div className="flex min-w-0 flex-[1_1_16rem] flex-col">
        <span className="truncate font-mono text-xs" title={item.path}>
          {item.path}
        </span>
        <span className="text-xs text-muted">
          {formatBytes(item.size)}
          {item.expires !== undefined
            ? item.expires <= loadedAt
              ? ` · its expires: date (${dayOf(item.expires)}) has passed`
              : ` · expires ${dayOf(item.expires)}`
            : null}
        </span>
      </div>
      {/* The buttons move as one group, so a row never ends with a lone button on a line. */}
      <div className="ml-auto flex flex-wrap gap-2">
        {item.expires !== undefined ? (
          <>
            {item.expires > loadedAt ? (
              <button
                type="button"
                className="button"
                aria-label={`Restore ${item.path}`}
                onClick={() => onRestore(item, { expires: 'keep' })}
              >
                Restore, keep date
              </button>
            ) : null}
            <button
              type="button"
              className="button"
              aria-label={`Remove the date and restore ${item.path}`}
              onClick={() => onRestore(item, { expires: 'remove' })}
            >
              Remove date
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Extend the date and restore ${item.path}`}
              onClick={() => onExtend(item)}
            >
              Extend…
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button"
            aria-label={`Restore ${item.path}`}
            onClick={() => onRestore(item, {})}
          >
            Restore
          </button>
        )}
      </div>
    </li>
  )
}
