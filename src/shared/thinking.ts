import { z } from 'zod'

/*
 * Extended thinking (manual mode: `thinking: {type: "enabled", budget_tokens}`), per conversation.
 * Which models take it is a fact of the API, kept here so main (requests) and the renderer (the
 * toggle) agree. Unknown models are not offered thinking: a wrong guess is a 400 on every message.
 *
 * From Anthropic's "Troubleshooting thinking" table: manual extended thinking is the only thinking
 * mode on Claude 4.5 and earlier thinking models; it is deprecated but still accepted on the 4.6
 * models and Claude Mythos Preview; Claude Opus 4.7 and later (Opus 4.8, the 5.x families) reject it
 * with a 400 ("thinking.type.enabled" is not supported for this model).
 */

/** The API's floor for `budget_tokens`; it must also be less than `max_tokens`. */
export const THINKING_MIN_BUDGET = 1_024
/** Settings cap `max_tokens` at 128,000, and the budget must stay below it. */
export const THINKING_MAX_BUDGET = 127_999
export const THINKING_DEFAULT_BUDGET = 2_048

export interface ThinkingSupport {
  /** `deprecated`: still accepted, Anthropic recommends adaptive thinking instead. */
  status: 'supported' | 'deprecated'
}

/** Model id (without a date or version suffix) → manual extended thinking support. */
const SUPPORT: Readonly<Record<string, ThinkingSupport>> = {
  'claude-sonnet-4-6': { status: 'deprecated' },
  'claude-opus-4-6': { status: 'deprecated' },
  'claude-mythos-preview': { status: 'deprecated' },
  'claude-opus-4-5': { status: 'supported' },
  'claude-sonnet-4-5': { status: 'supported' },
  'claude-haiku-4-5': { status: 'supported' },
  'claude-opus-4-1': { status: 'supported' },
  'claude-opus-4': { status: 'supported' },
  'claude-opus-4-0': { status: 'supported' },
  'claude-sonnet-4': { status: 'supported' },
  'claude-sonnet-4-0': { status: 'supported' },
  'claude-3-7-sonnet': { status: 'supported' }
}

/**
 * The support entry for a model id, or null. `claude-opus-4` must not match `claude-opus-4-7`, so
 * only a date (`-20250514`), `-latest` or a platform version (`@20250514`, `-v1:0`) may follow a key.
 */
export function thinkingSupport(model: string): ThinkingSupport | null {
  const id = model.trim().toLowerCase()
  const bare = id.replace(/(@.*|-v\d+(:\d+)?)$/, '').replace(/-(\d{8}|latest)$/, '')
  return Object.hasOwn(SUPPORT, bare) ? (SUPPORT[bare] ?? null) : null
}

export const ThinkingSettingSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  budgetTokens: z
    .number({ error: 'budgetTokens must be a number' })
    .int({ error: 'the thinking budget must be a whole number of tokens' })
    .min(THINKING_MIN_BUDGET, {
      error: `the thinking budget must be at least ${THINKING_MIN_BUDGET.toLocaleString('en-US')} tokens`
    })
    .max(THINKING_MAX_BUDGET, {
      error: `the thinking budget can be at most ${THINKING_MAX_BUDGET.toLocaleString('en-US')} tokens`
    })
})
export type ThinkingSetting = z.infer<typeof ThinkingSettingSchema>

export const THINKING_OFF: ThinkingSetting = {
  enabled: false,
  budgetTokens: THINKING_DEFAULT_BUDGET
}

/**
 * Why this budget cannot be sent with this reply limit, or null when it can. The API requires
 * `budget_tokens < max_tokens` (thinking counts toward the reply limit).
 */
export function budgetProblem(budgetTokens: number, maxTokens: number): string | null {
  if (!Number.isInteger(budgetTokens) || budgetTokens < THINKING_MIN_BUDGET)
    return `The thinking budget must be at least ${THINKING_MIN_BUDGET.toLocaleString('en-US')} tokens.`
  if (budgetTokens >= maxTokens)
    return `The thinking budget (${budgetTokens.toLocaleString('en-US')} tokens) must be less than the reply limit, Max tokens in Settings (${maxTokens.toLocaleString('en-US')}). Lower the budget, or raise Max tokens in Settings.`
  return null
}
