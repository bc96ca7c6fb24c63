// Sync with an Anthropic Memory Store: store/remote.ts speaks to the store, round/local.ts to
// the memory service (its one write path), round/engine.ts runs one round, state.ts keeps the
// sidecar, round/merge.ts merges text three ways, store/paths.ts holds the store's name and size rules.
export { createSyncService, type SyncService } from './service'
export {
  createSyncPerSpace,
  syncStateDir,
  SYNC_STATE_FOLDER_NAME,
  type SyncPerSpace
} from './per-space'
export { syncRound, type RoundReport } from './round/engine'
export { LocalFolder } from './round/local'
export { createRemote } from './store/remote'
export { loadState, saveState, emptyState, type SyncState, type Conflict } from './state'
