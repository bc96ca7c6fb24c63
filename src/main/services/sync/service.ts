import type Anthropic from '@anthropic-ai/sdk'
import type { MemoryChange } from '@shared/memory/memory'
import type {
  SyncStoreChoice,
  SyncConflictAnswer,
  SyncStatus,
  SyncStoreList
} from '@shared/memory/sync'
import { CairnError } from '@shared/errors'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { Emitter } from '../events/emitter'
import { loadConfig, saveConfig } from './config'
import { changeKey, decline } from './round/round'
import { listStores } from './store/remote'
import { resolveConflict } from './resolve'
import { loadState, saveState } from './state'
import {
  forgetStore,
  newSession,
  statusOf,
  type SyncServiceDeps,
  type SyncSession
} from './service-state'
import { createRoundClock, createRounds, type RoundClock } from './service-rounds'

export type { SyncServiceDeps } from './service-state'

// Sync as the app runs it: off until configured; one round at a time; a round after local changes
// (debounced) and on a timer; offline, 429 and 5xx back off (retry-after when the API gives one).

/** What the service's parts share: its deps, the session record, its clock and its rounds. */
interface SyncParts {
  deps: SyncServiceDeps
  s: SyncSession
  clock: RoundClock
  rounds: ReturnType<typeof createRounds>
  emit: () => void
  status: () => SyncStatus
}

async function clientOrThrow(deps: SyncServiceDeps): Promise<Anthropic> {
  const client = await deps.client()
  if (!client)
    throw new CairnError('BAD_INPUT', 'Sync needs an Anthropic API key: add one in Settings first.')
  return client
}

/** The store the user chose: an existing one by id, or a new one created now. */
function openStore(client: Anthropic, input: SyncStoreChoice) {
  return 'create' in input
    ? client.beta.memoryStores.create({
        name: input.create.name,
        ...(input.create.description ? { description: input.create.description } : {})
      })
    : client.beta.memoryStores.retrieve(input.storeId)
}

/** Which store sync follows: turned on, chosen in Settings, resumed at start, paused, off. */
function storeControls({ deps, s, clock, rounds, emit, status }: SyncParts) {
  /** Turns sync on for this store (its sidecar state is kept per store). */
  async function configure(next: {
    storeId: string
    storeName?: string | null
    deviceName?: string
  }): Promise<SyncStatus> {
    await rounds.interrupt('Sync moved to another store.')
    s.storeId = next.storeId
    s.storeName = next.storeName ?? null
    if (next.deviceName) s.deviceName = next.deviceName
    s.state = await loadState(deps.stateDir, next.storeId)
    s.declinedSeen = 0
    s.paused = false
    s.retryAt = null
    s.failures = 0
    emit()
    return status()
  }
  return {
    configure,
    /** At startup: sync resumes as the user left it (off unless they turned it on). */
    async start(): Promise<SyncStatus> {
      const config = await loadConfig(deps.stateDir)
      if (!config) return status()
      await configure(config)
      s.paused = config.paused
      if (!s.paused) clock.schedule(deps.debounceMs ?? 2_000)
      emit()
      return status()
    },
    /** Settings → Sync: choose a store by id or create one, then sync at once. */
    async configureStore(input: SyncStoreChoice): Promise<SyncStatus> {
      const store = await openStore(await clientOrThrow(deps), input)
      const name = input.deviceName ?? s.deviceName
      await saveConfig(deps.stateDir, {
        storeId: store.id,
        storeName: store.name,
        paused: false,
        deviceName: name
      })
      await configure({ storeId: store.id, storeName: store.name, deviceName: name })
      clock.schedule(0)
      return status()
    },
    /** The stores this key can use (Settings → Sync: choose one). */
    async listStores(): Promise<SyncStoreList> {
      return { stores: await listStores(await clientOrThrow(deps)) }
    },
    async pause(value: boolean): Promise<SyncStatus> {
      s.paused = value
      if (s.paused) clock.cancel()
      if (!s.paused) clock.schedule(0)
      const { storeId, storeName, paused, deviceName } = s
      if (storeId) await saveConfig(deps.stateDir, { storeId, storeName, paused, deviceName })
      emit()
      return status()
    },
    /** Stops syncing; local files stay as they are (and so does the store). */
    async disconnect(): Promise<SyncStatus> {
      await rounds.interrupt('Sync was turned off.')
      clock.cancel()
      forgetStore(s)
      await saveConfig(deps.stateDir, null)
      emit()
      return status()
    }
  }
}

/** The user's answers: to changes from the store that wait for approval, and to conflicts. */
function answerControls({ deps, s, clock, rounds, emit, status }: SyncParts) {
  return {
    /**
     * The user approves every change from the store now waiting (the Approval setting asked for
     * them); a round applies exactly those versions, and a newer version would ask again.
     */
    async approveWaiting(): Promise<SyncStatus> {
      for (const change of s.waiting) s.approved.add(changeKey(change))
      await rounds.syncNow().catch(() => undefined)
      s.approved.clear()
      return status()
    },
    /**
     * The user declines every change from the store now waiting: this device keeps its files and
     * those versions are not offered again (a later version is). Nothing is written anywhere but
     * the sidecar.
     */
    async declineWaiting(): Promise<SyncStatus> {
      await s.running?.catch(() => undefined)
      if (!s.state || s.waiting.length === 0) return status()
      decline(s.state, s.waiting)
      await saveState(deps.stateDir, s.state)
      s.declinedSeen += s.waiting.length
      s.waiting = []
      emit()
      return status()
    },
    /** The user's answer to a conflict (the inspector); the resolution syncs in the next round. */
    async resolve(input: SyncConflictAnswer): Promise<SyncStatus> {
      if (!s.state) return status()
      // The user's answer goes first; the stopped round's work is finished by the next one.
      await rounds.interrupt('Sync paused the round to apply your answer.')
      await resolveConflict(deps.memory, s.state, input)
      await saveState(deps.stateDir, s.state)
      if (!s.paused && s.retryAt === null) clock.schedule(0)
      emit()
      return status()
    }
  }
}

export function createSyncService(deps: SyncServiceDeps) {
  const s = newSession(deps.deviceName)
  const statuses = new Emitter<SyncStatus>()
  const space = deps.space ?? DEFAULT_SPACE_ID
  const status = (): SyncStatus => statusOf(space, s)
  const emit = (): void => statuses.emit(status())
  const clock = createRoundClock(deps, () => void rounds.syncNow().catch(() => undefined))
  const rounds = createRounds(deps, s, clock, emit)
  const parts: SyncParts = { deps, s, clock, rounds, emit, status }

  const unsubscribe = deps.memory.onChange((change: MemoryChange) => {
    // Our own pulls are not local changes to send back.
    if (!s.storeId || (change.actor.kind === 'external' && change.actor.device)) return
    s.pending += change.paths.length
    emit()
    if (!s.paused && s.retryAt === null) clock.schedule(deps.debounceMs ?? 2_000)
  })

  return {
    status,
    syncNow: rounds.syncNow,
    onStatus: (listener: (status: SyncStatus) => void): (() => void) => statuses.on(listener),
    ...storeControls(parts),
    ...answerControls(parts),
    async dispose(): Promise<void> {
      unsubscribe()
      clock.cancel()
      await rounds.interrupt('Sync stopped: Cairn is closing.')
    }
  }
}
export type SyncService = ReturnType<typeof createSyncService>
