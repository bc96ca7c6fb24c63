import { useId, useState } from 'react'
import type { ConversationSummary } from '@shared/chat'
import {
  budgetProblem,
  THINKING_MIN_BUDGET,
  THINKING_OFF,
  thinkingSupport,
  type ThinkingSetting
} from '@shared/thinking'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { formatNumber, parseWholeNumber } from '../../../lib/format'
import { useSettingsState } from '../../settings/use-settings-state'

/**
 * Extended thinking for the open conversation, in the chat header: a toggle and a budget.
 * Offered only for models that take a thinking budget; main checks the same rules again.
 */
export function ThinkingControl({
  conversation,
  onSaved
}: {
  conversation: ConversationSummary | undefined
  onSaved(): void
}) {
  const { settings } = useSettingsState()
  const [saved, setSaved] = useState<{ id: string; thinking: ThinkingSetting } | null>(null)
  const [budgetText, setBudgetText] = useState<{ id: string; text: string } | null>(null)
  const [error, setError] = useState<{ id: string; message: string } | null>(null)
  const budgetId = useId()
  const errorId = useId()
  if (!conversation || !thinkingSupport(conversation.model)) return null
  const id = conversation.id
  const current =
    (saved?.id === id ? saved.thinking : null) ?? conversation.thinking ?? THINKING_OFF
  const text = budgetText?.id === id ? budgetText.text : String(current.budgetTokens)
  const maxTokens = settings?.maxTokens ?? null
  // Max tokens may have been lowered in Settings since the budget was saved.
  const shownError =
    (error?.id === id ? error.message : null) ??
    (current.enabled && maxTokens !== null ? budgetProblem(current.budgetTokens, maxTokens) : null)

  const save = (thinking: ThinkingSetting) => {
    const budget = parseWholeNumber(String(thinking.budgetTokens))
    const problem = thinking.enabled && maxTokens !== null ? budgetProblem(budget, maxTokens) : null
    if (problem) return setError({ id, message: problem })
    setError(null)
    // Shown at once (a checkbox must follow the click); put back if main refuses.
    const before = current
    setSaved({ id, thinking })
    call((api) => api.chat.setThinking({ conversationId: id, thinking })).then(
      (summary) => {
        const next = summary.thinking ?? thinking
        setSaved({ id, thinking: next })
        // A budget typed while this was saving stays in the field.
        setBudgetText((typed) =>
          typed && parseWholeNumber(typed.text) !== next.budgetTokens ? typed : null
        )
        onSaved()
      },
      (failure: unknown) => {
        setSaved({ id, thinking: before })
        const shown = toShownError(failure)
        setError({ id, message: `${shown.message}${shown.nextStep ? ` ${shown.nextStep}` : ''}` })
      }
    )
  }
  const commitBudget = () => {
    const budget = parseWholeNumber(text)
    if (!Number.isInteger(budget))
      return setError({ id, message: 'The thinking budget must be a whole number of tokens.' })
    if (budget !== current.budgetTokens || shownError) save({ ...current, budgetTokens: budget })
  }

  return (
    <div className="ml-auto flex shrink-0 flex-col items-end gap-1">
      <div className="flex items-center gap-3 text-sm">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={current.enabled}
            onChange={(event) =>
              save(
                event.currentTarget.checked
                  ? { enabled: true, budgetTokens: fitting(current.budgetTokens, maxTokens) }
                  : { ...current, enabled: false }
              )
            }
          />
          <span>Extended thinking</span>
        </label>
        {current.enabled ? (
          <span className="flex items-center gap-1.5">
            <label htmlFor={budgetId} className="text-muted">
              Budget
            </label>
            <input
              id={budgetId}
              className="input input--number w-24 py-1"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              value={text}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? errorId : undefined}
              onChange={(event) => setBudgetText({ id, text: event.currentTarget.value })}
              onBlur={commitBudget}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitBudget()
              }}
            />
            <span className="text-muted">
              tokens
              {maxTokens !== null && maxTokens > THINKING_MIN_BUDGET + 1
                ? ` (${formatNumber(THINKING_MIN_BUDGET)} to ${formatNumber(maxTokens - 1)})`
                : ''}
            </span>
          </span>
        ) : null}
      </div>
      {shownError ? (
        <p id={errorId} role="alert" className="max-w-md text-right text-xs text-danger">
          {shownError}
        </p>
      ) : null}
    </div>
  )
}

/** Turning thinking on keeps the last budget if it still fits below Max tokens, else the most that does. */
function fitting(budget: number, maxTokens: number | null): number {
  if (maxTokens === null || budget < maxTokens) return budget
  return Math.max(THINKING_MIN_BUDGET, maxTokens - 1)
}
