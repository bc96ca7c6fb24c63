import { useEffect, useMemo, useState } from 'react'
import type { ChatRetrying } from '@shared/chat/events'
import {
  ANSWER_TEXT,
  APPROVAL_TEXT,
  retryingAnnouncement,
  retryingText,
  secondsText,
  secondsUntil,
  THINKING_TEXT
} from './turn-status-text'
import type { Draft } from '../use-conversation'

/** The wait before an answer shows: what the line says, and what a screen reader hears. */
export interface TurnWait {
  /** Shown where the answer will appear; changes each second during a retry. */
  text: string
  /** Announced politely; the same for a whole attempt, so it does not chatter every second. */
  spoken: string
}

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

/** Whole seconds since `active` last became true (0 while it is false), counted each second. */
function useElapsedSeconds(active: boolean): number {
  const [seconds, setSeconds] = useState(0)
  useEffect(() => {
    if (!active) return
    const started = Date.now()
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000)
    return () => {
      clearInterval(timer)
      setSeconds(0)
    }
  }, [active])
  return active ? seconds : 0
}

/** After this long, the thinking line says how long it has been (a long wait looks stuck). */
const SHOW_ELAPSED_AFTER = 5

/**
 * "Claude is thinking…" from send until the first token (with the seconds waited, after a few);
 * the countdown while Cairn retries; "Waiting for your approval" while a change waits on a card,
 * "Waiting for your answer to the form" while an MCP server's question does.
 */
export function useTurnWait(
  running: boolean,
  drafts: readonly Draft[],
  retrying: ChatRetrying | null,
  awaitingApproval = false,
  awaitingAnswer = false
): TurnWait | null {
  const secondsLeft = useSecondsLeft(retrying)
  const answerShown = drafts.some((d) => d.text.length > 0 || d.tools.length > 0)
  const waitingFor = awaitingApproval ? APPROVAL_TEXT : awaitingAnswer ? ANSWER_TEXT : null
  const elapsed = useElapsedSeconds(running && !retrying && !answerShown && !waitingFor)
  const thinking =
    elapsed >= SHOW_ELAPSED_AFTER ? `${THINKING_TEXT} ${secondsText(elapsed)}` : THINKING_TEXT
  const text = waitingFor
    ? waitingFor
    : !running
      ? null
      : retrying
        ? retryingText(retrying, secondsLeft)
        : answerShown
          ? null
          : thinking
  const spoken = waitingFor ? waitingFor : retrying ? retryingAnnouncement(retrying) : THINKING_TEXT
  // The same object while the words stay the same: the message list re-renders only on a change.
  return useMemo(() => (text === null ? null : { text, spoken }), [text, spoken])
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

/** The wait, where the answer will appear. Screen readers hear it from TurnStatusAnnouncer. */
export function TurnStatusLine({ wait }: { wait: TurnWait }) {
  return (
    <p className="flex items-center gap-2 py-1 text-sm text-muted" aria-hidden="true">
      <Dots />
      <span>{wait.text}</span>
    </p>
  )
}

/** Always mounted, so a screen reader hears each change of the wait (live regions must exist first). */
export function TurnStatusAnnouncer({ wait }: { wait: TurnWait | null }) {
  return (
    <div role="status" aria-live="polite" aria-label="Reply status" className="sr-only">
      {wait?.spoken ?? ''}
    </div>
  )
}
