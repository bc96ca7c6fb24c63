// Sync with an Anthropic Memory Store: remote.ts speaks to the store, local.ts to the memory
// service (its one write path), engine.ts runs one round, state.ts keeps the sidecar, merge.ts
// merges text three ways, paths.ts holds the store's rules for names and sizes.
export { createSyncService, type SyncService } from './service'
export {
  createSyncPerSpace,
  syncStateDir,
  SYNC_STATE_FOLDER_NAME,
  type SyncPerSpace
} from './per-space'
export { syncRound, type RoundReport } from './engine'
export { LocalFolder } from './local'
export { createRemote } from './remote'
export { loadState, saveState, emptyState, type SyncState, type Conflict } from './state'
