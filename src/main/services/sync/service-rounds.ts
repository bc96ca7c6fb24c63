import { needsApproval } from '@shared/chat/approval-policy'
import { changeKey, isDeclined } from './round/round'
import { syncRound, type RoundReport, type Waiting } from './round/engine'
import { LocalFolder } from './round/local'
import { createRemote, RemoteAborted, RemoteUnavailable } from './store/remote'
import { saveState, type SyncState } from './state'
import type { RoundTimer, SyncServiceDeps, SyncSession } from './service-state'

// Rounds as the service runs them: one at a time, each under a deadline; a failure backs off
// (retry-after when the API gives one), and the next round is held by one timer.

const MIN_BACKOFF = 5_000
const MAX_BACKOFF = 15 * 60_000
const ROUND_DEADLINE = 2 * 60_000
// Pulled changes are named in the activity as coming from another device: the store does not
// say which one (every device writes with the same key).
const OTHER_DEVICE = 'another device'

export interface RoundClock {
  /** The next round in `ms` (replacing any already due). */
  schedule(ms: number, job?: RoundTimer): void
  /** No round due. */
  cancel(): void
}

/** The one timer that holds the next round. */
export function createRoundClock(
  deps: Pick<SyncServiceDeps, 'setTimer' | 'clearTimer'>,
  run: () => void
): RoundClock {
  const setTimer =
    deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms).unref() as unknown)
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as NodeJS.Timeout))
  let timer: unknown = null
  const cancel = (): void => {
    if (timer !== null) clearTimer(timer)
  }
  const schedule = (ms: number, job: RoundTimer = 'sync-round'): void => {
    cancel()
    timer = setTimer(
      () => {
        timer = null
        run()
      },
      ms,
      job
    )
  }
  return { schedule, cancel }
}

/** How long to wait after the `failures`-th failure in a row. */
function backoff(failures: number, caught: unknown): number {
  const wait = Math.min(MAX_BACKOFF, MIN_BACKOFF * 2 ** (failures - 1))
  return caught instanceof RemoteUnavailable ? Math.max(caught.retryAfterMs ?? 0, wait) : wait
}

/**
 * Aborts `control` after `ms`: a watchdog on the clock (not one of the app's held timers), so a
 * round that outlives it is stopped like a store that went offline, and tried again later.
 */
function watchdog(control: AbortController, ms: number): NodeJS.Timeout {
  const deadline = setTimeout(
    () =>
      control.abort(
        new RemoteUnavailable(
          `The Memory Store did not finish answering within ${Math.round(ms / 1000)} seconds: the round was stopped and will be tried again.`,
          null
        )
      ),
    ms
  )
  deadline.unref()
  return deadline
}

/** A change from the store lands unless declined, or held for approval and not yet approved. */
function mayApply(
  deps: Pick<SyncServiceDeps, 'approvalMode'>,
  approved: ReadonlySet<string>,
  current: SyncState
) {
  return (change: Waiting): boolean =>
    // A declined version never lands, whatever the Approval setting says later.
    !isDeclined(current, change) &&
    (!needsApproval(deps.approvalMode?.() ?? 'automatic', change.command) ||
      approved.has(changeKey(change)))
}

export function createRounds(
  deps: SyncServiceDeps,
  s: SyncSession,
  clock: RoundClock,
  emit: () => void
) {
  const now = deps.now ?? Date.now

  function succeeded(report: RoundReport, current: SyncState): void {
    s.failures = 0
    s.retryAt = null
    s.error = null
    s.skipped = report.skipped
    s.waiting = report.waiting.filter((c) => !isDeclined(current, c))
    s.declinedSeen = report.waiting.length - s.waiting.length
  }

  function failed(caught: unknown): void {
    s.failures += 1
    const wait = backoff(s.failures, caught)
    s.retryAt = now() + wait
    s.error = caught instanceof Error ? caught.message : String(caught)
    if (!s.paused) clock.schedule(wait, 'sync-retry')
  }

  async function round(): Promise<RoundReport | null> {
    const client = await deps.client()
    if (!client || !s.storeId || !s.state) {
      s.error = 'Sync needs an Anthropic API key (the same one as chat).'
      return null
    }
    const current = s.state
    s.pending = 0
    const control = new AbortController()
    s.stopRound = control
    const deadline = watchdog(control, deps.roundDeadlineMs ?? ROUND_DEADLINE)
    try {
      const report = await syncRound({
        remote: createRemote(client, s.storeId, control.signal),
        signal: control.signal,
        local: new LocalFolder(deps.memory, { kind: 'external', device: OTHER_DEVICE }),
        state: current,
        checkpoint: () => saveState(deps.stateDir, current),
        deviceName: s.deviceName,
        now,
        mayApply: mayApply(deps, s.approved, current)
      })
      succeeded(report, current)
      return report
    } catch (caught) {
      // Stopped on purpose (quit, sync turned off): not a failure, nothing to retry.
      if (!(caught instanceof RemoteAborted)) failed(caught)
      throw caught
    } finally {
      clearTimeout(deadline)
      if (s.stopRound === control) s.stopRound = null
      await saveState(deps.stateDir, current)
    }
  }

  return {
    /** Stops the running round at its next request (its links stay true) and waits for it. */
    async interrupt(reason: string): Promise<void> {
      s.stopRound?.abort(new RemoteAborted(reason))
      await s.running?.catch(() => undefined)
    },
    /** One round now (or the one running); resolves with its report, rejects when it failed. */
    async syncNow(): Promise<RoundReport | null> {
      if (!s.storeId || s.paused) return null
      if (s.running) return s.running
      s.running = round()
      emit()
      try {
        const report = await s.running
        if (deps.intervalMs && !s.paused) clock.schedule(deps.intervalMs, 'sync-interval')
        return report
      } finally {
        s.running = null
        emit()
      }
    }
  }
}
