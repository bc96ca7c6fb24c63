import type { LocalFolder } from './local'
import type { Remote } from '../store/remote'
import type { Conflict, SyncState } from '../state'

// What one sync round is given and what it reports.

export interface RoundReport {
  pushed: number
  pulled: number
  deleted: number
  conflicts: Conflict[]
  /** Files that are not synced, and why (too large, bad name, refused by the guard...). */
  skipped: Array<{ path: string; reason: string }>
  /** Changes from the store held for the user's approval (the Approval setting asks for them). */
  waiting: Waiting[]
}

export interface Waiting {
  path: string
  command: 'create' | 'str_replace' | 'delete' | 'rename'
  memoryId: string
  /**
   * The store's hash the approval is for ('' for a delete; `theirs+mine` for a reconcile): a
   * newer version asks again.
   */
  sha256: string
}

export interface EngineDeps {
  remote: Remote
  local: LocalFolder
  state: SyncState
  /** Called after changes, so a crash loses little (the state is true at every point). */
  checkpoint: () => Promise<void>
  /** This device's name: a kept copy of its version is `name (from <device>).md`. */
  deviceName: string
  now: () => number
  /** Whether a change from the store may land now (the Approval setting, or the user approved it). */
  mayApply?: (change: Waiting) => boolean
  /** Quit, disconnect or the round's deadline: the round stops before its next step. */
  signal?: AbortSignal
}

// Changes from the store the user declined (Settings → Sync → Decline): this device keeps its
// files, and those exact versions are not offered again. A key names one version (command,
// memory and hash), so a later change to the same memory has a new key and is offered again.

/** Enough for years of declining; the oldest go first (they are for versions long replaced). */
export const MAX_DECLINED = 1_000

export const changeKey = (c: Waiting): string => `${c.command}:${c.memoryId}:${c.sha256}`

export const isDeclined = (state: SyncState | null, change: Waiting): boolean =>
  state?.declined.includes(changeKey(change)) ?? false

/** Records the changes as declined (kept in the sidecar, so a restart remembers them). */
export function decline(state: SyncState, changes: readonly Waiting[]): void {
  const keys = new Set(changes.map(changeKey))
  const kept = state.declined.filter((k) => !keys.has(k))
  state.declined = [...kept, ...keys].slice(-MAX_DECLINED)
}
