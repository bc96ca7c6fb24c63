import type { UpdateSettings, UpdateStatus } from '@shared/app/updates'
import { createUpdatesService } from '../service'
import type { UpdaterConfig, UpdaterEvent, UpdaterPort } from '../port'

/** A hand-driven updater: records what the service asked, and fires the events a test chooses. */
export function fakePort() {
  const listeners = new Set<(event: UpdaterEvent) => void>()
  const port = {
    calls: [] as string[],
    configs: [] as UpdaterConfig[],
    disposed: false,
    configure: (config: UpdaterConfig) => void port.configs.push(config),
    check: () => void port.calls.push('check'),
    download: () => void port.calls.push('download'),
    cancelDownload: () => void port.calls.push('cancel'),
    quitAndInstall: () => void port.calls.push('quitAndInstall'),
    onEvent(listener: (event: UpdaterEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose: () => void (port.disposed = true),
    fire: (event: UpdaterEvent) => listeners.forEach((listener) => listener(event)),
    listenerCount: () => listeners.size
  } satisfies UpdaterPort & Record<string, unknown>
  return port
}

/** A chat whose reply the test starts and ends. */
export function fakeChat() {
  let running = false
  let ended: () => void = () => undefined
  let done: Promise<void> = Promise.resolve()
  return {
    busy: () => running,
    idle: () => done,
    startReply() {
      running = true
      done = new Promise((resolve) => (ended = resolve))
    },
    endReply() {
      running = false
      ended()
    }
  }
}

/** Timers the test fires by hand (no waiting on the clock). */
export function fakeTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>()
  let next = 1
  return {
    setTimer: (fn: () => void, ms: number) => {
      pending.set(next, { fn, ms })
      return next++
    },
    clearTimer: (handle: unknown) => void pending.delete(handle as number),
    /** The delays of the timers now waiting. */
    delays: () => [...pending.values()].map((t) => t.ms),
    fireAll() {
      const due = [...pending.entries()]
      pending.clear()
      for (const [, timer] of due) timer.fn()
    }
  }
}

export function fakeSettings(initial: Partial<UpdateSettings> = {}) {
  let current: UpdateSettings = { mode: 'auto', channel: 'stable', ...initial }
  const listeners = new Set<(settings: UpdateSettings) => void>()
  return {
    get: () => current,
    onChange(listener: (settings: UpdateSettings) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(patch: Partial<UpdateSettings>) {
      current = { ...current, ...patch }
      listeners.forEach((listener) => listener(current))
    }
  }
}

export function setup(initial: Partial<UpdateSettings> = {}) {
  const port = fakePort()
  const chat = fakeChat()
  const timers = fakeTimers()
  const settings = fakeSettings(initial)
  const logs: Array<[string, string, Record<string, unknown> | undefined]> = []
  const logger = {
    info: (m: string, f?: Record<string, unknown>) => void logs.push(['info', m, f]),
    warn: (m: string, f?: Record<string, unknown>) => void logs.push(['warn', m, f]),
    error: (m: string, f?: Record<string, unknown>) => void logs.push(['error', m, f])
  }
  const service = createUpdatesService({
    currentVersion: '1.0.0',
    settings,
    chat,
    logger,
    now: () => 1_000,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    firstCheckMs: 10,
    intervalMs: 1_000
  })
  const seen: UpdateStatus[] = []
  service.onStatus((status) => seen.push(status))
  return {
    port,
    chat,
    timers,
    settings,
    service,
    seen,
    logs,
    kinds: () => seen.map((s) => s.phase.kind)
  }
}
