import { useEffect, useState } from 'react'
import type { ChatRetrying } from '@shared/chat'
import { retryingAnnouncement, retryingText, secondsUntil, THINKING_TEXT } from './turn-status-text'
import type { Draft } from './use-conversation'

/**
 * Whole seconds until the retry: the event's count, re-read from its target time on each whole
 * second before it, so a slow render never makes the countdown drift or skip.
 */
function useSecondsLeft(retrying: ChatRetrying | null): number {
  const [now, setNow] = useState<number | null>(null)
  const retryAt = retrying?.retryAt ?? null
  useEffect(() => {
    if (retryAt === null) return
    const target = Date.parse(retryAt)
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = (): void => {
      const left = target - Date.now()
      if (!(left > 0)) return
      // Wake just after the count changes (target minus a whole number of seconds).
      timer = setTimeout(
        () => {
          setNow(Date.now())
          schedule()
        },
        (left % 1000 || 1000) + 10
      )
    }
    schedule()
    return () => clearTimeout(timer)
  }, [retryAt])
  if (!retrying) return 0
  const fromTarget = now === null ? null : secondsUntil(retrying.retryAt, now)
  return fromTarget === null ? retrying.secondsLeft : Math.min(retrying.secondsLeft, fromTarget)
}

function Dots() {
  // A slow pulse; with reduced motion the dots stand still.
  return (
    <span className="flex items-center gap-1" aria-hidden="true">
      {['', '[animation-delay:300ms]', '[animation-delay:600ms]'].map((delay, i) => (
        <span
          key={i}
          className={`size-1.5 rounded-full bg-accent motion-safe:animate-pulse ${delay}`}
        />
      ))}
    </span>
  )
}

interface Props {
  running: boolean
  drafts: readonly Draft[]
  retrying: ChatRetrying | null
}

/**
 * What is happening before the answer shows: "Claude is thinking…" from send until the first
 * token, and the countdown while Cairn waits to retry. Always mounted, so screen readers hear it.
 */
export function TurnStatus({ running, drafts, retrying }: Props) {
  const secondsLeft = useSecondsLeft(retrying)
  const answerShown = drafts.some((d) => d.text.length > 0 || d.tools.length > 0)
  const thinking = running && !retrying && !answerShown
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Reply status"
      className="mx-auto w-full max-w-3xl px-6"
    >
      {running && retrying ? (
        <p className="flex items-center gap-2 pb-2 text-sm text-muted">
          <Dots />
          <span aria-hidden="true">{retryingText(retrying, secondsLeft)}</span>
          <span className="sr-only">{retryingAnnouncement(retrying)}</span>
        </p>
      ) : thinking ? (
        <p className="flex items-center gap-2 pb-2 text-sm text-muted">
          <Dots />
          <span>{THINKING_TEXT}</span>
        </p>
      ) : null}
    </div>
  )
}
