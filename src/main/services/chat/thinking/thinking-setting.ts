import type { ModelOption } from '@shared/chat/models'
import { effortName, replyLimit, thinkingOffer } from '@shared/models/model-caps'
import { budgetProblem, THINKING_DEFAULT_BUDGET, type ThinkingSetting } from '@shared/chat/thinking'

/**
 * Why this thinking setting cannot be saved for a chat on this model, or null. The model's
 * entry in the catalog decides (null: nothing is known of it, so only "off at the model's own
 * effort" can be saved). Turning thinking off without an effort always can.
 */
export function thinkingSettingProblem(
  modelId: string,
  model: ModelOption | null,
  setting: ThinkingSetting,
  settingsMaxTokens: number
): string | null {
  if (!setting.enabled && setting.effort === undefined) return null
  const offer = thinkingOffer(model?.caps)
  const name = model?.displayName ?? modelId
  if (!offer)
    return `Cairn could not learn what ${name} takes (the Anthropic API's model list does not describe it, or could not be reached), so it sends no thinking or effort to it. Refresh the model list in Settings, or choose a model from the list.`
  if (setting.enabled && offer.on === null)
    return `${name} does not think before answering, so thinking cannot be turned on for it. Choose a model that does.`
  if (setting.effort !== undefined && !offer.efforts.includes(setting.effort))
    return offer.efforts.length === 0
      ? `${name} takes no effort level. Leave effort at the model's default.`
      : `${name} does not take ${effortName(setting.effort)} effort; it takes ${offer.efforts.map(effortName).join(', ')}.`
  if (setting.enabled && offer.on === 'enabled') {
    const limit = replyLimit(settingsMaxTokens, model)
    return budgetProblem(
      setting.budgetTokens ?? THINKING_DEFAULT_BUDGET,
      limit.maxTokens,
      limit.limitName
    )
  }
  return null
}
