import { useState } from 'react'
import { copyLabel, type SyncStoreChoice, type SyncStoreList } from '@shared/memory/sync'
import type { SpaceId } from '@shared/memory/spaces'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

const NEW = 'new'

/**
 * Turning sync on: this device's name (kept copies are named after it), then a new store or one
 * the key already has. The list is fetched only when asked: nothing is sent while sync is off.
 */
export function SyncTurnOn({
  space,
  deviceName,
  onTurnOn,
  onProblem
}: {
  /** The memory space whose sync this turns on (the stores listed are the key's, any space's). */
  space: SpaceId
  deviceName: string
  onTurnOn(input: SyncStoreChoice): void
  onProblem(message: string | null): void
}) {
  const [device, setDevice] = useState(deviceName)
  const [name, setName] = useState('Cairn memory')
  const [stores, setStores] = useState<SyncStoreList['stores'] | null>(null)
  const [choice, setChoice] = useState(NEW)
  const [loading, setLoading] = useState(false)

  const findStores = () => {
    setLoading(true)
    onProblem(null)
    call((api) => api.sync.listStores({ space })).then(
      (list) => {
        setLoading(false)
        setStores(list.stores)
        if (list.stores[0]) setChoice(list.stores[0].id)
      },
      (failure: unknown) => {
        setLoading(false)
        onProblem(toShownError(failure).message)
      }
    )
  }
  const named = device.trim() === '' ? {} : { deviceName: device.trim() }
  const ready = choice !== NEW || name.trim() !== ''

  return (
    // Not a <form>: the card sits inside the settings form, and forms cannot nest.
    <div
      role="group"
      className="grid w-full grid-cols-[10rem_1fr] items-center gap-x-4 gap-y-2 text-sm"
      aria-label="Turn on sync"
    >
      <label htmlFor="sync-device">This device&rsquo;s name</label>
      <input
        id="sync-device"
        className="input max-w-xs"
        value={device}
        placeholder={deviceName}
        maxLength={100}
        aria-describedby="sync-device-copies"
        onChange={(event) => setDevice(event.target.value)}
      />
      <p id="sync-device-copies" className="col-start-2 text-xs text-muted">
        If both devices change a file, this device&rsquo;s version is kept beside it as{' '}
        <code>plan (from {copyLabel(device.trim() || deviceName)}).md</code>
      </p>
      <label htmlFor="sync-store">Store</label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id="sync-store"
          className="input max-w-xs"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value={NEW}>A new store…</option>
          {(stores ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.description ? ` — ${s.description}` : ''}
            </option>
          ))}
        </select>
        {stores === null ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={loading}
            onClick={findStores}
          >
            {loading ? 'Looking…' : 'Find my stores'}
          </button>
        ) : (
          <span className="text-muted" data-testid="sync-store-count">
            {stores.length === 0
              ? 'This key has no stores yet.'
              : `${stores.length} ${stores.length === 1 ? 'store' : 'stores'} found.`}
          </span>
        )}
      </div>
      {choice === NEW ? (
        <>
          <label htmlFor="sync-new-name">New store name</label>
          <input
            id="sync-new-name"
            className="input max-w-xs"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        </>
      ) : null}
      <span />
      <div>
        <button
          type="button"
          className="button"
          disabled={!ready}
          onClick={() =>
            onTurnOn(
              choice === NEW ? { create: { name }, ...named } : { storeId: choice, ...named }
            )
          }
        >
          Turn on sync
        </button>
      </div>
    </div>
  )
}
