import { useMemo } from 'react'
import type { ChatMessage } from '@shared/chat/chat'
import {
  contextGauge,
  lastCounted,
  percentText,
  shortTokens,
  type ContextGauge
} from '@shared/chat/context-gauge'
import { conversationCost, formatUsd } from '@shared/models/cost'
import { formatNumber } from '../../../lib/format'
import { useSettingsState } from '../../settings/use-settings-state'
import { useModelInfo } from '../use-model-info'

function Gauge({ gauge }: { gauge: ContextGauge }) {
  const text = `${percentText(gauge.percent)} of ${shortTokens(gauge.window)} context`
  const tone = gauge.percent >= 90 ? 'bg-danger' : gauge.percent >= 70 ? 'bg-warning' : 'bg-accent'
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span
        role="meter"
        aria-label="Context used"
        aria-valuemin={0}
        aria-valuemax={gauge.window}
        aria-valuenow={gauge.used}
        aria-valuetext={`${text}: ${formatNumber(gauge.used)} tokens`}
        title={`The last request sent ${formatNumber(gauge.used)} of the model's ${formatNumber(gauge.window)} tokens.`}
        className="h-1.5 w-16 shrink-0 overflow-hidden rounded-full bg-line"
      >
        <span
          className={`block h-full rounded-full ${tone}`}
          // At least a sliver: a used context never looks empty.
          style={{ width: `${Math.max(2, gauge.percent)}%` }}
        />
      </span>
      <span className="shrink-0 tabular-nums">{text}</span>
      {gauge.hint ? (
        // Shown only near or past the point it names (rare, and worth reading whole): it wraps.
        <span className="min-w-0 text-faint">· {gauge.hint}</span>
      ) : null}
    </span>
  )
}

/**
 * Under the conversation, above the composer: what this chat has cost so far and how full the
 * model's context window is. Quiet and one line (two in a long chat at 900×600, for the hint).
 */
export function ConversationFooter({ messages }: { messages: readonly ChatMessage[] }) {
  const { settings } = useSettingsState()
  const cost = useMemo(() => conversationCost(messages), [messages])
  // The window of the model that answered last, as the API gives it (`max_input_tokens`).
  const answeredBy = useMemo(() => lastCounted(messages)?.model, [messages])
  const window = useModelInfo(answeredBy)?.maxInputTokens ?? null
  const gauge = useMemo(
    () => (settings ? contextGauge(messages, settings.contextEditing, () => window) : null),
    [messages, settings, window]
  )
  if (cost.priced === 0 && cost.unpricedTokens === 0 && !gauge) return null
  const total =
    cost.unpricedTokens === 0
      ? formatUsd(cost.usd)
      : cost.priced === 0
        ? `${formatNumber(cost.unpricedTokens)} tokens (unknown price for this model)`
        : `${formatUsd(cost.usd)} + ${formatNumber(cost.unpricedTokens)} tokens at an unknown price`
  return (
    <div
      className="mx-auto flex w-full max-w-3xl items-center gap-3 px-6 pb-1 text-xs text-muted"
      data-testid="conversation-footer"
    >
      <span className="shrink-0">
        This chat: <span className="tabular-nums">{total}</span>
      </span>
      {gauge ? <Gauge gauge={gauge} /> : null}
    </div>
  )
}
