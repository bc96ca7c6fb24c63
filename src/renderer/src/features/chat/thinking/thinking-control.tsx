import { useId, useState } from 'react'
import { Lightbulb, LightbulbOff } from 'lucide-react'
import type { ConversationSummary } from '@shared/chat/chat'
import {
  effortFor,
  effortName,
  thinkingOffer,
  replyLimit,
  type Effort
} from '@shared/models/model-caps'
import {
  budgetProblem,
  THINKING_DEFAULT_BUDGET,
  THINKING_MIN_BUDGET,
  THINKING_OFF,
  thinkingSummary,
  type ThinkingSetting
} from '@shared/chat/thinking'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { formatNumber, parseWholeNumber } from '../../../lib/format'
import { useSettingsState } from '../../settings/use-settings-state'
import { HeaderPanel, PanelSwitch } from '../composer/header-panel'
import { useModelInfo } from '../use-model-info'

/**
 * Thinking for the open conversation, in the chat header, as the chat's model takes it (its
 * capabilities from the Anthropic API): the header says the choice in a word ("Thinking · high");
 * its panel holds a switch ("always on" where the model always thinks), an effort level from
 * those the model offers (with thinking off too), and a budget for models that take only that.
 * Main checks the same rules again.
 */
export function ThinkingControl({
  conversation,
  onSaved
}: {
  conversation: ConversationSummary | undefined
  onSaved(): void
}) {
  const { settings } = useSettingsState()
  const model = useModelInfo(conversation?.model)
  const [saved, setSaved] = useState<{ id: string; thinking: ThinkingSetting } | null>(null)
  const [budgetText, setBudgetText] = useState<{ id: string; text: string } | null>(null)
  const [error, setError] = useState<{ id: string; message: string } | null>(null)
  const budgetId = useId()
  const errorId = useId()
  const panelId = useId()
  const offer = thinkingOffer(model?.caps)
  if (!conversation || !offer || (offer.on === null && offer.efforts.length === 0)) return null
  const id = conversation.id
  const current =
    (saved?.id === id ? saved.thinking : null) ?? conversation.thinking ?? THINKING_OFF
  const always = offer.on !== null && offer.off === 'always'
  const on = offer.on !== null && (current.enabled || always)
  const budget = current.budgetTokens ?? THINKING_DEFAULT_BUDGET
  const text = budgetText?.id === id ? budgetText.text : String(budget)
  const limit = settings ? replyLimit(settings.maxTokens, model) : null
  const withBudget = on && offer.on === 'enabled'
  // Max tokens may have been lowered in Settings since the budget was saved.
  const shownError =
    (error?.id === id ? error.message : null) ??
    (withBudget && limit ? budgetProblem(budget, limit.maxTokens, limit.limitName) : null)
  const effort = effortFor(current.effort, offer.efforts)
  const summary = thinkingSummary(current, offer)

  const save = (thinking: ThinkingSetting) => {
    const problem =
      thinking.enabled && offer.on === 'enabled' && limit
        ? budgetProblem(
            thinking.budgetTokens ?? THINKING_DEFAULT_BUDGET,
            limit.maxTokens,
            limit.limitName
          )
        : null
    if (problem) return setError({ id, message: problem })
    setError(null)
    // Shown at once (a switch must follow the click); put back if main refuses.
    const before = current
    setSaved({ id, thinking })
    call((api) => api.chat.setThinking({ conversationId: id, thinking })).then(
      (result) => {
        const next = result.thinking ?? thinking
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
    const typed = parseWholeNumber(text)
    if (!Number.isInteger(typed))
      return setError({ id, message: 'The thinking budget must be a whole number of tokens.' })
    if (typed !== current.budgetTokens || shownError) save({ ...current, budgetTokens: typed })
  }
  const toggle = () => {
    if (always) return
    if (!current.enabled && offer.on === 'enabled')
      save({ ...current, enabled: true, budgetTokens: fitting(budget, limit?.maxTokens ?? null) })
    else save({ ...current, enabled: !current.enabled })
  }
  const chooseEffort = (value: string) => {
    const { effort: _old, ...rest } = current
    save(value === '' ? rest : { ...rest, effort: value as Effort })
  }

  return (
    <div>
      <HeaderPanel
        active={on}
        title={`${summary}: thinking and effort for this chat`}
        panelLabel="Thinking and effort"
        label={
          <>
            {on ? (
              <Lightbulb size={14} aria-hidden className="shrink-0" />
            ) : (
              <LightbulbOff size={14} aria-hidden className="shrink-0" />
            )}
            {/* Icon only in a narrow header, like its neighbours: the chat's title needs the room. */}
            <span className="sr-only @5xl:not-sr-only">{summary}</span>
          </>
        }
        after={
          shownError ? (
            <p id={errorId} role="alert" className="max-w-md text-right text-xs text-danger">
              {shownError}
            </p>
          ) : null
        }
      >
        {offer.on !== null ? (
          <PanelSwitch
            label="Think before answering"
            help={
              always
                ? `${model?.displayName ?? 'This model'} always thinks: it cannot be turned off.`
                : offer.on === 'adaptive'
                  ? 'Claude decides how much to think; the thinking shows above each answer.'
                  : 'Claude thinks up to the budget below before it answers.'
            }
            checked={on}
            locked={always}
            onToggle={toggle}
          />
        ) : null}
        {offer.efforts.length > 0 ? (
          <div className="flex items-center justify-between gap-3">
            <span>
              <label htmlFor={`${panelId}-effort`} className="block font-medium">
                Effort
              </label>
              <span id={`${panelId}-effort-help`} className="block text-xs text-muted">
                {offer.on !== null
                  ? 'How hard Claude works on each answer, thinking or not.'
                  : 'How hard Claude works on each answer.'}
              </span>
            </span>
            <select
              id={`${panelId}-effort`}
              aria-describedby={`${panelId}-effort-help`}
              className="input w-32 flex-none py-1 text-sm"
              value={current.effort === undefined ? '' : (effort ?? '')}
              onChange={(event) => chooseEffort(event.currentTarget.value)}
            >
              <option value="">Default</option>
              {offer.efforts.map((level) => (
                <option key={level} value={level}>
                  {capitalised(effortName(level))}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {withBudget ? (
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
                  value={text}
                  aria-invalid={shownError ? true : undefined}
                  aria-describedby={shownError ? errorId : undefined}
                  onChange={(event) => setBudgetText({ id, text: event.currentTarget.value })}
                  onBlur={commitBudget}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') commitBudget()
                  }}
                />
                <span className="text-muted">tokens</span>
              </span>
            </span>
            {limit && limit.maxTokens > THINKING_MIN_BUDGET + 1 ? (
              <span className="text-xs text-muted">
                {formatNumber(THINKING_MIN_BUDGET)} to {formatNumber(limit.maxTokens - 1)}: below
                the reply limit.
              </span>
            ) : null}
          </span>
        ) : null}
      </HeaderPanel>
    </div>
  )
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** Turning thinking on keeps the last budget if it still fits below the reply limit, else the most that does. */
function fitting(budget: number, maxTokens: number | null): number {
  if (maxTokens === null || budget < maxTokens) return budget
  return Math.max(THINKING_MIN_BUDGET, maxTokens - 1)
}
