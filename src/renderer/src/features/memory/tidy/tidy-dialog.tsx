import { useEffect, useId, useRef, type Dispatch, type SetStateAction } from 'react'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyProgress } from '@shared/tidy/tidy'
import { call } from '../../../lib/api'
import { TidyReview } from './tidy-review'
import { TidySetup } from './tidy-setup'
import { BatchSent } from './tidy-batch-steps'
import { messageOf, useTidySteps, type Step } from './use-tidy-steps'

// Memory → Tidy…: what it costs, Claude at work in a dry run, the review, and what was applied
// (with its one Undo). Nothing reaches the folder before Apply.

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
  const { step, setStep, sessionId } = useTidySteps(space, resume, batchReview)

  useEffect(() => {
    ref.current?.showModal()
  }, [])

  /** Closing lets go of the tidy main holds open, running or waiting for review. */
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
        <StepBody
          space={space}
          step={step}
          setStep={setStep}
          offerBatch={offerBatch}
          close={close}
          onClose={onClose}
        />
      </div>
    </dialog>
  )
}

/** The dialog's body at the step it stands: one at a time. */
function StepBody({
  space,
  step,
  setStep,
  offerBatch,
  close,
  onClose
}: {
  space: SpaceId
  step: Step
  setStep: Dispatch<SetStateAction<Step>>
  offerBatch: boolean
  /** Closes and lets go of the tidy main holds. */
  close(): void
  /** Closes, the tidy done with (sent as a batch, or applied). */
  onClose(): void
}) {
  switch (step.kind) {
    case 'setup':
      return (
        <TidySetup
          space={space}
          problem={step.problem}
          offerBatch={offerBatch}
          onStarted={(id) => setStep({ kind: 'working', sessionId: id, changes: 0 })}
          onBatched={(batch) => setStep({ kind: 'batched', batch })}
          onCancel={close}
        />
      )
    case 'opening':
      return <p role="status">Planning Claude’s answer…</p>
    case 'batched':
      return <BatchSent batch={step.batch} onClose={onClose} />
    case 'working':
      return <Working changes={step.changes} onStop={close} />
    case 'review':
      return (
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
      )
    case 'done':
      return (
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
      )
  }
}

function Working({ changes, onStop }: { changes: number; onStop(): void }) {
  return (
    <>
      <p role="status">
        Claude is working through your memory. Nothing is changed yet: {changes}{' '}
        {changes === 1 ? 'change' : 'changes'} proposed so far.
      </p>
      <div className="flex justify-end">
        <button type="button" className="button button--quiet" onClick={onStop}>
          Stop the tidy
        </button>
      </div>
    </>
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
