import type { UpdaterEvent, UpdaterPort } from '../../src/main/services/updates'

/*
 * Test only: an update server and updater the browser harness plugs into the real updates service
 * (the app connects electron-updater there, in packaged builds). A spec says what the "server"
 * offers and drives the download; the state machine, the IPC and the banner are the real ones.
 */
export interface UpdateFeed {
  readonly port: UpdaterPort
  /** What a check finds: a newer version, or nothing; `fail` makes checks fail. */
  offer: { version: string; notes: string | null } | null
  failCheck: { message: string; code: string | null } | null
  /** What the app asked of the updater, in order: check, download, cancel, quitAndInstall. */
  readonly calls: string[]
  /** Sends an updater event as electron-updater would (progress, downloaded, error). */
  fire(event: UpdaterEvent): void
}

export function createUpdateFeed(): UpdateFeed {
  const listeners = new Set<(event: UpdaterEvent) => void>()
  const fire = (event: UpdaterEvent): void => listeners.forEach((listener) => listener(event))
  const feed: UpdateFeed = {
    offer: null,
    failCheck: null,
    calls: [],
    fire,
    port: {
      configure: () => undefined,
      check() {
        feed.calls.push('check')
        fire({ type: 'checking' })
        // Answers a moment later, as a server would.
        setTimeout(() => {
          if (feed.failCheck) fire({ type: 'error', status: null, ...feed.failCheck })
          else if (feed.offer) fire({ type: 'available', ...feed.offer })
          else fire({ type: 'not-available' })
        }, 50)
      },
      download: () => void feed.calls.push('download'),
      cancelDownload: () => void feed.calls.push('cancel'),
      quitAndInstall: () => void feed.calls.push('quitAndInstall'),
      onEvent(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      dispose: () => listeners.clear()
    }
  }
  return feed
}
