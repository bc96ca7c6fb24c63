import { useCallback, useEffect, useState } from 'react'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import type { TidyApplyResult, TidyProgress, TidyProposal } from '@shared/tidy/tidy'
import { call, onEvent } from '../../../lib/api'
import { useBatchReview } from './tidy-batch-steps'

// Where the tidy dialog stands: the setup, Claude at work, the review, what was applied. Main
// holds the tidy; its progress events move the dialog on.

export type Step =
  | { kind: 'setup'; problem?: string }
  | { kind: 'working'; sessionId: string; changes: number }
  | { kind: 'review'; proposal: TidyProposal; batch?: boolean }
  | { kind: 'batched'; batch: TidyBatch }
  | { kind: 'opening' }
  | { kind: 'done'; result: TidyApplyResult; undone?: boolean; problem?: string }

export const messageOf = (error: unknown) => CairnError.from(error).message

/** The step a tidy main holds open starts at (its proposal is fetched once `ready` is heard). */
const resumed = (open: TidyProgress): Step => ({
  kind: 'working',
  sessionId: open.sessionId,
  changes: open.changes
})

const STAGE_ORDER = ['copying', 'working', 'ready', 'failed', 'cancelled']

/** A session only moves forward: `a` is news after `b` when it is further along. */
const isLater = (a: TidyProgress, b: TidyProgress) =>
  STAGE_ORDER.indexOf(a.stage) > STAGE_ORDER.indexOf(b.stage) ||
  (a.stage === b.stage && a.changes > b.changes)

/**
 * The dialog's step, moved on by what main says: a session's progress, its proposal once ready,
 * a tidy main still holds for this space, a finished batch's review.
 */
export function useTidySteps(space: SpaceId, resume?: TidyProgress, batchReview = false) {
  const [step, setStep] = useState<Step>(() =>
    resume ? resumed(resume) : batchReview ? { kind: 'opening' } : { kind: 'setup' }
  )
  useBatchReview(space, step.kind === 'opening', (next) =>
    setStep(
      next.proposal
        ? { kind: 'review', proposal: next.proposal, batch: true }
        : { kind: 'setup', problem: next.problem }
    )
  )
  const sessionId = step.kind === 'working' ? step.sessionId : null
  const { heard, hearOpen } = useHeardProgress(resume)
  // A tidy main still holds for this space (the window reloaded, or Memory opened again while it
  // ran) is picked up where it is: its progress, or its proposal waiting for review.
  useEffect(() => {
    let live = true
    call((api) => api.tidy.current({ space })).then(
      (open) => {
        if (!live || !open) return
        hearOpen(open)
        setStep((now) => (now.kind === 'setup' ? resumed(open) : now))
      },
      () => undefined // the setup is there to start a new one
    )
    return () => {
      live = false
    }
  }, [space, hearOpen])
  const progress = sessionId ? heard.get(sessionId) : undefined
  const [seen, setSeen] = useState<TidyProgress | undefined>(undefined)
  if (progress !== seen) {
    setSeen(progress)
    if (progress?.stage === 'working' || progress?.stage === 'copying')
      setStep({ kind: 'working', sessionId: progress.sessionId, changes: progress.changes })
    else if (progress?.stage === 'failed')
      setStep({ kind: 'setup', problem: progress.message ?? 'The tidy stopped. Try again.' })
  }
  const ready = progress?.stage === 'ready' ? progress.sessionId : null
  useEffect(() => {
    if (!ready) return
    call((api) => api.tidy.proposal({ space, sessionId: ready })).then(
      (proposal) => setStep({ kind: 'review', proposal }),
      (error: unknown) => setStep({ kind: 'setup', problem: messageOf(error) })
    )
  }, [ready, space])
  return { step, setStep, sessionId }
}

/**
 * Every session's latest progress, heard from the moment the dialog opens: a tidy can move on
 * (even finish) before `tidy:start` has answered with its id, and that must not be missed.
 */
function useHeardProgress(resume: TidyProgress | undefined) {
  const [heard, setHeard] = useState<ReadonlyMap<string, TidyProgress>>(
    () => new Map(resume ? [[resume.sessionId, resume]] : [])
  )
  useEffect(
    () =>
      onEvent('tidy:progress', (event) =>
        setHeard((now) => new Map(now).set(event.sessionId, event))
      ),
    []
  )
  /** A session main answered it holds: kept unless an event already told of something later. */
  const hearOpen = useCallback((open: TidyProgress) => {
    setHeard((now) => {
      const have = now.get(open.sessionId)
      return have && !isLater(open, have) ? now : new Map(now).set(open.sessionId, open)
    })
  }, [])
  return { heard, hearOpen }
}
