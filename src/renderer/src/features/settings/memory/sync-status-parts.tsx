import { copyLabel, type SyncStatus } from '@shared/memory/sync'
import type { SpaceId } from '@shared/memory/spaces'
import type { call } from '../../../lib/api'

/** Runs a sync call; `unchanged` (optional) tells the user what still holds when it fails. */
export type SyncAct = (run: Parameters<typeof call<SyncStatus>>[0], unchanged?: string) => void

const STATE_WORDS: Record<SyncStatus['state'], string> = {
  off: 'Off',
  idle: 'On',
  syncing: 'Syncing…',
  paused: 'Paused',
  offline: 'Waiting to retry'
}

const WAITING_WORDS: Record<SyncStatus['waiting'][number]['command'], string> = {
  create: 'New file',
  str_replace: 'Edit of',
  delete: 'Deletion of',
  rename: 'Move of'
}

function sizeWords(size: SyncStatus['storeSize']): string {
  if (!size) return 'not known until the first sync'
  const kb = size.bytes / 1024
  const bytes = kb < 1 ? `${size.bytes} bytes` : `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} kB`
  return `${size.count} ${size.count === 1 ? 'memory' : 'memories'}, ${bytes}`
}

function when(epoch: number | null): string {
  return epoch === null ? 'never' : new Date(epoch).toLocaleString()
}

/** Status, store, its size, this device, last sync, pending changes, conflicts. */
export function SyncStatusList({ status, on }: { status: SyncStatus; on: boolean }) {
  return (
    <dl
      className="mt-2 grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1 text-sm [&_dt]:text-muted"
      aria-label="Sync status"
    >
      <dt>Status</dt>
      <dd data-testid="sync-state">{STATE_WORDS[status.state]}</dd>
      {on ? (
        <>
          <dt>Store</dt>
          <dd>{status.storeName ?? status.storeId}</dd>
          <dt>Store size</dt>
          <dd data-testid="sync-size">{sizeWords(status.storeSize)}</dd>
          <dt>This device</dt>
          <dd>
            {status.deviceName}
            {copyLabel(status.deviceName) !== status.deviceName
              ? ` (kept copies say “${copyLabel(status.deviceName)}”)`
              : ''}
          </dd>
          <dt>Last sync</dt>
          <dd data-testid="sync-last">{when(status.lastSyncAt)}</dd>
          <dt>Pending changes</dt>
          <dd data-testid="sync-pending">{status.pending}</dd>
          <dt>Conflicts</dt>
          <dd>
            <span data-testid="sync-conflicts">{status.conflicts.length}</span>
            {status.conflicts.some((c) => c.kind === 'kept-both')
              ? ' (answer them in Memory, where each file shows both versions)'
              : ''}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

/** Files both devices changed, and what became of each. */
export function SyncConflicts({ status }: { status: SyncStatus }) {
  return (
    <ul className="mt-2 text-sm" aria-label="Sync conflicts">
      {status.conflicts.map((c) => (
        <li key={`${c.path}-${c.at}`}>
          <code>{c.path}</code>
          {c.copy ? (
            <>
              {' '}
              and <code>{c.copy}</code>
            </>
          ) : null}
          : {c.detail}
        </li>
      ))}
    </ul>
  )
}

/** Changes from another device that the Approval setting holds back, with Apply and Decline. */
export function SyncWaiting(props: { status: SyncStatus; space: SpaceId; act: SyncAct }) {
  const { status, space, act } = props
  return (
    <div className="mt-2 text-sm" role="group" aria-label="Changes waiting for approval">
      <p>
        Your Approval setting asks before these changes from another device; they have not been
        applied:
      </p>
      <ul>
        {status.waiting.map((w) => (
          <li key={`${w.command}-${w.path}`}>
            {WAITING_WORDS[w.command]} <code>{w.path}</code>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-muted">
        Decline keeps this device’s files as they are and stops offering these versions; a later
        change on the other device is offered again.
      </p>
      <div className="mt-1 flex items-center gap-2">
        <button
          type="button"
          className="button"
          disabled={status.state === 'paused' || status.state === 'syncing'}
          onClick={() => act((api) => api.sync.approve({ space }))}
        >
          Apply{' '}
          {status.waiting.length === 1 ? 'this change' : `these ${status.waiting.length} changes`}
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={status.state === 'syncing'}
          onClick={() =>
            act(
              (api) => api.sync.decline({ space }),
              'Nothing was declined: the changes still wait. Try Decline again.'
            )
          }
        >
          Decline
        </button>
      </div>
    </div>
  )
}

/** Files sync left out, and why. */
export function SyncSkipped({ status }: { status: SyncStatus }) {
  return (
    <ul className="mt-2 text-sm" aria-label="Files not synced">
      {status.skipped.map((s) => (
        <li key={`${s.path}\n${s.reason}`}>
          <code>{s.path}</code>: {s.reason}
        </li>
      ))}
    </ul>
  )
}

/** Sync now, Pause / Resume, Disconnect. */
export function SyncControls(props: { status: SyncStatus; space: SpaceId; act: SyncAct }) {
  const { status, space, act } = props
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={status.state === 'paused' || status.state === 'syncing'}
        onClick={() => act((api) => api.sync.now({ space }))}
      >
        Sync now
      </button>
      <button
        type="button"
        className="button button--quiet"
        onClick={() => act((api) => api.sync.pause({ space, paused: status.state !== 'paused' }))}
      >
        {status.state === 'paused' ? 'Resume' : 'Pause'}
      </button>
      <button
        type="button"
        className="button button--quiet"
        onClick={() => act((api) => api.sync.disconnect({ space }))}
      >
        Disconnect (keeps your files)
      </button>
    </>
  )
}
