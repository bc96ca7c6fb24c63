import type { ChatFault } from '@shared/chat/chat'
import type { ClassifiedFault } from './faults'

/** When Cairn tries a failed request again on its own. */
export interface RetryPolicy {
  /** Attempts in all (the first included) for 429 and 5xx/529. */
  maxAttempts: number
  /** Attempts in all when the network is down or a request timed out. */
  maxAttemptsOffline: number
  baseDelayMs: number
  maxDelayMs: number
  /** A `retry-after` longer than this is not waited out; the user gets the fault instead. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  maxAttemptsOffline: 2,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000
}

/** Waits `ms`, or less when the signal aborts; never rejects. */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>

/** A Wait on any timer: it ends when the timer fires, or at once (the timer cancelled) on abort. */
export function waitOn(
  start: (fn: () => void, ms: number) => unknown,
  cancel: (handle: unknown) => void
): Wait {
  return (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve()
      const done = (): void => {
        cancel(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      const timer = start(done, ms)
      signal.addEventListener('abort', done, { once: true })
    })
}

export const realWait: Wait = waitOn(
  (fn, ms) => setTimeout(fn, ms),
  (handle) => clearTimeout(handle as NodeJS.Timeout)
)

export function attemptsFor(fault: ChatFault, policy: RetryPolicy): number {
  return fault.code === 'offline' || fault.code === 'timeout' || fault.code === 'stream-cut'
    ? policy.maxAttemptsOffline
    : policy.maxAttempts
}

/**
 * How long to wait before attempt `attempt + 1`, or null when Cairn should not retry: the API's
 * `retry-after` when it gave one, else exponential backoff with a little jitter.
 */
export function retryDelay(
  classified: ClassifiedFault,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random
): number | null {
  if (!classified.autoRetry || attempt >= attemptsFor(classified.fault, policy)) return null
  if (classified.retryAfterMs !== null) {
    return classified.retryAfterMs > policy.maxRetryAfterMs ? null : classified.retryAfterMs
  }
  const backoff = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs)
  return Math.round(backoff * (0.8 + 0.2 * random()))
}

/** Waits out `delayMs`, telling `tick` the whole seconds left at the start and each second after. */
export async function countdown(
  delayMs: number,
  signal: AbortSignal,
  wait: Wait,
  tick: (secondsLeft: number) => void
): Promise<void> {
  let left = Math.max(0, delayMs)
  tick(Math.ceil(left / 1000))
  while (left > 0 && !signal.aborted) {
    const seconds = Math.ceil(left / 1000)
    const step = left - (seconds - 1) * 1000
    await wait(step, signal)
    left -= step
    if (left > 0 && !signal.aborted) tick(Math.ceil(left / 1000))
  }
}
