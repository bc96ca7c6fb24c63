import { z } from 'zod'

/*
 * What a model takes, as `GET /v1/models` describes it (`capabilities`, SDK 1.12 `ModelInfo`),
 * read once by the model catalog and kept in its cache. Nothing here knows a model by name: a
 * model no line of code has heard of works fully when the API describes it, and one the API does
 * not describe (`capabilities: null`, or no list at all) gets the safe fallback — no thinking
 * parameter, no effort, no context editing, the reply limit from Settings.
 */

/** The effort levels the API knows, lowest first (`output_config.effort`). */
export const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const
export const EffortSchema = z.enum(EFFORT_LEVELS, {
  error: `effort must be one of ${EFFORT_LEVELS.join(', ')}`
})
export type Effort = z.infer<typeof EffortSchema>

export const ModelCapsSchema = z.object({
  /** Which `thinking.type` values the model accepts (each read on its own, as the API says). */
  thinking: z.object({
    adaptive: z.boolean(),
    enabled: z.boolean(),
    disabled: z.boolean(),
    betweenTools: z.boolean()
  }),
  /** The effort levels it offers, lowest first; empty: no `output_config.effort`. */
  effort: z.array(EffortSchema),
  imageInput: z.boolean(),
  pdfInput: z.boolean(),
  webSearch: z.boolean(),
  codeExecution: z.boolean(),
  /**
   * Tool search (`tool_search_tool_*`), where the API says (`server_tools.tool_search`, a key it
   * does not send today); absent: it does not say (see shared/chat/tool-search.ts).
   */
  toolSearch: z.boolean().optional(),
  contextManagement: z.object({
    clearToolUses: z.boolean(),
    clearThinking: z.boolean(),
    compact: z.boolean()
  })
})
export type ModelCaps = z.infer<typeof ModelCapsSchema>

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
/** `{supported: true}`; anything else (absent, null, a shape from a newer API) is "no". */
const supported = (value: unknown): boolean => isObject(value) && value.supported === true

/**
 * The API's `capabilities` object, read tolerantly: an unknown key is ignored, a missing or null
 * one is "not supported". null when the API gave no capabilities at all.
 */
export function capsFromApi(raw: unknown): ModelCaps | null {
  if (!isObject(raw)) return null
  const thinking = isObject(raw.thinking) ? raw.thinking : {}
  const types = isObject(thinking.types) ? thinking.types : {}
  const thinks = thinking.supported === true
  const effort = isObject(raw.effort) && raw.effort.supported === true ? raw.effort : {}
  const tools = isObject(raw.server_tools) ? raw.server_tools : {}
  const context = isObject(raw.context_management) ? raw.context_management : {}
  const contextOn = context.supported === true
  return {
    thinking: {
      adaptive: thinks && supported(types.adaptive),
      enabled: thinks && supported(types.enabled),
      disabled: supported(types.disabled),
      betweenTools: supported(types.between_tools)
    },
    effort: EFFORT_LEVELS.filter((level) => supported(effort[level])),
    imageInput: supported(raw.image_input),
    pdfInput: supported(raw.pdf_input),
    webSearch: tools.supported === true && supported(tools.web_search),
    codeExecution: tools.supported === true && supported(tools.code_execution),
    ...('tool_search' in tools ? { toolSearch: supported(tools.tool_search) } : {}),
    contextManagement: {
      clearToolUses: contextOn && supported(context.clear_tool_uses_20250919),
      clearThinking: contextOn && supported(context.clear_thinking_20251015),
      compact: contextOn && supported(context.compact_20260112)
    }
  }
}

/**
 * How thinking is switched on this model:
 * - `on`: what "on" sends — `adaptive` (the model decides how much, with effort), `enabled` (a
 *   budget of tokens), or null when the model cannot be asked to think;
 * - `off`: what "off" sends — `disabled`, `between_tools` where `disabled` is refused, `always`
 *   where the model always thinks (the switch reads "always on"), or `none` (nothing to send:
 *   a model that does not think);
 * - `efforts`: the levels offered, with thinking on or off.
 */
export interface ThinkingOffer {
  on: 'adaptive' | 'enabled' | null
  off: 'disabled' | 'between_tools' | 'always' | 'none'
  efforts: Effort[]
}

/** What the thinking control offers for these capabilities; null when they are unknown. */
export function thinkingOffer(caps: ModelCaps | null | undefined): ThinkingOffer | null {
  if (!caps) return null
  const t = caps.thinking
  const on = t.adaptive ? 'adaptive' : t.enabled ? 'enabled' : null
  const off =
    on === null ? 'none' : t.disabled ? 'disabled' : t.betweenTools ? 'between_tools' : 'always'
  return { on, off, efforts: [...caps.effort] }
}

/**
 * The level to send for the one chosen, on a model that offers `offered`: the same, else the
 * nearest lower one it offers, else the nearest higher; null when it offers none (or none was
 * chosen). A chat keeps its choice across a model switch; the request uses what fits.
 */
export function effortFor(chosen: Effort | undefined, offered: readonly Effort[]): Effort | null {
  if (!chosen || offered.length === 0) return null
  if (offered.includes(chosen)) return chosen
  const rank = EFFORT_LEVELS.indexOf(chosen)
  const lower = offered.filter((level) => EFFORT_LEVELS.indexOf(level) < rank)
  return lower[lower.length - 1] ?? offered[0] ?? null
}

/** "xhigh" reads as "extra high" in sentences; the rest read as they are. */
export function effortName(level: Effort): string {
  return level === 'xhigh' ? 'extra high' : level
}

/** What a model's own limits are, as far as the list tells (absent or null: unknown). */
export interface ModelLimits {
  displayName: string
  maxTokens?: number | null | undefined
  maxInputTokens?: number | null | undefined
}

/**
 * The `max_tokens` a request sends: Settings' Max tokens, or the model's own maximum when that
 * is lower (the API refuses more). `limitName` says which of the two it is, for messages.
 */
export function replyLimit(
  settingsMax: number,
  model: ModelLimits | null | undefined
): { maxTokens: number; limitName: string } {
  const own = model?.maxTokens
  if (typeof own === 'number' && own > 0 && own < settingsMax)
    return { maxTokens: own, limitName: `the most ${model?.displayName ?? 'this model'} writes` }
  return { maxTokens: settingsMax, limitName: 'Max tokens in Settings' }
}
