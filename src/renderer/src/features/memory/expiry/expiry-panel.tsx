import { useEffect, useState } from 'react'
import type { ArchivedItem, ExpiryPreviewItem, RestoreInput } from '@shared/memory/expiry'
import type { Settings } from '@shared/app/settings'
import type { SpaceId } from '@shared/memory/spaces'
import { Dialog } from '../../../components/dialog'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { clockPhrase, inDays, plural, policySentence } from '../../../lib/format'
import { daysUntil, formatDateTime } from '../../../lib/time'
import { ArchiveList, dayOf, type ArchiveGroup } from './archive-list'
import { SweepNow } from './sweep-now'
import { useFolderChanges } from '../memory-changes'
import { useMemorySpace } from '../memory-space'

const DAY = 86_400_000

/** What expiry would do, "sweep now", and the archive to bring files back from. */
export function ExpiryPanel({ settings }: { settings: Settings | null }) {
  const space = useMemorySpace()
  const days = settings?.expiry.days ?? 90
  const lists = useExpiryLists(space, days)
  const actions = useExpiryActions(space, lists)
  const [extending, setExtending] = useState<ArchivedItem | null>(null)
  return (
    <div className="flex h-full min-h-0 flex-col gap-5 overflow-auto p-4">
      <section aria-labelledby="expiry-preview" className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <h2 id="expiry-preview" className="mr-auto font-semibold">
            Will expire
          </h2>
          <SweepNow run={actions.run} />
        </div>
        <p className="text-sm text-muted">
          {settings ? policySentence(settings.expiry) : '…'} {plural(lists.dueNow, 'file')} would
          expire now. A file Cairn had not seen before counts from its last modification; pinned
          files never expire.
        </p>
        <p role="status" className="text-sm text-success">
          {actions.status}
        </p>
        {lists.error ? (
          <p role="alert" className="text-sm text-danger">
            {lists.error.message}
          </p>
        ) : null}
        <ExpiryPreview preview={lists.preview} days={days} />
      </section>
      <section aria-labelledby="expiry-archive" className="flex flex-col gap-2">
        <h2 id="expiry-archive" className="font-semibold">
          Archive
        </h2>
        <ArchiveList
          archive={lists.archive}
          loadedAt={lists.loadedAt}
          onRestore={actions.restore}
          onRestoreAll={actions.restoreAll}
          onExtend={setExtending}
        />
        <p className="text-xs text-muted">
          A restored file starts its clocks afresh. A file with its own expires: date keeps it only
          while it is still to come; otherwise remove the date or extend it.
        </p>
      </section>
      <Dialog
        open={extending !== null}
        title={`Restore ${extending?.path ?? ''} until…`}
        confirmLabel="Restore"
        field={{ label: 'Expires on (YYYY-MM-DD)', initial: dayOf(lists.loadedAt + 30 * DAY) }}
        onClose={() => setExtending(null)}
        onConfirm={(typed) => {
          const item = extending
          setExtending(null)
          if (item) actions.restore(item, { expires: 'extend', until: typed.trim() })
        }}
      />
    </div>
  )
}

type ExpiryLists = ReturnType<typeof useExpiryLists>

/**
 * What would expire and what the archive holds, read again when files change or an action ran.
 * The error is the one place for what went wrong: reading them or acting on them.
 */
function useExpiryLists(space: SpaceId, days: number) {
  const [preview, setPreview] = useState<ExpiryPreviewItem[] | null>(null)
  const [archive, setArchive] = useState<ArchivedItem[] | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const [refresh, setRefresh] = useState(0)
  const [dueNow, setDueNow] = useState(0)
  // When the lists were read: dates are compared with it (render stays pure).
  const [loadedAt, setLoadedAt] = useState(0)
  /** Files added, changed, expired or restored: what would expire and the archive move. */
  const changes = useFolderChanges()

  useEffect(() => {
    let live = true
    Promise.all([
      call((api) => api.memory.expiryPreview({ space, days })),
      call((api) => api.memory.archiveList({ space }))
    ]).then(
      ([items, archived]) => {
        if (!live) return
        setPreview(items)
        setDueNow(items.filter((item) => item.expiresAt <= Date.now()).length)
        setArchive(archived)
        setLoadedAt(Date.now())
      },
      (failure: unknown) => live && setError(toShownError(failure))
    )
    return () => {
      live = false
    }
  }, [space, days, changes, refresh])

  return {
    preview,
    archive,
    dueNow,
    loadedAt,
    error,
    setError,
    reload: () => setRefresh((n) => n + 1)
  }
}

/** Sweeping and restoring: each says what it did, then the lists are read again. */
function useExpiryActions(space: SpaceId, { setError, reload }: ExpiryLists) {
  const [status, setStatus] = useState('')

  async function run(task: () => Promise<string>): Promise<void> {
    try {
      setStatus(await task())
      setError(null)
    } catch (failure) {
      setError(toShownError(failure))
    }
    reload()
  }

  function restore(item: ArchivedItem, choice: Pick<RestoreInput, 'expires' | 'until'>): void {
    void run(async () => {
      await call((api) =>
        api.memory.archiveRestore({ space, archiveId: item.archiveId, path: item.path, ...choice })
      )
      return `Restored ${item.path}.`
    })
  }

  /** A whole group back as one entry; files taken since stay in the archive, named with why. */
  function restoreAll(group: ArchiveGroup): void {
    void run(async () => {
      const { paths, skipped } = await call((api) =>
        api.memory.archiveRestoreAll({ space, archiveId: group.archiveId })
      )
      const done = `Restored ${plural(paths.length, 'file')}.`
      if (!skipped.length) return done
      return `${done} Left in the archive: ${skipped.map((skip) => skip.reason).join(' ')}`
    })
  }

  return { status, run, restore, restoreAll }
}

/** The files that will expire: each with why its clock runs, and when and what happens. */
function ExpiryPreview({ preview, days }: { preview: ExpiryPreviewItem[] | null; days: number }) {
  return (
    <ul aria-label="Files that will expire" className="flex flex-col">
      {preview?.length === 0 ? (
        <li className="text-sm text-muted">Nothing is due to expire.</li>
      ) : null}
      {preview?.map((item) => (
        <li
          key={item.path}
          className="flex items-baseline gap-3 border-b border-line py-1.5 text-sm"
        >
          <span className="min-w-0 flex-1 truncate font-mono text-xs">{item.path}</span>
          <span className="text-xs text-muted">{clockPhrase(item.reason, days)}</span>
          <span className="w-36 text-right text-xs" title={formatDateTime(item.expiresAt)}>
            {inDays(daysUntil(item.expiresAt))} · {item.action}
          </span>
        </li>
      ))}
    </ul>
  )
}
