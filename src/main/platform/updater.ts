import {
  CancellationToken,
  type AppUpdater,
  type ProgressInfo,
  type UpdateDownloadedEvent,
  type UpdateInfo
} from 'electron-updater'
import type { Logger } from '../services/log/logger'
import type { UpdaterConfig, UpdaterEvent, UpdaterPort } from '../services/updates'
import { Emitter } from '../services/events/emitter'

/*
 * electron-updater's autoUpdater as the updates service's port: its events become the state
 * machine's inputs, and check/download/quitAndInstall start its work. Nothing here decides when:
 * the service does. Signature checks are left as electron-updater sets them (on): nothing here
 * touches verifyUpdateCodeSignature, and the web installer (which may skip them) is refused.
 */

type Notes = UpdateInfo['releaseNotes']

/** One text from what a release carries: a string, or one note per version (fullChangelog). */
function notesText(notes: Notes): string | null {
  if (!notes) return null
  if (typeof notes === 'string') return notes
  return notes
    .map((entry) => (entry.note ? `${entry.version}\n${entry.note}` : entry.version))
    .join('\n\n')
}

function errorFields(error: unknown): Extract<UpdaterEvent, { type: 'error' }> {
  const raw = error as { message?: unknown; code?: unknown; statusCode?: unknown } | null
  return {
    type: 'error',
    message: typeof raw?.message === 'string' ? raw.message : String(error),
    code: typeof raw?.code === 'string' ? raw.code : null,
    status: typeof raw?.statusCode === 'number' ? raw.statusCode : null
  }
}

export function createUpdaterPort(
  updater: AppUpdater,
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>
): UpdaterPort {
  const events = new Emitter<UpdaterEvent>()
  const send = (event: UpdaterEvent): void => events.emit(event)
  // The service decides when to download (auto, or the user's click in notify-only).
  updater.autoDownload = false
  updater.disableWebInstaller = true
  updater.logger = {
    info: (message?: unknown) => logger.debug('updater', { message: String(message) }),
    warn: (message?: unknown) => logger.warn('updater', { message: String(message) }),
    error: (message?: unknown) => logger.warn('updater', { message: String(message) })
  }
  let cancel: CancellationToken | null = null

  const handlers: Array<[string, (...args: never[]) => void]> = [
    ['checking-for-update', () => send({ type: 'checking' })],
    [
      'update-available',
      (info: UpdateInfo) =>
        send({ type: 'available', version: info.version, notes: notesText(info.releaseNotes) })
    ],
    ['update-not-available', () => send({ type: 'not-available' })],
    [
      'download-progress',
      (progress: ProgressInfo) =>
        send({
          type: 'progress',
          percent: progress.percent,
          transferred: progress.transferred,
          total: progress.total
        })
    ],
    [
      'update-downloaded',
      (event: UpdateDownloadedEvent) =>
        send({ type: 'downloaded', version: event.version, notes: notesText(event.releaseNotes) })
    ],
    // Every failure of a check, a download or an install comes through here (promises too reject).
    ['error', (error: unknown) => send(errorFields(error))]
  ]
  for (const [event, handler] of handlers) updater.on(event as 'error', handler as never)

  /** The promise's failure was already sent as an `error` event: only logged here. */
  const quietly = (work: Promise<unknown>): void => {
    work.catch((error: unknown) => logger.debug('updater call failed', { error }))
  }

  return {
    configure({ channel, installOnQuit }: UpdaterConfig) {
      // The channel's files (beta-*.yml on a generic server; pre-releases on GitHub), no downgrade:
      // going back to stable waits for a stable version newer than the beta in use.
      updater.channel = channel === 'beta' ? 'beta' : 'latest'
      updater.allowPrerelease = channel === 'beta'
      updater.allowDowngrade = false
      updater.autoInstallOnAppQuit = installOnQuit
    },
    check() {
      quietly(
        updater.checkForUpdates().then((result) => {
          // null: the updater does not run in this copy (not packaged, or not an AppImage).
          if (result === null) send({ type: 'inactive' })
        })
      )
    },
    download() {
      cancel = new CancellationToken()
      quietly(updater.downloadUpdate(cancel))
    },
    cancelDownload() {
      cancel?.cancel()
      cancel = null
    },
    quitAndInstall() {
      // Not silent on Windows (the installer shows its progress), and Cairn starts again after.
      updater.quitAndInstall(false, true)
    },
    onEvent(listener) {
      return events.on(listener)
    },
    dispose() {
      for (const [event, handler] of handlers)
        updater.removeListener(event as 'error', handler as never)
      events.clear()
    }
  }
}
