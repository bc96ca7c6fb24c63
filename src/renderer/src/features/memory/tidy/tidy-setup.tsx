import { useEffect, useId, useState } from 'react'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import { TIDY_FOCUS_MAX, type TidyEstimate } from '@shared/tidy/tidy'
import { call } from '../../../lib/api'
import { formatBytes, formatNumber } from '../../../lib/format'
import { TidyWhen, type TidyWhenChoice } from './tidy-when'

// What a tidy will do and cost, before it starts: the model (the cheapest that can, or the
// user's), the input tokens counted on the folder, and an optional focus. A suggested tidy may
// also run as a Message Batch (`offerBatch`): ready in a few hours, at half price.

export function TidySetup({
  space,
  problem,
  offerBatch = false,
  onStarted,
  onBatched,
  onCancel
}: {
  space: SpaceId
  problem?: string
  /** Offer "As a batch" beside "Now" (a suggested tidy). */
  offerBatch?: boolean
  onStarted(sessionId: string): void
  onBatched?(batch: TidyBatch): void
  onCancel(): void
}) {
  const { estimate, error, setError, when, chooseWhen, chooseModel } = useTidyEstimate(
    space,
    problem
  )
  const [focus, setFocus] = useState('')
  const [busy, setBusy] = useState(false)
  const chosen = estimate?.models.find((m) => m.id === estimate.model)
  const batch = when === 'batch'
  const refuse = (failure: unknown) => {
    setBusy(false)
    setError(CairnError.from(failure).message)
  }
  const start = () => {
    setBusy(true)
    const asked = { space, focus: focus.trim(), model: estimate?.model }
    if (batch) call((api) => api.tidy.batchStart(asked)).then((sent) => onBatched?.(sent), refuse)
    else call((api) => api.tidy.start(asked)).then(({ sessionId }) => onStarted(sessionId), refuse)
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy && estimate) start()
      }}
    >
      <p className="text-muted">
        Claude reads your memory and proposes changes to keep it up to date, coherent and organised:
        merged duplicates, resolved contradictions, stale notes removed. You review every change
        before anything is applied, and the whole tidy can be undone at once.
      </p>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      {offerBatch ? <TidyWhen value={when} onChange={chooseWhen} /> : null}
      {estimate?.fitProblem ? (
        <p role="alert" className="text-danger">
          {estimate.fitProblem}
        </p>
      ) : null}
      {estimate ? (
        <EstimateLine estimate={estimate} batch={batch} />
      ) : error ? null : (
        <p role="status">Counting what the tidy would read…</p>
      )}
      {estimate ? <ModelField estimate={estimate} onModel={chooseModel} /> : null}
      <FocusField value={focus} onChange={setFocus} />
      <div className="flex justify-end gap-2">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!estimate || busy || chosen?.fits === false || !!estimate.fitProblem}
        >
          {batch ? 'Send as a batch' : 'Start the tidy'}
        </button>
      </div>
    </form>
  )
}

/** What the tidy would read and cost, counted by main for the mode and model chosen. */
function useTidyEstimate(space: SpaceId, problem: string | undefined) {
  const [estimate, setEstimate] = useState<TidyEstimate | null>(null)
  const [error, setError] = useState<string | null>(problem ?? null)
  const [model, setModel] = useState<string | undefined>()
  const [when, setWhen] = useState<TidyWhenChoice>('live')

  useEffect(() => {
    let live = true
    call((api) => api.tidy.estimate({ space, mode: when, ...(model ? { model } : {}) })).then(
      (next) => live && setEstimate(next),
      (failure: unknown) => live && setError(CairnError.from(failure).message)
    )
    return () => {
      live = false
    }
  }, [space, model, when])

  return {
    estimate,
    error,
    setError,
    when,
    chooseWhen(next: TidyWhenChoice) {
      // The other mode counts another request: nothing of this estimate holds for it.
      setEstimate(null)
      setError(null)
      setWhen(next)
    },
    chooseModel: setModel
  }
}

function EstimateLine({ estimate, batch }: { estimate: TidyEstimate; batch: boolean }) {
  return (
    <p role="status">
      {formatNumber(estimate.files)} files, {formatBytes(estimate.bytes)}: about{' '}
      {formatNumber(estimate.inputTokens)} input tokens {batch ? 'in one request' : 'to read once'}
      {estimate.inputCost === null
        ? ' (no published price for this model)'
        : ` (about $${estimate.inputCost.toFixed(4)}${batch ? ' at the batch price' : ''})`}
      . {estimate.note}
    </p>
  )
}

/** The model the tidy runs on: each with its price, and whether the folder fits it. */
function ModelField({
  estimate,
  onModel
}: {
  estimate: TidyEstimate
  onModel(model: string): void
}) {
  const modelId = useId()
  return (
    <label htmlFor={modelId} className="flex flex-col gap-1.5">
      <span className="text-[13px] font-medium">Model</span>
      <select
        id={modelId}
        className="input"
        value={estimate.model}
        onChange={(event) => onModel(event.target.value)}
      >
        {estimate.models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
            {m.inputPerMTok === null ? '' : ` ($${m.inputPerMTok} per million input tokens)`}
            {m.fits ? '' : ' (folder too large for it)'}
          </option>
        ))}
      </select>
    </label>
  )
}

function FocusField({ value, onChange }: { value: string; onChange(focus: string): void }) {
  const focusId = useId()
  return (
    <label htmlFor={focusId} className="flex flex-col gap-1.5">
      <span className="text-[13px] font-medium">Focus (optional)</span>
      <input
        id={focusId}
        className="input"
        value={value}
        maxLength={TIDY_FOCUS_MAX}
        placeholder="e.g. only the work notes, or merge duplicates only"
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}
