import { z } from 'zod'
import { EffortSchema, effortFor, effortName, type ThinkingOffer } from '../models/model-caps'

/*
 * Thinking, per conversation: on or off, an effort level, and (for models that only take a
 * budget) a number of thinking tokens. What each model takes comes from the API (model-caps.ts);
 * nothing here knows a model by name.
 */

/** The API's floor for `budget_tokens`; it must also be less than `max_tokens`. */
export const THINKING_MIN_BUDGET = 1_024
/** Settings cap `max_tokens` at 128,000, and the budget must stay below it. */
export const THINKING_MAX_BUDGET = 127_999
export const THINKING_DEFAULT_BUDGET = 2_048

export const ThinkingSettingSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  /** `output_config.effort`, where the model offers effort (with thinking on or off). Absent: the model's default. */
  effort: EffortSchema.optional(),
  /** For models that take only `thinking: {type: "enabled"}`; absent: 2,048. */
  budgetTokens: z
    .number({ error: 'budgetTokens must be a number' })
    .int({ error: 'the thinking budget must be a whole number of tokens' })
    .min(THINKING_MIN_BUDGET, {
      error: `the thinking budget must be at least ${THINKING_MIN_BUDGET.toLocaleString('en-US')} tokens`
    })
    .max(THINKING_MAX_BUDGET, {
      error: `the thinking budget can be at most ${THINKING_MAX_BUDGET.toLocaleString('en-US')} tokens`
    })
    .optional()
})
export type ThinkingSetting = z.infer<typeof ThinkingSettingSchema>

export const THINKING_OFF: ThinkingSetting = { enabled: false }

/**
 * Why this budget cannot be sent with this reply limit, or null when it can. The API requires
 * `budget_tokens < max_tokens` (thinking counts toward the reply limit).
 */
export function budgetProblem(
  budgetTokens: number,
  maxTokens: number,
  /** What sets the reply limit: Settings, or the model's own lower maximum. */
  limitName = 'Max tokens in Settings'
): string | null {
  if (!Number.isInteger(budgetTokens) || budgetTokens < THINKING_MIN_BUDGET)
    return `The thinking budget must be at least ${THINKING_MIN_BUDGET.toLocaleString('en-US')} tokens.`
  if (budgetTokens >= maxTokens)
    return `The thinking budget (${budgetTokens.toLocaleString('en-US')} tokens) must be less than the reply limit, ${limitName} (${maxTokens.toLocaleString('en-US')}). Lower the budget${limitName.includes('Settings') ? ', or raise Max tokens in Settings' : ''}.`
  return null
}

/**
 * The chat header's word for the choice: "Thinking · high", "Thinking · always on",
 * "Thinking off", "Thinking off · low"; null when the model takes neither thinking nor effort.
 */
export function thinkingSummary(
  setting: ThinkingSetting,
  offer: ThinkingOffer | null
): string | null {
  if (!offer || (offer.on === null && offer.efforts.length === 0)) return null
  const effort = effortFor(setting.effort, offer.efforts)
  const level = effort ? effortName(effort) : null
  if (offer.on !== null && offer.off === 'always')
    return `Thinking · always on${level ? ` · ${level}` : ''}`
  if (offer.on !== null && setting.enabled) {
    if (level) return `Thinking · ${level}`
    if (offer.on === 'enabled')
      return `Thinking · ${(setting.budgetTokens ?? THINKING_DEFAULT_BUDGET).toLocaleString('en-US')} tokens`
    return 'Thinking · on'
  }
  if (offer.on === null) return level ? `Effort · ${level}` : null
  return level ? `Thinking off · ${level}` : 'Thinking off'
}
