// Export and import of memory (one archive through the OS dialogs), per memory space.
export {
  createBackupService,
  reporter,
  type BackupDeps,
  type BackupService,
  type ChooseOpenFile
} from './backup-service'
export { createBackupsPerSpace, type BackupsPerSpace } from './per-space'
/** A memory export written straight to a file: how a deleted project's memory is archived. */
export { exportMemory } from './export'
