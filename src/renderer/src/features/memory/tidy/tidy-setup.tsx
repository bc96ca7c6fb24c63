import { useEffect, useId, useState } from 'react'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import { TIDY_FOCUS_MAX, type TidyEstimate } from '@shared/tidy/tidy'
import { call } from '../../../lib/api'
import { formatBytes, formatNumber } from '../../../lib/format'

// What a tidy will do and cost, before it starts: the model (the cheapest that can, or the
// user's), the input tokens counted on the folder, and an optional focus.

export function TidySetup({
  space,
  problem,
  onStarted,
  onCancel
}: {
  space: SpaceId
  problem?: string
  onStarted(sessionId: string): void
  onCancel(): void
}) {
  const [estimate, setEstimate] = useState<TidyEstimate | null>(null)
  const [error, setError] = useState<string | null>(problem ?? null)
  const [model, setModel] = useState<string | undefined>()
  const [focus, setFocus] = useState('')
  const [busy, setBusy] = useState(false)
  const modelId = useId()
  const focusId = useId()

  useEffect(() => {
    let live = true
    call((api) => api.tidy.estimate({ space, ...(model ? { model } : {}) })).then(
      (next) => live && setEstimate(next),
      (failure: unknown) => live && setError(CairnError.from(failure).message)
    )
    return () => {
      live = false
    }
  }, [space, model])

  const chosen = estimate?.models.find((m) => m.id === estimate.model)
  const start = () => {
    setBusy(true)
    call((api) => api.tidy.start({ space, focus: focus.trim(), model: estimate?.model })).then(
      ({ sessionId }) => onStarted(sessionId),
      (failure: unknown) => {
        setBusy(false)
        setError(CairnError.from(failure).message)
      }
    )
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
      {estimate ? (
        <p role="status">
          {formatNumber(estimate.files)} files, {formatBytes(estimate.bytes)}: about{' '}
          {formatNumber(estimate.inputTokens)} input tokens to read once
          {estimate.inputCost === null
            ? ' (no published price for this model)'
            : ` (about $${estimate.inputCost.toFixed(4)})`}
          . {estimate.note}
        </p>
      ) : error ? null : (
        <p role="status">Counting what the tidy would read…</p>
      )}
      {estimate ? (
        <label htmlFor={modelId} className="flex flex-col gap-1.5">
          <span className="text-[13px] font-medium">Model</span>
          <select
            id={modelId}
            className="input"
            value={estimate.model}
            onChange={(event) => setModel(event.target.value)}
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
      ) : null}
      <label htmlFor={focusId} className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium">Focus (optional)</span>
        <input
          id={focusId}
          className="input"
          value={focus}
          maxLength={TIDY_FOCUS_MAX}
          placeholder="e.g. only the work notes, or merge duplicates only"
          onChange={(event) => setFocus(event.target.value)}
        />
      </label>
      <div className="flex justify-end gap-2">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!estimate || busy || chosen?.fits === false}
        >
          Start the tidy
        </button>
      </div>
    </form>
  )
}
