import { useEffect, useState } from 'react'
import { formatUsd, type CostSummary } from '@shared/models/cost'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { formatNumber } from '../../../lib/format'

type State =
  | { phase: 'loading' }
  | { phase: 'ready'; summary: CostSummary }
  | { phase: 'failed'; message: string }

function tokens(row: {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheCreationTokens: number
}): string {
  const input = row.inputTokens + row.cacheReadTokens + row.cacheCreationTokens
  return `${formatNumber(input)} in · ${formatNumber(row.outputTokens)} out`
}

/** What the last 30 days of replies cost, per model, from the saved conversations (main sums them). */
export function RecentCost({ active }: { active: boolean }) {
  const [state, setState] = useState<State>({ phase: 'loading' })
  useEffect(() => {
    if (!active) return
    let live = true
    call((api) => api.chat.costSummary()).then(
      (summary) => live && setState({ phase: 'ready', summary }),
      (failure: unknown) => {
        const shown = toShownError(failure)
        if (live)
          setState({
            phase: 'failed',
            message: `${shown.message} ${shown.nextStep ?? 'Open Settings again to retry.'}`
          })
      }
    )
    return () => {
      live = false
    }
  }, [active])

  return (
    <section aria-labelledby="recent-cost-title" className="flex flex-col gap-1.5 text-sm">
      <h3 id="recent-cost-title" className="font-medium">
        Cost of the last 30 days
      </h3>
      {state.phase === 'loading' ? <p className="text-muted">Adding up…</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="text-danger">
          Could not add up the cost: {state.message}
        </p>
      ) : null}
      {state.phase === 'ready' ? <Summary summary={state.summary} /> : null}
    </section>
  )
}

function Summary({ summary }: { summary: CostSummary }) {
  if (summary.models.length === 0 && summary.unpriced.length === 0)
    return <p className="text-muted">No replies in the last {summary.days} days.</p>
  return (
    <>
      <p>
        <span className="text-lg font-semibold tabular-nums" data-testid="recent-cost-total">
          {formatUsd(summary.totalUsd)}
        </span>{' '}
        <span className="text-muted">
          at Anthropic&apos;s list prices of {summary.pricesAsOf}, before any discount or tax.
        </span>
      </p>
      <ul aria-label="Cost per model" className="flex flex-col gap-0.5">
        {summary.models.map((m) => (
          <li key={m.model} className="flex flex-wrap gap-x-2">
            <span>{m.name}</span>
            <span className="tabular-nums">{formatUsd(m.usd)}</span>
            <span className="text-muted tabular-nums">{tokens(m)}</span>
          </li>
        ))}
      </ul>
      {summary.unpriced.length > 0 ? (
        <>
          <p className="text-muted">No price known for these models, so their tokens only:</p>
          <ul aria-label="Models without a price" className="flex flex-col gap-0.5">
            {summary.unpriced.map((m) => (
              <li key={m.model} className="flex flex-wrap gap-x-2">
                <span className="font-mono text-[13px]">{m.model}</span>
                <span className="text-muted tabular-nums">{tokens(m)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}
