import type { Usage } from '@shared/chat/chat'
import { formatUsd, knownUsd, type CostTotal } from '@shared/models/cost'
import { PRICES_AS_OF } from '@shared/models/pricing'
import { formatNumber } from '../../../lib/format'

/** The breakdown behind the line, for the tooltip: every kind of token, and where the price is from. */
function breakdown(usage: Usage, usd: number | null): string {
  const parts = [
    `${formatNumber(usage.inputTokens)} input`,
    `${formatNumber(usage.cacheCreationTokens)} written to the cache`,
    `${formatNumber(usage.cacheReadTokens)} read from the cache`,
    `${formatNumber(usage.outputTokens)} output tokens`
  ]
  const price =
    usd === null
      ? 'Unknown price for this model (Cairn keeps a list of prices, and it is not on it): tokens only.'
      : `At Anthropic's list prices of ${PRICES_AS_OF}.`
  return `${parts.join(' · ')}. ${price}`
}

const PARTIAL_NOTE =
  'This answer did not finish. Anthropic reports the output count when an answer ends, so the figures are what the stream had reported before it stopped; the tokens it generated were still billed.'

/**
 * What one answer used: its cost when the model has a price, all input (cached or not), the
 * output, and how much of the input came from the cache.
 */
export function UsageLine({
  usage,
  cost,
  partial = false
}: {
  usage: Usage
  cost?: CostTotal | undefined
  /** The answer did not finish: the output count is what the stream had reported by then. */
  partial?: boolean
}) {
  const usd = cost ? knownUsd(cost) : null
  const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens
  const title = partial ? `${PARTIAL_NOTE} ${breakdown(usage, usd)}` : breakdown(usage, usd)
  return (
    <p className="mt-1 text-xs text-faint" title={title} data-testid="usage-line">
      {usd !== null ? `${formatUsd(usd)} · ` : null}
      {formatNumber(input)} in · {formatNumber(usage.outputTokens)} out
      {partial ? ' (partial)' : null}
      {usage.cacheReadTokens > 0 ? ` · ${formatNumber(usage.cacheReadTokens)} cached` : null}
    </p>
  )
}
