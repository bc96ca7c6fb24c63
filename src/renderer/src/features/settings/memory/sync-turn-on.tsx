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
  const { stores, choice, setChoice, loading, findStores } = useStoreChoice(space, onProblem)
  const named = device.trim() === '' ? {} : { deviceName: device.trim() }
  const ready = choice !== NEW || name.trim() !== ''

  return (
    // Not a <form>: the card sits inside the settings form, and forms cannot nest.
    <div
      role="group"
      className="grid w-full grid-cols-[10rem_1fr] items-center gap-x-4 gap-y-2 text-sm"
      aria-label="Turn on sync"
    >
      <DeviceNameField device={device} deviceName={deviceName} onChange={setDevice} />
      <StorePicker
        stores={stores}
        choice={choice}
        onChoose={setChoice}
        loading={loading}
        onFind={findStores}
      />
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

/**
 * The store chosen: a new one until the key's stores are found (on request only), then the first
 * of them. A failure to list them goes to the card's problem line.
 */
function useStoreChoice(space: SpaceId, onProblem: (message: string | null) => void) {
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
  return { stores, choice, setChoice, loading, findStores }
}

/** This device's name, and the name a kept copy would get from it. */
function DeviceNameField({
  device,
  deviceName,
  onChange
}: {
  device: string
  /** The name the system gives the device: used while the field is empty. */
  deviceName: string
  onChange(device: string): void
}) {
  return (
    <>
      <label htmlFor="sync-device">This device&rsquo;s name</label>
      <input
        id="sync-device"
        className="input max-w-xs"
        value={device}
        placeholder={deviceName}
        maxLength={100}
        aria-describedby="sync-device-copies"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="sync-device-copies" className="col-start-2 text-xs text-muted">
        If both devices change a file, this device&rsquo;s version is kept beside it as{' '}
        <code>plan (from {copyLabel(device.trim() || deviceName)}).md</code>
      </p>
    </>
  )
}

/** The store list (a new store, or the key's once found) and Find my stores or how many. */
function StorePicker({
  stores,
  choice,
  onChoose,
  loading,
  onFind
}: {
  stores: SyncStoreList['stores'] | null
  choice: string
  onChoose(choice: string): void
  loading: boolean
  onFind(): void
}) {
  return (
    <>
      <label htmlFor="sync-store">Store</label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id="sync-store"
          className="input max-w-xs"
          value={choice}
          onChange={(event) => onChoose(event.target.value)}
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
            onClick={onFind}
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
    </>
  )
}
