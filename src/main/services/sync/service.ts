import type Anthropic from '@anthropic-ai/sdk'
import type { MemoryChange } from '@shared/memory/memory'
import type {
  SyncStoreChoice,
  SyncConflictAnswer,
  SyncStatus,
  SyncStoreList
} from '@shared/memory/sync'
import { CairnError } from '@shared/errors'
import type { MemoryWriteApproval } from '@shared/app/settings'
import { needsApproval } from '@shared/chat/approval-policy'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import { Emitter } from '../events/emitter'
import { loadConfig, saveConfig } from './config'
import type { MemoryService } from '../memory/service'
import { changeKey, decline, isDeclined } from './round'
import { syncRound, type RoundReport, type Waiting } from './engine'
import { LocalFolder } from './local'
import { createRemote, listStores, RemoteAborted, RemoteUnavailable } from './remote'
import { resolveConflict } from './resolve'
import { loadState, saveState, type SyncState } from './state'

// Sync as the app runs it: off until configured; one round at a time; a round after local changes
// (debounced) and on a timer; offline, 429 and 5xx back off (retry-after when the API gives one).

/** Why the next round is due (the app's timers hold some of these in tests). */
type RoundTimer = 'sync-round' | 'sync-retry' | 'sync-interval'

export interface SyncServiceDeps {
  /** The memory space this sync belongs to (named in every status); default: "No project". */
  space?: SpaceId
  memory: MemoryService
  /** The app's private state folder (the sidecar lives here, never in the memory folder). */
  stateDir: string
  /** Built with the same key as chat; null when there is no key. */
  client: () => Promise<Anthropic | null>
  /**
   * The user's Approval setting, read at each round: changes from other devices wait for it as
   * Claude's do (default: automatic).
   */
  approvalMode?: () => MemoryWriteApproval
  /** This computer's name (platform code passes the OS hostname): kept copies are named after it. */
  deviceName?: string
  intervalMs?: number
  debounceMs?: number
  now?: () => number
  /** The next round's timer: soon after a change, a retry after a failure, or the periodic one. */
  setTimer?: (fn: () => void, ms: number, job: RoundTimer) => unknown
  clearTimer?: (handle: unknown) => void
  /** A round still running after this long is stopped (a store that never answers); default 2 min. */
  roundDeadlineMs?: number
}

const MIN_BACKOFF = 5_000
const MAX_BACKOFF = 15 * 60_000
const ROUND_DEADLINE = 2 * 60_000

export function createSyncService(deps: SyncServiceDeps) {
  const now = deps.now ?? Date.now
  const setTimer =
    deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms).unref() as unknown)
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout))
  // Pulled changes are named in the activity as coming from another device: the store does not
  // say which one (every device writes with the same key).
  const otherDevice = 'another device'
  let deviceName = deps.deviceName?.trim() || 'this device'
  let storeId: string | null = null
  let storeName: string | null = null
  let state: SyncState | null = null
  let paused = false
  let running: Promise<RoundReport | null> | null = null
  /** Stops the running round's requests at once (quit, disconnect, its deadline). */
  let stopRound: AbortController | null = null
  let pending = 0
  let failures = 0
  let retryAt: number | null = null
  let error: string | null = null
  let skipped: RoundReport['skipped'] = []
  let waiting: Waiting[] = []
  /** Held changes the last round saw that the user had declined (not listed, not applied). */
  let declinedSeen = 0
  /** Changes from the store the user approved, by command, memory and hash: each lands once. */
  const approved = new Set<string>()
  let timer: unknown = null
  const statuses = new Emitter<SyncStatus>()

  const space = deps.space ?? DEFAULT_SPACE_ID
  const status = (): SyncStatus => ({
    space,
    state: !storeId
      ? 'off'
      : paused
        ? 'paused'
        : running
          ? 'syncing'
          : retryAt !== null
            ? 'offline'
            : 'idle',
    storeId,
    storeName,
    lastSyncAt: state?.lastSyncAt ?? null,
    pending,
    conflicts: state?.conflicts ?? [],
    skipped,
    retryAt,
    error,
    deviceName,
    storeSize: state?.storeSize ?? null,
    waiting: waiting.map(({ path, command }) => ({ path, command })),
    declined: declinedSeen
  })
  const emit = (): void => statuses.emit(status())
  const schedule = (ms: number, job: RoundTimer = 'sync-round'): void => {
    if (timer !== null) clearTimer(timer)
    timer = setTimer(
      () => {
        timer = null
        void syncNow().catch(() => undefined)
      },
      ms,
      job
    )
  }

  const unsubscribe = deps.memory.onChange((change: MemoryChange) => {
    // Our own pulls are not local changes to send back.
    if (!storeId || (change.actor.kind === 'external' && change.actor.device)) return
    pending += change.paths.length
    emit()
    if (!paused && retryAt === null) schedule(deps.debounceMs ?? 2_000)
  })

  async function round(): Promise<RoundReport | null> {
    const client = await deps.client()
    if (!client || !storeId || !state) {
      error = 'Sync needs an Anthropic API key (the same one as chat).'
      return null
    }
    const current = state
    pending = 0
    const control = new AbortController()
    stopRound = control
    const deadlineMs = deps.roundDeadlineMs ?? ROUND_DEADLINE
    // The deadline is a watchdog on the clock (not one of the app's held timers): a round that
    // outlives it is stopped like a store that went offline, and tried again later.
    const deadline = setTimeout(
      () =>
        control.abort(
          new RemoteUnavailable(
            `The Memory Store did not finish answering within ${Math.round(deadlineMs / 1000)} seconds: the round was stopped and will be tried again.`,
            null
          )
        ),
      deadlineMs
    )
    deadline.unref()
    try {
      const report = await syncRound({
        remote: createRemote(client, storeId, control.signal),
        signal: control.signal,
        local: new LocalFolder(deps.memory, { kind: 'external', device: otherDevice }),
        state: current,
        checkpoint: () => saveState(deps.stateDir, current),
        deviceName,
        now,
        // A declined version never lands, whatever the Approval setting says later.
        mayApply: (change) =>
          !isDeclined(current, change) &&
          (!needsApproval(deps.approvalMode?.() ?? 'automatic', change.command) ||
            approved.has(changeKey(change)))
      })
      failures = 0
      retryAt = null
      error = null
      skipped = report.skipped
      waiting = report.waiting.filter((c) => !isDeclined(current, c))
      declinedSeen = report.waiting.length - waiting.length
      return report
    } catch (caught) {
      // Stopped on purpose (quit, sync turned off): not a failure, nothing to retry.
      if (caught instanceof RemoteAborted) throw caught
      failures += 1
      const backoff = Math.min(MAX_BACKOFF, MIN_BACKOFF * 2 ** (failures - 1))
      const wait =
        caught instanceof RemoteUnavailable ? Math.max(caught.retryAfterMs ?? 0, backoff) : backoff
      retryAt = now() + wait
      error = caught instanceof Error ? caught.message : String(caught)
      if (!paused) schedule(wait, 'sync-retry')
      throw caught
    } finally {
      clearTimeout(deadline)
      if (stopRound === control) stopRound = null
      await saveState(deps.stateDir, current)
    }
  }

  /** Stops the running round at its next request (its links stay true) and waits for it. */
  async function interrupt(reason: string): Promise<void> {
    stopRound?.abort(new RemoteAborted(reason))
    await running?.catch(() => undefined)
  }

  /** One round now (or the one running); resolves with its report, rejects when it failed. */
  async function syncNow(): Promise<RoundReport | null> {
    if (!storeId || paused) return null
    if (running) return running
    running = round()
    emit()
    try {
      const report = await running
      if (deps.intervalMs && !paused) schedule(deps.intervalMs, 'sync-interval')
      return report
    } finally {
      running = null
      emit()
    }
  }

  return {
    status,
    syncNow,
    onStatus: (listener: (status: SyncStatus) => void): (() => void) => statuses.on(listener),
    /** Turns sync on for this store (its sidecar state is kept per store). */
    async configure(next: {
      storeId: string
      storeName?: string | null
      deviceName?: string
    }): Promise<SyncStatus> {
      await interrupt('Sync moved to another store.')
      storeId = next.storeId
      storeName = next.storeName ?? null
      if (next.deviceName) deviceName = next.deviceName
      state = await loadState(deps.stateDir, next.storeId)
      declinedSeen = 0
      paused = false
      retryAt = null
      failures = 0
      emit()
      return status()
    },
    /** At startup: sync resumes as the user left it (off unless they turned it on). */
    async start(): Promise<SyncStatus> {
      const config = await loadConfig(deps.stateDir)
      if (!config) return status()
      await this.configure(config)
      paused = config.paused
      if (!paused) schedule(deps.debounceMs ?? 2_000)
      emit()
      return status()
    },
    /** Settings → Sync: choose a store by id or create one, then sync at once. */
    async configureStore(input: SyncStoreChoice): Promise<SyncStatus> {
      const client = await deps.client()
      if (!client)
        throw new CairnError(
          'BAD_INPUT',
          'Sync needs an Anthropic API key: add one in Settings first.'
        )
      const store =
        'create' in input
          ? await client.beta.memoryStores.create({
              name: input.create.name,
              ...(input.create.description ? { description: input.create.description } : {})
            })
          : await client.beta.memoryStores.retrieve(input.storeId)
      const name = input.deviceName ?? deviceName
      await saveConfig(deps.stateDir, {
        storeId: store.id,
        storeName: store.name,
        paused: false,
        deviceName: name
      })
      await this.configure({ storeId: store.id, storeName: store.name, deviceName: name })
      schedule(0)
      return status()
    },
    /** The stores this key can use (Settings → Sync: choose one). */
    async listStores(): Promise<SyncStoreList> {
      const client = await deps.client()
      if (!client)
        throw new CairnError(
          'BAD_INPUT',
          'Sync needs an Anthropic API key: add one in Settings first.'
        )
      return { stores: await listStores(client) }
    },
    /**
     * The user approves every change from the store now waiting (the Approval setting asked for
     * them); a round applies exactly those versions, and a newer version would ask again.
     */
    async approveWaiting(): Promise<SyncStatus> {
      for (const change of waiting) approved.add(changeKey(change))
      await syncNow().catch(() => undefined)
      approved.clear()
      return status()
    },
    /**
     * The user declines every change from the store now waiting: this device keeps its files and
     * those versions are not offered again (a later version is). Nothing is written anywhere but
     * the sidecar.
     */
    async declineWaiting(): Promise<SyncStatus> {
      await running?.catch(() => undefined)
      if (!state || waiting.length === 0) return status()
      decline(state, waiting)
      await saveState(deps.stateDir, state)
      declinedSeen += waiting.length
      waiting = []
      emit()
      return status()
    },
    /** The user's answer to a conflict (the inspector); the resolution syncs in the next round. */
    async resolve(input: SyncConflictAnswer): Promise<SyncStatus> {
      if (!state) return status()
      // The user's answer goes first; the stopped round's work is finished by the next one.
      await interrupt('Sync paused the round to apply your answer.')
      await resolveConflict(deps.memory, state, input)
      await saveState(deps.stateDir, state)
      if (!paused && retryAt === null) schedule(0)
      emit()
      return status()
    },
    async pause(value: boolean): Promise<SyncStatus> {
      paused = value
      if (paused && timer !== null) clearTimer(timer)
      if (!paused) schedule(0)
      if (storeId) await saveConfig(deps.stateDir, { storeId, storeName, paused, deviceName })
      emit()
      return status()
    },
    /** Stops syncing; local files stay as they are (and so does the store). */
    async disconnect(): Promise<SyncStatus> {
      await interrupt('Sync was turned off.')
      if (timer !== null) clearTimer(timer)
      storeId = null
      storeName = null
      state = null
      pending = 0
      skipped = []
      waiting = []
      declinedSeen = 0
      retryAt = null
      error = null
      await saveConfig(deps.stateDir, null)
      emit()
      return status()
    },
    async dispose(): Promise<void> {
      unsubscribe()
      if (timer !== null) clearTimer(timer)
      await interrupt('Sync stopped: Cairn is closing.')
    }
  }
}
export type SyncService = ReturnType<typeof createSyncService>
