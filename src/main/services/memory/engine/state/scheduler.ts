/** Timer functions, injectable so tests drive the hourly sweep and the index flush. */
export interface Timers {
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

// The engine's clock work and its life: the periodic sweep, the one pending index flush, and
// whether the store is closed. The one owner of the timers: closing stops both, and nothing
// scheduled after the close runs.

export class Scheduler {
  private isClosed = false
  private sweepTimer: unknown
  private flushTimer: unknown

  constructor(
    private readonly timers: Timers,
    private readonly flushMs: number
  ) {}

  get closed(): boolean {
    return this.isClosed
  }

  /** Runs `sweep` every `intervalMs` until the close. */
  sweepEvery(intervalMs: number, sweep: () => void): void {
    if (this.isClosed) return
    this.timers.clearInterval(this.sweepTimer)
    this.sweepTimer = this.timers.setInterval(sweep, intervalMs)
  }

  /** Runs `flush` once, shortly; a request while one waits joins it. */
  flushSoon(flush: () => void): void {
    if (this.flushTimer !== undefined || this.isClosed) return
    this.flushTimer = this.timers.setTimeout(() => {
      this.flushTimer = undefined
      if (!this.isClosed) flush()
    }, this.flushMs)
  }

  /** Stops the timers; false when already closed (the close runs once). */
  close(): boolean {
    if (this.isClosed) return false
    this.isClosed = true
    this.timers.clearInterval(this.sweepTimer)
    this.timers.clearTimeout(this.flushTimer)
    return true
  }
}
