import type Anthropic from '@anthropic-ai/sdk'
import type { SyncStatus } from '@shared/memory/sync'
import type { MemoryWriteApproval } from '@shared/app/settings'
import type { SpaceId } from '@shared/memory/spaces'
import type { MemoryService } from '../memory/service'
import type { RoundReport, Waiting } from './round/engine'
import type { SyncState } from './state'

// What the sync service knows between rounds, in one record its parts (service.ts,
// service-rounds.ts) share, and the status the user sees, read from it.

/** Why the next round is due (the app's timers hold some of these in tests). */
export type RoundTimer = 'sync-round' | 'sync-retry' | 'sync-interval'

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

export interface SyncSession {
  deviceName: string
  storeId: string | null
  storeName: string | null
  state: SyncState | null
  paused: boolean
  running: Promise<RoundReport | null> | null
  /** Stops the running round's requests at once (quit, disconnect, its deadline). */
  stopRound: AbortController | null
  pending: number
  failures: number
  retryAt: number | null
  error: string | null
  skipped: RoundReport['skipped']
  waiting: Waiting[]
  /** Held changes the last round saw that the user had declined (not listed, not applied). */
  declinedSeen: number
  /** Changes from the store the user approved, by command, memory and hash: each lands once. */
  approved: Set<string>
}

export function newSession(deviceName: string | undefined): SyncSession {
  return {
    deviceName: deviceName?.trim() || 'this device',
    storeId: null,
    storeName: null,
    state: null,
    paused: false,
    running: null,
    stopRound: null,
    pending: 0,
    failures: 0,
    retryAt: null,
    error: null,
    skipped: [],
    waiting: [],
    declinedSeen: 0,
    approved: new Set()
  }
}

/** Sync turned off: no store, nothing pending or waiting (the device's name stays). */
export function forgetStore(s: SyncSession): void {
  s.storeId = null
  s.storeName = null
  s.state = null
  s.pending = 0
  s.skipped = []
  s.waiting = []
  s.declinedSeen = 0
  s.retryAt = null
  s.error = null
}

function stateOf(s: SyncSession): SyncStatus['state'] {
  if (!s.storeId) return 'off'
  if (s.paused) return 'paused'
  if (s.running) return 'syncing'
  return s.retryAt !== null ? 'offline' : 'idle'
}

export function statusOf(space: SpaceId, s: SyncSession): SyncStatus {
  return {
    space,
    state: stateOf(s),
    storeId: s.storeId,
    storeName: s.storeName,
    lastSyncAt: s.state?.lastSyncAt ?? null,
    pending: s.pending,
    conflicts: s.state?.conflicts ?? [],
    skipped: s.skipped,
    retryAt: s.retryAt,
    error: s.error,
    deviceName: s.deviceName,
    storeSize: s.state?.storeSize ?? null,
    waiting: s.waiting.map(({ path, command }) => ({ path, command })),
    declined: s.declinedSeen
  }
}
