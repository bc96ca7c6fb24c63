import { useId, useState } from 'react'
import { Lightbulb, LightbulbOff } from 'lucide-react'
import type { ConversationSummary } from '@shared/chat/chat'
import { thinkingOffer, replyLimit } from '@shared/models/model-caps'
import {
  budgetProblem,
  THINKING_DEFAULT_BUDGET,
  THINKING_OFF,
  thinkingSummary,
  type ThinkingSetting
} from '@shared/chat/thinking'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { parseWholeNumber } from '../../../lib/format'
import { useSettingsState } from '../../settings/use-settings-state'
import { HeaderPanel } from '../composer/header-panel'
import { ThinkingFields, thinkingProblem, toggledThinking, withEffort } from './thinking-fields'
import { useModelInfo } from '../use-model-info'

/**
 * Thinking for the open conversation, in the chat header, as the chat's model takes it (its
 * capabilities from the Anthropic API): the header says the choice in a word ("Thinking · high");
 * its panel holds the fields (thinking-fields.tsx). Main checks the same rules again.
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
  const errorId = useId()
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
  const summary = thinkingSummary(current, offer)

  const save = (thinking: ThinkingSetting) => {
    const problem = thinkingProblem(thinking, offer, limit)
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
        <ThinkingFields
          offer={offer}
          modelName={model?.displayName}
          current={current}
          limit={limit}
          budget={{
            text,
            onText: (typed) => setBudgetText({ id, text: typed }),
            onCommit: commitBudget,
            errorId: shownError ? errorId : null
          }}
          onToggle={() => save(toggledThinking(current, offer, limit?.maxTokens ?? null))}
          onEffort={(value) => save(withEffort(current, value))}
        />
      </HeaderPanel>
    </div>
  )
}
