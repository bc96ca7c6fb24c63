import { useId, useState } from 'react'
import type { ModelOption } from '@shared/chat/models'
import { replyLimit, thinkingOffer, type ThinkingOffer } from '@shared/models/model-caps'
import { THINKING_DEFAULT_BUDGET, THINKING_OFF, type ThinkingSetting } from '@shared/chat/thinking'
import { parseWholeNumber } from '../../lib/format'
import {
  ThinkingFields,
  thinkingProblem,
  toggledThinking,
  withEffort
} from '../chat/thinking/thinking-fields'
import { useModelInfo } from '../chat/use-model-info'
import { useSettingsState } from '../settings/use-settings-state'

/** What the model for new chats takes, and why the chosen thinking can't be sent (null: it can). */
export interface ThinkingDefaultCheck {
  modelId: string | undefined
  info: ModelOption | null | undefined
  offer: ThinkingOffer | null
  limit: ReturnType<typeof replyLimit> | null
  problem: string | null
}

/**
 * Asked once by the project settings: the field shows the problem, and Save is held while there
 * is one (main would otherwise drop a thinking setting the reply limit can't hold).
 */
export function useThinkingDefaultCheck(
  /** The project's model for new chats ('' : the one from Settings). */
  model: string,
  value: ThinkingSetting | undefined
): ThinkingDefaultCheck {
  const { settings } = useSettingsState()
  const modelId = model || settings?.model
  const info = useModelInfo(modelId)
  const offer = thinkingOffer(info?.caps)
  const limit = settings ? replyLimit(settings.maxTokens, info) : null
  const problem = offer ? thinkingProblem(value ?? THINKING_OFF, offer, limit) : null
  return { modelId, info, offer, limit, problem }
}

/**
 * The thinking a new chat in the project starts with, offered as the model for new chats takes
 * it (the project's, else Settings'). Off with the model's default effort is no choice at all
 * (undefined): new chats then start as they do outside projects. Main checks it again when a
 * chat is made, and leaves out a choice that chat's model would refuse.
 */
export function DefaultThinkingField({
  check,
  value,
  onChange
}: {
  check: ThinkingDefaultCheck
  value: ThinkingSetting | undefined
  onChange(thinking: ThinkingSetting | undefined): void
}) {
  const { modelId, info, offer, limit } = check
  const [typed, setTyped] = useState<string | null>(null)
  const [typo, setTypo] = useState<string | null>(null)
  const errorId = useId()
  const current = value ?? THINKING_OFF
  const set = (next: ThinkingSetting) => {
    setTypo(null)
    onChange(next.enabled || next.effort !== undefined ? next : undefined)
  }
  const text = typed ?? String(current.budgetTokens ?? THINKING_DEFAULT_BUDGET)
  const commitBudget = () => {
    const budgetTokens = parseWholeNumber(text)
    if (!Number.isInteger(budgetTokens))
      return setTypo('The thinking budget must be a whole number of tokens.')
    setTyped(null)
    set({ ...current, budgetTokens })
  }
  const problem = typo ?? check.problem
  const name = info?.displayName ?? modelId ?? 'The model for new chats'
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-line p-3 text-sm">
      <legend className="px-1 text-[13px] font-medium">Thinking</legend>
      {info === undefined ? (
        <p className="text-xs text-muted">Asking the Anthropic API what {name} takes…</p>
      ) : !offer ? (
        <p className="text-xs text-muted">
          The Anthropic API did not say what {name} takes, so new chats start with thinking off.
          Choose a model from the list to set it.
        </p>
      ) : offer.on === null && offer.efforts.length === 0 ? (
        <p className="text-xs text-muted">{name} takes no thinking or effort setting.</p>
      ) : (
        <ThinkingFields
          offer={offer}
          modelName={info?.displayName}
          current={current}
          limit={limit}
          budget={{
            text,
            onText: setTyped,
            onCommit: commitBudget,
            errorId: problem ? errorId : null
          }}
          onToggle={() => set(toggledThinking(current, offer, limit?.maxTokens ?? null))}
          onEffort={(level) => set(withEffort(current, level))}
        />
      )}
      {problem ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
