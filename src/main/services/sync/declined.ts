import type { Waiting } from './round'
import type { SyncState } from './state'

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
