import type { AssistantMessage, ChatMessage } from './chat'
import { promptTokens } from '../models/cost'
import type { Settings } from '../app/settings'

/*
 * How full the model's context window is: what the last request sent (input, cache reads, cache
 * writes) against the window of the model that answered it (its `max_input_tokens` from the
 * API). The next request sends at least that much again, so it is the honest "how close to the
 * edge" figure.
 */

/** The API's default trigger for `compact_20260112` (SDK: "Defaults to 150000 input tokens"). */
export const COMPACTION_TRIGGER_TOKENS = 150_000

/**
 * Where compaction starts for a model with this window: the API's default, or three quarters
 * of a window too small for it (a 100K model would otherwise never compact before it is full).
 */
export function compactionTrigger(window: number | null | undefined): number {
  if (!window || window * 0.75 >= COMPACTION_TRIGGER_TOKENS) return COMPACTION_TRIGGER_TOKENS
  return Math.floor(window * 0.75)
}

export interface ContextGauge {
  used: number
  window: number
  /** 0–100, not rounded (see percentText). */
  percent: number
  /** When context editing or compaction starts, if it will within this window. */
  hint: string | null
}

/** 100K, 1M, 1.5M: the way the docs write context sizes. */
export function shortTokens(n: number): string {
  if (n >= 1_000_000) return `${+(n / 1_000_000).toFixed(1)}M`
  if (n >= 1_000) return `${Math.round(n / 1_000)}K`
  return String(n)
}

/** "42%"; "<1%" for a sliver, so a used context never reads as empty. */
export function percentText(percent: number): string {
  return percent > 0 && percent < 1 ? '<1%' : `${Math.round(percent)}%`
}

type ContextSettings = Pick<Settings['contextEditing'], 'enabled' | 'triggerTokens' | 'compaction'>

/** The hint shows from this share of the way to the first trigger (earlier, it is noise). */
const HINT_FROM = 0.75

/**
 * What will make room first, in plain words, once the chat is near it (or past it); null while
 * it is far off or nothing will before the window fills.
 */
export function contextHint(used: number, window: number, ce: ContextSettings): string | null {
  const compactAt = compactionTrigger(window)
  const edits: { at: number; soon: (at: string) => string; doing: (at: string) => string }[] = []
  if (ce.enabled)
    edits.push({
      at: ce.triggerTokens,
      soon: (at) =>
        `Long chat: from ${at} tokens, older tool results stop being sent to Claude (you still see them here)`,
      doing: (at) =>
        `Long chat (over ${at} tokens): older tool results are no longer sent to Claude; you still see them here`
    })
  if (ce.compaction)
    edits.push({
      at: compactAt,
      soon: (at) => `Long chat: from ${at} tokens, Claude gets earlier messages as a summary`,
      doing: (at) =>
        `Long chat (over ${at} tokens): Claude gets earlier messages as a summary; you still see them here`
    })
  const first = edits.filter((e) => e.at < window).sort((a, b) => a.at - b.at)[0]
  if (!first || used < first.at * HINT_FROM) return null
  return used >= first.at ? first.doing(shortTokens(first.at)) : first.soon(shortTokens(first.at))
}

/** The reply the gauge reads: the last one whose request counted tokens. */
export function lastCounted(messages: readonly ChatMessage[]): AssistantMessage | null {
  const last = messages.findLast(
    (m) => m.role === 'assistant' && m.usage !== null && promptTokens(m.usage) > 0
  )
  return last?.role === 'assistant' ? last : null
}

/**
 * The gauge for a conversation, or null before any reply or for a model of unknown size.
 * `windowOf`: a model's context window as the API gives it (`max_input_tokens`), or null.
 */
export function contextGauge(
  messages: readonly ChatMessage[],
  ce: ContextSettings,
  windowOf: (model: string) => number | null | undefined
): ContextGauge | null {
  const last = lastCounted(messages)
  if (!last?.usage) return null
  const window = windowOf(last.model)
  if (!window) return null
  const used = promptTokens(last.usage)
  return {
    used,
    window,
    percent: Math.min(100, (used / window) * 100),
    hint: contextHint(used, window, ce)
  }
}
