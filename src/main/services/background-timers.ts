import { waitOn, type Wait } from './chat'
import type { Timers } from './memory'

/**
 * What the app does when a timer says so: the update check after start (and every few hours),
 * sync's rounds (soon after a change, periodic, a retry after a failure), the hourly memory sweep,
 * and the countdown before a failed chat request is tried again. The app runs them on the clock;
 * the e2e harness holds the ones a test should not meet by surprise, and a test fires them.
 */
export type BackgroundJob =
  | 'update-check'
  /** A sync round soon after a local change (a short debounce), or at once. */
  | 'sync-round'
  | 'sync-interval'
  | 'sync-retry'
  | 'memory-sweep'
  /** One step (up to a second) of the countdown before Cairn tries a failed request again. */
  | 'chat-retry'
  /** A look at the tidy batches still waiting (tidy/batch/desk.ts). */
  | 'tidy-batch-poll'

export interface BackgroundTimers {
  /** Runs `fn` once, `ms` from now. */
  after(job: BackgroundJob, ms: number, fn: () => void): unknown
  /** Runs `fn` every `ms`. */
  every(job: BackgroundJob, ms: number, fn: () => void): unknown
  cancel(handle: unknown): void
}

/** The clock's own timers, unref'd: a pending check never keeps the process alive. */
export const clockTimers: BackgroundTimers = {
  after: (_job, ms, fn) => setTimeout(fn, ms).unref(),
  every: (_job, ms, fn) => setInterval(fn, ms).unref(),
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout)
}

/** The memory engine's timers: its sweep is background work, its index flush a short debounce. */
export function memoryTimers(background: BackgroundTimers): Timers {
  return {
    setInterval: (fn, ms) => background.every('memory-sweep', ms, fn),
    clearInterval: (handle) => background.cancel(handle),
    setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout)
  }
}

/** The chat's wait before a retry, on these timers; Stop (the signal) ends it at once. */
export function retryWait(background: BackgroundTimers): Wait {
  return waitOn(
    (fn, ms) => background.after('chat-retry', ms, fn),
    (handle) => background.cancel(handle)
  )
}

/** Timers that fire only when told to (the e2e harness): what is pending, by job. */
export interface HeldTimers extends BackgroundTimers {
  /** The held jobs waiting now, in the order they were set. */
  pending(): BackgroundJob[]
  /** Fires every pending timer of `job` (a repeating one stays pending); answers how many ran. */
  fire(job: BackgroundJob): number
  /** From now on, holds `job` too (one that ran on the clock). */
  hold(job: BackgroundJob): void
}

/** Holds every job but those in `onClock`, which run on the clock as in the app. */
export function heldTimers({ onClock = [] }: { onClock?: BackgroundJob[] } = {}): HeldTimers {
  const clocked = new Set(onClock)
  const timers = new Map<object, { job: BackgroundJob; fn: () => void; repeat: boolean }>()
  const clock = new Map<object, unknown>()
  const start = (job: BackgroundJob, ms: number, fn: () => void, repeat: boolean): object => {
    const handle = {}
    if (clocked.has(job) && repeat) clock.set(handle, clockTimers.every(job, ms, fn))
    else if (clocked.has(job))
      clock.set(
        handle,
        clockTimers.after(job, ms, () => {
          clock.delete(handle)
          fn()
        })
      )
    else timers.set(handle, { job, fn, repeat })
    return handle
  }
  return {
    after: (job, ms, fn) => start(job, ms, fn, false),
    every: (job, ms, fn) => start(job, ms, fn, true),
    cancel(handle) {
      timers.delete(handle as object)
      if (clock.has(handle as object)) clockTimers.cancel(clock.get(handle as object))
      clock.delete(handle as object)
    },
    pending: () => [...timers.values()].map((timer) => timer.job),
    fire(job) {
      const due = [...timers].filter(([, timer]) => timer.job === job)
      for (const [handle, timer] of due) {
        if (!timer.repeat) timers.delete(handle)
        timer.fn()
      }
      return due.length
    },
    hold: (job) => void clocked.delete(job)
  }
}
