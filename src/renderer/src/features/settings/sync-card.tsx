import { useEffect, useState } from 'react'
import { SYNC_SENT_SENTENCE, type SyncStatus } from '@shared/sync'
import { Card } from '../../components/card'
import { call, onEvent } from '../../lib/api'
import { toShownError } from '../../lib/errors'

const STATE_WORDS: Record<SyncStatus['state'], string> = {
  off: 'Off',
  idle: 'On',
  syncing: 'Syncing…',
  paused: 'Paused',
  offline: 'Waiting to retry'
}

function when(epoch: number | null): string {
  return epoch === null ? 'never' : new Date(epoch).toLocaleString()
}

/** Settings → Sync: one memory on every device through an Anthropic Memory Store (off by default). */
export function SyncCard() {
  const [status, setStatus] = useState<SyncStatus | null>(null)
  const [name, setName] = useState('Cairn memory')
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    call((api) => api.sync.status()).then(
      (next) => live && setStatus(next),
      (failure: unknown) => live && setProblem(toShownError(failure).message)
    )
    const off = onEvent('sync:changed', setStatus)
    return () => {
      live = false
      off()
    }
  }, [])

  const act = (run: Parameters<typeof call<SyncStatus>>[0]) => {
    setProblem(null)
    call(run).then(setStatus, (failure: unknown) => setProblem(toShownError(failure).message))
  }
  const on = status !== null && status.state !== 'off'

  return (
    <Card
      title="Sync"
      description="Keep one memory on every device through an Anthropic Memory Store."
    >
      <p className="text-sm" data-testid="sync-sent">
        {SYNC_SENT_SENTENCE}
      </p>
      {status ? (
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
              <dt>Last sync</dt>
              <dd data-testid="sync-last">{when(status.lastSyncAt)}</dd>
              <dt>Pending changes</dt>
              <dd data-testid="sync-pending">{status.pending}</dd>
              <dt>Conflicts</dt>
              <dd data-testid="sync-conflicts">{status.conflicts.length}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {status?.error ? (
        <p role="status" className="mt-2 text-sm text-danger">
          {status.error}
          {status.retryAt ? ` Next try at ${new Date(status.retryAt).toLocaleTimeString()}.` : ''}
        </p>
      ) : null}
      {on && status.conflicts.length > 0 ? (
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
      ) : null}
      {on && status.skipped.length > 0 ? (
        <ul className="mt-2 text-sm" aria-label="Files not synced">
          {status.skipped.map((s) => (
            <li key={s.path}>
              <code>{s.path}</code>: {s.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex items-center gap-2">
        {!on ? (
          <>
            <label className="flex items-center gap-2 text-sm">
              New store name
              <input
                className="input"
                value={name}
                maxLength={200}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <button
              type="button"
              className="button"
              disabled={name.trim() === ''}
              onClick={() => act((api) => api.sync.configure({ create: { name } }))}
            >
              Turn on sync
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={status.state === 'paused' || status.state === 'syncing'}
              onClick={() => act((api) => api.sync.now())}
            >
              Sync now
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => act((api) => api.sync.pause({ paused: status.state !== 'paused' }))}
            >
              {status.state === 'paused' ? 'Resume' : 'Pause'}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => act((api) => api.sync.disconnect())}
            >
              Disconnect (keeps your files)
            </button>
          </>
        )}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </Card>
  )
}
