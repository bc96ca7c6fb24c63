import type { Usage } from '@shared/chat'
import { formatNumber } from '../../lib/format'

/** The tokens one answer used: all input (cached or not) and the output. */
export function UsageLine({ usage }: { usage: Usage }) {
  return (
    <p className="mt-1 text-xs text-faint">
      {formatNumber(usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens)} in ·{' '}
      {formatNumber(usage.outputTokens)} out tokens
    </p>
  )
}
