import type { UpdateChannel } from '@shared/app/updates'

/*
 * What the updates service needs from an updater, in plain terms. platform/updater.ts implements it
 * over electron-updater's autoUpdater; tests implement it by hand or over electron-updater's own
 * classes. The calls start work and return at once: what happened comes back as events.
 */

export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string; notes: string | null }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number; transferred: number; total: number }
  | { type: 'downloaded'; version: string; notes: string | null }
  /** The updater will not run in this copy (e.g. a Linux build that is not an AppImage). */
  | { type: 'inactive' }
  /** `code`: electron-updater's (`ERR_CHECKSUM_MISMATCH`) or Node's (`ENOTFOUND`); `status`: HTTP. */
  | { type: 'error'; message: string; code: string | null; status: number | null }

export interface UpdaterConfig {
  channel: UpdateChannel
  /** A downloaded update is installed when Cairn quits (off when updates are turned off). */
  installOnQuit: boolean
}

export interface UpdaterPort {
  configure(config: UpdaterConfig): void
  check(): void
  download(): void
  cancelDownload(): void
  /** Quits Cairn and installs the downloaded update (the caller made sure no reply is running). */
  quitAndInstall(): void
  onEvent(listener: (event: UpdaterEvent) => void): () => void
  dispose(): void
}
