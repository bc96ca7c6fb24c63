import type { ChatMessage } from './chat'
import { promptTokens } from './cost'
import { modelFacts } from './pricing'
import type { Settings } from './settings'

/*
 * How full the model's context window is: what the last request sent (input, cache reads, cache
 * writes) against the window of the model that answered it. The next request sends at least that
 * much again, so it is the honest "how close to the edge" figure.
 */

/** The API's default trigger for `compact_20260112` (SDK: "Defaults to 150000 input tokens"). */
export const COMPACTION_TRIGGER_TOKENS = 150_000

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

/** The first thing that will make room, and its text; null when nothing will before the window. */
export function contextHint(used: number, window: number, ce: ContextSettings): string | null {
  const edits: { at: number; what: string; doing: string }[] = []
  if (ce.enabled)
    edits.push({
      at: ce.triggerTokens,
      what: 'Older tool results are cleared',
      doing: 'Older tool results are being cleared'
    })
  if (ce.compaction)
    edits.push({
      at: COMPACTION_TRIGGER_TOKENS,
      what: 'Earlier messages are summarized',
      doing: 'Earlier messages are being summarized'
    })
  const first = edits.filter((e) => e.at < window).sort((a, b) => a.at - b.at)[0]
  if (!first) return null
  return used >= first.at
    ? `${first.doing} (over ${shortTokens(first.at)})`
    : `${first.what} at ${shortTokens(first.at)}`
}

/** The gauge for a conversation, or null before any reply or for a model of unknown size. */
export function contextGauge(
  messages: readonly ChatMessage[],
  ce: ContextSettings
): ContextGauge | null {
  const last = messages.findLast(
    (m) => m.role === 'assistant' && m.usage !== null && promptTokens(m.usage) > 0
  )
  if (!last || last.role !== 'assistant' || !last.usage) return null
  const facts = modelFacts(last.model)
  if (!facts) return null
  const used = promptTokens(last.usage)
  const window = facts.contextWindow
  return {
    used,
    window,
    percent: Math.min(100, (used / window) * 100),
    hint: contextHint(used, window, ce)
  }
}
