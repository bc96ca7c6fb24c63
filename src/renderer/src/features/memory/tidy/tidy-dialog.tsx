import { useEffect, useId, useRef, useState } from 'react'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import type { TidyApplyResult, TidyProgress, TidyProposal } from '@shared/tidy/tidy'
import { call, onEvent } from '../../../lib/api'
import { TidyReview } from './tidy-review'
import { TidySetup } from './tidy-setup'
import { BatchSent, useBatchReview } from './tidy-batch-steps'

// Memory → Tidy…: what it costs, Claude at work in a dry run, the review, and what was applied
// (with its one Undo). Nothing reaches the folder before Apply.

type Step =
  | { kind: 'setup'; problem?: string }
  | { kind: 'working'; sessionId: string; changes: number }
  | { kind: 'review'; proposal: TidyProposal; batch?: boolean }
  | { kind: 'batched'; batch: TidyBatch }
  | { kind: 'opening' }
  | { kind: 'done'; result: TidyApplyResult; undone?: boolean; problem?: string }

const messageOf = (error: unknown) => CairnError.from(error).message

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

export function TidyDialog({
  space,
  resume,
  onClose,
  offerBatch = false,
  batchReview = false
}: {
  space: SpaceId
  /** A tidy main still holds for this space (`tidy:current`): shown where it is, not the setup. */
  resume?: TidyProgress
  onClose(): void
  /** A suggested tidy: "As a batch" is offered beside "Now". */
  offerBatch?: boolean
  /** Opens on the review of the space's finished batch. */
  batchReview?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
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

  useEffect(() => {
    ref.current?.showModal()
  }, [])

  // Every session's latest progress, heard from the moment the dialog opens: a tidy can move on
  // (even finish) before `tidy:start` has answered with its id, and that must not be missed.
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
  // A tidy main still holds for this space (the window reloaded, or Memory opened again while it
  // ran) is picked up where it is: its progress, or its proposal waiting for review.
  useEffect(() => {
    let live = true
    call((api) => api.tidy.current({ space })).then(
      (open) => {
        if (!live || !open) return
        setHeard((now) => {
          const have = now.get(open.sessionId)
          return have && !isLater(open, have) ? now : new Map(now).set(open.sessionId, open)
        })
        setStep((now) => (now.kind === 'setup' ? resumed(open) : now))
      },
      () => undefined // the setup is there to start a new one
    )
    return () => {
      live = false
    }
  }, [space])
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

  const close = () => {
    if (sessionId) void call((api) => api.tidy.cancel({ space, sessionId })).catch(() => undefined)
    if (step.kind === 'review')
      void call((api) => api.tidy.cancel({ space, sessionId: step.proposal.sessionId })).catch(
        () => undefined
      )
    onClose()
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={close}
      className="m-auto flex max-h-[90vh] w-[min(860px,94vw)] flex-col rounded-card border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      <div
        className={`flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-5 ${
          // The review's actions sit at the very bottom (sticky, so no padding below them).
          step.kind === 'review' ? '' : 'pb-5'
        }`}
      >
        <h2 id={titleId} className="text-base font-semibold">
          {step.kind === 'review' ? 'Review the tidy' : 'Tidy memory'}
        </h2>
        {step.kind === 'setup' ? (
          <TidySetup
            space={space}
            problem={step.problem}
            offerBatch={offerBatch}
            onStarted={(id) => setStep({ kind: 'working', sessionId: id, changes: 0 })}
            onBatched={(batch) => setStep({ kind: 'batched', batch })}
            onCancel={close}
          />
        ) : null}
        {step.kind === 'opening' ? <p role="status">Planning Claude’s answer…</p> : null}
        {step.kind === 'batched' ? <BatchSent batch={step.batch} onClose={onClose} /> : null}
        {step.kind === 'working' ? (
          <>
            <p role="status">
              Claude is working through your memory. Nothing is changed yet: {step.changes}{' '}
              {step.changes === 1 ? 'change' : 'changes'} proposed so far.
            </p>
            <div className="flex justify-end">
              <button type="button" className="button button--quiet" onClick={close}>
                Stop the tidy
              </button>
            </div>
          </>
        ) : null}
        {step.kind === 'review' ? (
          <TidyReview
            proposal={step.proposal}
            onApply={(accept) =>
              call((api) =>
                api.tidy.apply({ space, sessionId: step.proposal.sessionId, accept })
              ).then(
                (result) => setStep({ kind: 'done', result }),
                (error: unknown) =>
                  setStep({
                    kind: 'done',
                    result: { applied: [], skipped: [], seq: null },
                    problem: messageOf(error)
                  })
              )
            }
            onDiscard={() => {
              // A batch's answer, discarded, is let go of: Memory no longer offers its review.
              if (step.batch) void call((api) => api.tidy.batchClear({ space })).catch(() => null)
              close()
            }}
          />
        ) : null}
        {step.kind === 'done' ? (
          <Applied
            step={step}
            onUndo={(seq) =>
              call((api) => api.memory.revert({ space, seq })).then(
                () => setStep({ ...step, undone: true }),
                (error: unknown) => setStep({ ...step, problem: messageOf(error) })
              )
            }
            onClose={onClose}
          />
        ) : null}
      </div>
    </dialog>
  )
}

function Applied({
  step,
  onUndo,
  onClose
}: {
  step: Extract<Step, { kind: 'done' }>
  onUndo(seq: number): void
  onClose(): void
}) {
  const { result } = step
  const n = result.applied.length
  return (
    <>
      <p role="status">
        {step.undone
          ? 'The tidy was undone: every file is as it was.'
          : n
            ? `Applied ${n} ${n === 1 ? 'change' : 'changes'} as one entry in Activity.`
            : 'Nothing was applied.'}
      </p>
      {step.problem ? (
        <p role="alert" className="text-danger">
          {step.problem}
        </p>
      ) : null}
      {result.skipped.length ? (
        <div>
          <h3 className="text-sm font-semibold">Skipped</h3>
          <ul className="list-disc pl-5 text-sm">
            {result.skipped.map((item) => (
              <li key={item.id}>
                Change {item.id} ({item.path}): {item.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        {result.seq !== null && !step.undone ? (
          <button type="button" className="button" onClick={() => onUndo(result.seq as number)}>
            Undo the tidy
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  )
}
