import type { UpdatePhase, UpdateSettings, UpdateStatus } from '@shared/app/updates'
import type { Logger } from '../log/logger'
import { describeUpdateError, type UpdateStep } from './describe-error'
import type { UpdaterEvent, UpdaterPort } from './port'
import { plainReleaseNotes } from './release-notes'
import { Emitter } from '../events/emitter'

/*
 * The update state machine. It decides; the updater (a port) does:
 *   idle → checking → not-available | available → downloading → ready → (restart) | error
 * Checks a few seconds after start and every few hours (mode auto or notify), downloads in the
 * background (auto) or when the user says so (notify), and restarts only when the user asks, and
 * never while a reply is streaming: it waits for the chat to be idle and says so.
 */

export interface UpdatesServiceDeps {
  currentVersion: string
  settings: {
    get(): UpdateSettings
    onChange(listener: (settings: UpdateSettings) => void): () => void
  }
  /** Whether a reply is streaming, and a promise for when none is. */
  chat: { busy(): boolean; idle(): Promise<void> }
  logger: Pick<Logger, 'info' | 'warn' | 'error'>
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  /** The first check, after start (not at once: start-up has enough to do). */
  firstCheckMs?: number
  intervalMs?: number
}

export const FIRST_CHECK_MS = 10_000
export const CHECK_INTERVAL_MS = 4 * 60 * 60_000

const DEVELOPMENT: UpdatePhase = {
  kind: 'off',
  reason: 'development',
  message: 'Updates are off: this is a development build. Packaged releases update themselves.'
}
const UNSUPPORTED: UpdatePhase = {
  kind: 'off',
  reason: 'unsupported',
  message:
    'This copy of Cairn cannot update itself (on Linux only the AppImage and the .deb package can). Download new versions from the releases page.'
}
const TURNED_OFF: UpdatePhase = {
  kind: 'off',
  reason: 'setting',
  message: 'Updates are off: Cairn does not check for new versions. Check now still asks once.'
}

export type UpdatesService = ReturnType<typeof createUpdatesService>

export function createUpdatesService(deps: UpdatesServiceDeps) {
  const now = deps.now ?? Date.now
  const setTimer =
    deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms).unref() as unknown)
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout))
  const log = deps.logger
  let settings = deps.settings.get()
  let port: UpdaterPort | null = null
  let phase: UpdatePhase = DEVELOPMENT
  let checkedAt: number | null = null
  /** What the last check found, so a failed download can be tried again. */
  let found: { version: string; notes: string | null } | null = null
  let timer: unknown = null
  let restarting = false
  let disposed = false
  const stops: Array<() => void> = []
  const statuses = new Emitter<UpdateStatus>()

  const status = (): UpdateStatus => ({
    currentVersion: deps.currentVersion,
    mode: settings.mode,
    channel: settings.channel,
    checkedAt,
    phase
  })
  const emit = (): void => {
    statuses.emit(status())
  }
  const enter = (next: UpdatePhase): void => {
    phase = next
    emit()
  }
  const configurePort = (): void =>
    port?.configure({ channel: settings.channel, installOnQuit: settings.mode !== 'off' })

  /** Busy phases a check must not interrupt (and the timer skips). */
  const busy = (): boolean =>
    phase.kind === 'checking' || phase.kind === 'downloading' || phase.kind === 'ready'

  const startCheck = (): void => {
    if (!port || busy() || (phase.kind === 'off' && phase.reason === 'unsupported')) return
    enter({ kind: 'checking' })
    port.check()
  }
  const startDownload = (): void => {
    if (!port || !found) return
    enter({ kind: 'downloading', ...found, percent: 0, transferred: 0, total: 0 })
    port.download()
  }
  const schedule = (ms: number): void => {
    if (timer !== null) clearTimer(timer)
    timer = setTimer(() => {
      timer = null
      if (disposed) return
      if (settings.mode !== 'off') startCheck()
      schedule(deps.intervalMs ?? CHECK_INTERVAL_MS)
    }, ms)
  }

  const stepOf = (): UpdateStep =>
    phase.kind === 'ready' ? 'install' : phase.kind === 'checking' ? 'check' : 'download'

  const onEvent = (event: UpdaterEvent): void => {
    if (disposed) return
    switch (event.type) {
      case 'checking':
        if (!busy()) enter({ kind: 'checking' })
        return
      case 'not-available':
        checkedAt = now()
        found = null
        enter({ kind: 'not-available' })
        return
      case 'available': {
        checkedAt = now()
        found = { version: event.version, notes: plainReleaseNotes(event.notes) }
        log.info('update available', { version: event.version, mode: settings.mode })
        // Only "auto" downloads on its own; "notify" and a manual check with updates off wait.
        if (settings.mode === 'auto') startDownload()
        else enter({ kind: 'available', ...found })
        return
      }
      case 'progress': {
        if (phase.kind !== 'downloading' && phase.kind !== 'available') return
        const percent = Math.max(0, Math.min(100, Math.floor(event.percent)))
        if (phase.kind === 'downloading' && phase.percent === percent) return
        const { version, notes } = phase
        const { transferred, total } = event
        enter({ kind: 'downloading', version, notes, percent, transferred, total })
        return
      }
      case 'downloaded': {
        const notes = plainReleaseNotes(event.notes) ?? found?.notes ?? null
        log.info('update downloaded', { version: event.version })
        enter({ kind: 'ready', version: event.version, notes, waitingForReply: false })
        return
      }
      case 'inactive':
        log.info('the updater does not run in this copy of Cairn')
        if (timer !== null) clearTimer(timer)
        timer = null
        enter(UNSUPPORTED)
        return
      case 'error': {
        const step = stepOf()
        log.warn('update failed', {
          step,
          code: event.code,
          status: event.status,
          error: event.message
        })
        if (step === 'check') checkedAt = now()
        restarting = false
        enter({
          kind: 'error',
          during: step,
          ...describeUpdateError(event, step, settings.channel)
        })
        return
      }
    }
  }

  const applySettings = (next: UpdateSettings): void => {
    const before = settings
    if (before.channel === next.channel && before.mode === next.mode) return
    settings = next
    if (!port) return emit()
    configurePort()
    if (next.mode === 'off') {
      if (phase.kind === 'downloading') port.cancelDownload()
      // A downloaded update stays offered: turning updates off does not take it away.
      if (phase.kind !== 'ready') return enter(TURNED_OFF)
      return emit()
    }
    if (phase.kind === 'off' && phase.reason === 'setting') {
      phase = { kind: 'idle' }
      return startCheck()
    }
    if (before.channel !== next.channel && !busy()) return startCheck()
    if (before.mode !== 'auto' && next.mode === 'auto' && phase.kind === 'available')
      return startDownload()
    emit()
  }
  stops.push(deps.settings.onChange(applySettings))

  return {
    status,
    /** Packaged builds only: until then updates are off ("development build"). */
    connect(next: UpdaterPort): void {
      if (disposed || port) return
      port = next
      configurePort()
      stops.push(port.onEvent(onEvent))
      phase = settings.mode === 'off' ? TURNED_OFF : { kind: 'idle' }
      emit()
      schedule(deps.firstCheckMs ?? FIRST_CHECK_MS)
    },
    /** The updater could not be started in this copy: off, and says where new versions are. */
    unavailable(): void {
      if (port || disposed) return
      enter(UNSUPPORTED)
    },
    /** "Check now" (in any mode: with updates off it asks once and downloads nothing). */
    check(): UpdateStatus {
      startCheck()
      return status()
    },
    /** "Download" (notify only), or try a failed download again. */
    download(): UpdateStatus {
      const retry = phase.kind === 'error' && phase.during === 'download'
      if (phase.kind === 'available' || retry) startDownload()
      return status()
    },
    /** "Restart to update": now if no reply is streaming, else as soon as the last one ends. */
    restart(): UpdateStatus {
      if (phase.kind !== 'ready' || restarting || !port) return status()
      restarting = true
      const ready = phase
      if (!deps.chat.busy()) {
        log.info('restarting to update', { version: ready.version })
        port.quitAndInstall()
        return status()
      }
      log.info('restart to update waits for the reply to end', { version: ready.version })
      enter({ ...ready, waitingForReply: true })
      void (async () => {
        // A reply may start as one ends: the restart happens only at a moment with none running.
        while (deps.chat.busy()) await deps.chat.idle()
        if (disposed || !restarting || phase.kind !== 'ready') return
        log.info('restarting to update after the reply', { version: phase.version })
        port?.quitAndInstall()
      })().catch((error: unknown) => log.error('restart to update failed', { error }))
      return status()
    },
    onStatus(listener: (status: UpdateStatus) => void): () => void {
      return statuses.on(listener)
    },
    dispose(): void {
      disposed = true
      if (timer !== null) clearTimer(timer)
      timer = null
      for (const stop of stops) stop()
      port?.dispose()
      statuses.clear()
    }
  }
}
