import type { UpdateSettings, UpdateStatus } from '@shared/app/updates'
import type { Logger } from '../log/logger'
import type { UpdaterPort } from './port'
import { createUpdateState, TURNED_OFF, UNSUPPORTED, type UpdateState } from './update-state'
import { updaterEventHandler } from './updater-events'

/*
 * The update state machine. It decides; the updater (a port) does:
 *   idle → checking → not-available | available → downloading → ready → (restart) | error
 * Checks a few seconds after start and every few hours (mode auto or notify), downloads in the
 * background (auto) or when the user says so (notify), and restarts only when the user asks, and
 * never while a reply is streaming: it waits for the chat to be idle and says so. The state itself
 * is update-state.ts's; what the updater's events do to it, updater-events.ts.
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

export type UpdatesService = ReturnType<typeof createUpdatesService>

export function createUpdatesService(deps: UpdatesServiceDeps) {
  const log = deps.logger
  const state = createUpdateState({
    currentVersion: deps.currentVersion,
    settings: deps.settings.get(),
    now: deps.now ?? Date.now
  })
  let port: UpdaterPort | null = null
  let restarting = false
  let disposed = false
  const stops: Array<() => void> = []
  const timer = checkTimer(deps, () => {
    if (disposed) return false
    if (state.settings().mode !== 'off') startCheck()
    return true
  })

  const configurePort = (): void => {
    const { channel, mode } = state.settings()
    port?.configure({ channel, installOnQuit: mode !== 'off' })
  }
  const startCheck = (): void => {
    const phase = state.phase()
    if (!port || state.busy() || (phase.kind === 'off' && phase.reason === 'unsupported')) return
    state.enter({ kind: 'checking' })
    port.check()
  }
  const startDownload = (): void => {
    const found = state.found()
    if (!port || !found) return
    state.enter({ kind: 'downloading', ...found, percent: 0, transferred: 0, total: 0 })
    port.download()
  }
  const onEvent = updaterEventHandler({
    state,
    log,
    startDownload,
    stopTimer: timer.stop,
    restartFailed: () => (restarting = false)
  })
  stops.push(
    deps.settings.onChange((next) =>
      applySettings(state, next, { port, configurePort, startCheck, startDownload })
    )
  )

  return {
    status: state.status,
    /** Packaged builds only: until then updates are off ("development build"). */
    connect(next: UpdaterPort): void {
      if (disposed || port) return
      port = next
      configurePort()
      stops.push(
        port.onEvent((event) => {
          if (!disposed) onEvent(event)
        })
      )
      state.setPhase(state.settings().mode === 'off' ? TURNED_OFF : { kind: 'idle' })
      state.emit()
      timer.schedule(deps.firstCheckMs ?? FIRST_CHECK_MS)
    },
    /** The updater could not be started in this copy: off, and says where new versions are. */
    unavailable(): void {
      if (port || disposed) return
      state.enter(UNSUPPORTED)
    },
    /** "Check now" (in any mode: with updates off it asks once and downloads nothing). */
    check(): UpdateStatus {
      startCheck()
      return state.status()
    },
    /** "Download" (notify only), or try a failed download again. */
    download(): UpdateStatus {
      const phase = state.phase()
      const retry = phase.kind === 'error' && phase.during === 'download'
      if (phase.kind === 'available' || retry) startDownload()
      return state.status()
    },
    /** "Restart to update": now if no reply is streaming, else as soon as the last one ends. */
    restart(): UpdateStatus {
      if (state.phase().kind !== 'ready' || restarting || !port) return state.status()
      restarting = true
      restartWhenIdle(state, deps.chat, log, {
        install: () => port?.quitAndInstall(),
        stillWanted: () => !disposed && restarting
      })
      return state.status()
    },
    onStatus: state.onStatus,
    dispose(): void {
      disposed = true
      timer.stop()
      for (const stop of stops) stop()
      port?.dispose()
      state.clearListeners()
    }
  }
}

/** The checks' timer: `tick` runs at each (false: stop), then the next is set an interval on. */
function checkTimer(
  deps: Pick<UpdatesServiceDeps, 'setTimer' | 'clearTimer' | 'intervalMs'>,
  tick: () => boolean
) {
  const setTimer =
    deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms).unref() as unknown)
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout))
  let timer: unknown = null
  const stop = (): void => {
    if (timer !== null) clearTimer(timer)
    timer = null
  }
  const schedule = (ms: number): void => {
    if (timer !== null) clearTimer(timer)
    timer = setTimer(() => {
      timer = null
      if (!tick()) return
      schedule(deps.intervalMs ?? CHECK_INTERVAL_MS)
    }, ms)
  }
  return { schedule, stop }
}

interface SettingsEffects {
  port: UpdaterPort | null
  configurePort(): void
  startCheck(): void
  startDownload(): void
}

/** New update settings: the updater told, and a check, download or cancel where one follows. */
function applySettings(state: UpdateState, next: UpdateSettings, effects: SettingsEffects): void {
  const before = state.settings()
  if (before.channel === next.channel && before.mode === next.mode) return
  state.useSettings(next)
  const { port } = effects
  if (!port) return state.emit()
  effects.configurePort()
  const phase = state.phase()
  if (next.mode === 'off') {
    if (phase.kind === 'downloading') port.cancelDownload()
    // A downloaded update stays offered: turning updates off does not take it away.
    if (phase.kind !== 'ready') return state.enter(TURNED_OFF)
    return state.emit()
  }
  if (phase.kind === 'off' && phase.reason === 'setting') {
    state.setPhase({ kind: 'idle' })
    return effects.startCheck()
  }
  if (before.channel !== next.channel && !state.busy()) return effects.startCheck()
  if (before.mode !== 'auto' && next.mode === 'auto' && phase.kind === 'available')
    return effects.startDownload()
  state.emit()
}

/** Installs the ready update now, or once no reply is streaming (and says it waits). */
function restartWhenIdle(
  state: UpdateState,
  chat: UpdatesServiceDeps['chat'],
  log: UpdatesServiceDeps['logger'],
  restart: { install: () => void; stillWanted: () => boolean }
): void {
  const ready = state.phase()
  if (ready.kind !== 'ready') return
  if (!chat.busy()) {
    log.info('restarting to update', { version: ready.version })
    restart.install()
    return
  }
  log.info('restart to update waits for the reply to end', { version: ready.version })
  state.enter({ ...ready, waitingForReply: true })
  void (async () => {
    // A reply may start as one ends: the restart happens only at a moment with none running.
    while (chat.busy()) await chat.idle()
    const phase = state.phase()
    if (!restart.stillWanted() || phase.kind !== 'ready') return
    log.info('restarting to update after the reply', { version: phase.version })
    restart.install()
  })().catch((error: unknown) => log.error('restart to update failed', { error }))
}
