// Updates: service.ts is the state machine (its state in update-state.ts, what the updater's events
// do in updater-events.ts), port.ts what it needs from an updater (the platform's electron-updater
// adapter implements it), describe-error.ts and release-notes.ts its wording.
export {
  createUpdatesService,
  CHECK_INTERVAL_MS,
  FIRST_CHECK_MS,
  type UpdatesService,
  type UpdatesServiceDeps
} from './service'
export type { UpdaterConfig, UpdaterEvent, UpdaterPort } from './port'
export { describeUpdateError } from './describe-error'
export { plainReleaseNotes } from './release-notes'
