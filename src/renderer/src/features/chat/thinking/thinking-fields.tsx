import { useId } from 'react'
import { effortFor, effortName, type Effort, type ThinkingOffer } from '@shared/models/model-caps'
import {
  budgetProblem,
  THINKING_DEFAULT_BUDGET,
  THINKING_MIN_BUDGET,
  type ThinkingSetting
} from '@shared/chat/thinking'
import { formatNumber } from '../../../lib/format'
import { PanelSwitch } from '../composer/header-panel'

interface BudgetInput {
  text: string
  onText(text: string): void
  onCommit(): void
  /** The id of the message saying what is wrong with it (null: nothing is). */
  errorId: string | null
}

/**
 * The thinking choice as a model takes it (its capabilities from the Anthropic API): a switch
 * ("always on" where the model always thinks), an effort level from those it offers (with
 * thinking off too), and a budget for models that take only that. Used by the chat header's
 * panel and by a project's defaults for new chats; each owner saves the choice its own way.
 */
export function ThinkingFields({
  offer,
  modelName,
  current,
  limit,
  budget,
  onToggle,
  onEffort
}: {
  offer: ThinkingOffer
  /** For "… always thinks" (the model's display name, else its id). */
  modelName: string | undefined
  current: ThinkingSetting
  /** The reply limit a budget must stay under (null: not known yet). */
  limit: { maxTokens: number } | null
  budget: BudgetInput
  onToggle(): void
  onEffort(value: string): void
}) {
  const always = offer.on !== null && offer.off === 'always'
  const on = offer.on !== null && (current.enabled || always)
  return (
    <>
      {offer.on !== null ? (
        <PanelSwitch
          label="Think before answering"
          help={
            always
              ? `${modelName ?? 'This model'} always thinks: it cannot be turned off.`
              : offer.on === 'adaptive'
                ? 'Claude decides how much to think; the thinking shows above each answer.'
                : 'Claude thinks up to the budget below before it answers.'
          }
          checked={on}
          locked={always}
          onToggle={onToggle}
        />
      ) : null}
      {offer.efforts.length > 0 ? (
        <EffortField offer={offer} current={current} onEffort={onEffort} />
      ) : null}
      {on && offer.on === 'enabled' ? <BudgetField budget={budget} limit={limit} /> : null}
    </>
  )
}

/** The effort level, from those the model offers ("Default": the model's own). */
function EffortField({
  offer,
  current,
  onEffort
}: {
  offer: ThinkingOffer
  current: ThinkingSetting
  onEffort(value: string): void
}) {
  const fieldId = useId()
  const effort = effortFor(current.effort, offer.efforts)
  return (
    <div className="flex items-center justify-between gap-3">
      <span>
        <label htmlFor={`${fieldId}-effort`} className="block font-medium">
          Effort
        </label>
        <span id={`${fieldId}-effort-help`} className="block text-xs text-muted">
          {offer.on !== null
            ? 'How hard Claude works on each answer, thinking or not.'
            : 'How hard Claude works on each answer.'}
        </span>
      </span>
      <select
        id={`${fieldId}-effort`}
        aria-describedby={`${fieldId}-effort-help`}
        className="input w-32 flex-none py-1 text-sm"
        value={current.effort === undefined ? '' : (effort ?? '')}
        onChange={(event) => onEffort(event.currentTarget.value)}
      >
        <option value="">Default</option>
        {offer.efforts.map((level) => (
          <option key={level} value={level}>
            {capitalised(effortName(level))}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The thinking budget in tokens, for models that take only a budget; committed on blur or Enter. */
function BudgetField({
  budget,
  limit
}: {
  budget: BudgetInput
  limit: { maxTokens: number } | null
}) {
  const budgetId = useId()
  return (
    <span className="flex flex-col gap-1">
      <span className="flex items-center justify-between gap-3">
        <label htmlFor={budgetId} className="font-medium">
          Budget
        </label>
        <span className="flex items-center gap-1.5">
          <input
            id={budgetId}
            className="input input--number w-24 py-1"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={budget.text}
            aria-invalid={budget.errorId ? true : undefined}
            aria-describedby={budget.errorId ?? undefined}
            onChange={(event) => budget.onText(event.currentTarget.value)}
            onBlur={budget.onCommit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // In a form (a project's settings) Enter would submit it with the old budget.
                event.preventDefault()
                budget.onCommit()
              }
            }}
          />
          <span className="text-muted">tokens</span>
        </span>
      </span>
      {limit && limit.maxTokens > THINKING_MIN_BUDGET + 1 ? (
        <span className="text-xs text-muted">
          {formatNumber(THINKING_MIN_BUDGET)} to {formatNumber(limit.maxTokens - 1)}: below the
          reply limit.
        </span>
      ) : null}
    </span>
  )
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * The switch flipped: turning on a budget-only model keeps the last budget if it still fits
 * below the reply limit, else the most that does. A model that always thinks stays as it is.
 */
export function toggledThinking(
  current: ThinkingSetting,
  offer: ThinkingOffer,
  maxTokens: number | null
): ThinkingSetting {
  if (offer.on !== null && offer.off === 'always') return current
  if (!current.enabled && offer.on === 'enabled') {
    const budget = current.budgetTokens ?? THINKING_DEFAULT_BUDGET
    return { ...current, enabled: true, budgetTokens: fitting(budget, maxTokens) }
  }
  return { ...current, enabled: !current.enabled }
}

/** Why this choice cannot be sent under this reply limit (its budget), or null when it can. */
export function thinkingProblem(
  thinking: ThinkingSetting,
  offer: ThinkingOffer,
  limit: { maxTokens: number; limitName: string } | null
): string | null {
  if (!thinking.enabled || offer.on !== 'enabled' || !limit) return null
  const budget = thinking.budgetTokens ?? THINKING_DEFAULT_BUDGET
  return budgetProblem(budget, limit.maxTokens, limit.limitName)
}

/** An effort level chosen ('' : the model's default). */
export function withEffort(current: ThinkingSetting, value: string): ThinkingSetting {
  const { effort: _old, ...rest } = current
  return value === '' ? rest : { ...rest, effort: value as Effort }
}

function fitting(budget: number, maxTokens: number | null): number {
  if (maxTokens === null || budget < maxTokens) return budget
  return Math.max(THINKING_MIN_BUDGET, maxTokens - 1)
}
