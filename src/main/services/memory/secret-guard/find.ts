import { lintSource } from '@secretlint/core'
import { secretLintProfiler } from '@secretlint/profiler'
import { rules as presetRules } from '@secretlint/secretlint-rule-preset-recommend'
import type { SecretLintCoreConfig, SecretLintRuleCreator } from '@secretlint/types'
import { pacer, type Pace } from '../core/pace'
import { kindOf } from './kinds'
import { findInForms, unite } from './normalise'
import { OWN_RULES } from './own-rules'

/** A secret found in a text: its kind in plain words and where it is, never the text itself. */
export interface Finding {
  kind: string
  /** 1-based line and column of the first character. */
  line: number
  column: number
  /** Offsets in the scanned text (UTF-16 units), for redaction; never sent anywhere. */
  start: number
  end: number
}

const PRESET = '@secretlint/secretlint-rule-'

// secretlint's core marks every rule's start and end on the global performance timeline, and its
// profiler keeps each entry in an array it searches linearly: in a long-lived process every scan
// got slower and memory grew (measured here: a short text went from 0.6 ms to ~50 ms after a few
// hundred scans). Cairn never reads the profile, so the profiler is switched off through its own
// API (secretlint 13), once, when this module loads: a plain import, so a bundler that inlines the
// core inlines the same profiler instance with it.
secretLintProfiler.setEnabled(false)

// The comment filter honours "secretlint-disable" in the text itself: in memory that text is
// Claude's, so it must not be able to switch the guard off.
const SKIPPED_RULES = new Set([`${PRESET}filter-comments`])

const CONFIG: SecretLintCoreConfig = {
  rules: [
    ...(presetRules as SecretLintRuleCreator[])
      .filter((rule) => !SKIPPED_RULES.has(rule.meta.id))
      .map((rule) =>
        rule.meta.id === `${PRESET}aws`
          ? // Access key IDs too (off by default in the preset); an account ID alone is no secret.
            {
              id: rule.meta.id,
              rule,
              options: { enableIDScanRule: true },
              allowMessageIds: ['AWSAccountID']
            }
          : { id: rule.meta.id, rule }
      ),
    ...OWN_RULES.map((rule) => ({ id: rule.meta.id, rule }))
  ]
}

/**
 * Texts longer than this are scanned in slices (about 3 ms each on an idle machine, under 50 ms
 * on one loaded 10×), handing the event loop back between them.
 */
export const SLICE_CHARS = 64 * 1024
/** Slices overlap by this much, so a secret across a cut (a private key block) is seen whole. */
const OVERLAP_CHARS = 12 * 1024

/** Every secret in `text`, in order of position; overlapping findings are merged into one. */
export async function findSecrets(text: string, pace: Pace = pacer()): Promise<Finding[]> {
  const scan = (form: string) => scanSpans(form, pace)
  // The raw text, and its normalised forms (normalise.ts) for secrets hidden from patterns.
  const spans = unite([...merge(await scan(text)), ...merge(await findInForms(text, scan, pace))])
  return withPositions(text, spans)
}

async function scanSpans(
  text: string,
  pace: Pace
): Promise<Array<Omit<Finding, 'line' | 'column'>>> {
  const spans: Array<Omit<Finding, 'line' | 'column'>> = []
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + SLICE_CHARS)
    if (to < text.length) to = Math.max(text.lastIndexOf('\n', to) + 1, from + SLICE_CHARS / 2)
    // A match that touches a cut may be a piece of a longer secret; the overlap sees it whole.
    const cutBefore = from > 0 && text.charCodeAt(from - 1) !== 10
    const cutAfter = to < text.length && text.charCodeAt(to - 1) !== 10
    for (const span of await lintSlice(text, from, to))
      if (!(cutBefore && span.start === from) && !(cutAfter && span.end === to)) spans.push(span)
    if (to >= text.length) break
    // The next slice starts a little before this one ended, at a line start when one is near
    // (a cut inside a long line could start a false match), else mid-line.
    const back = to - OVERLAP_CHARS
    const lineStart = text.lastIndexOf('\n', back) + 1
    from = lineStart > back - OVERLAP_CHARS ? lineStart : back
    await pace()
  }
  return spans
}

async function lintSlice(
  text: string,
  from: number,
  to: number
): Promise<Array<Omit<Finding, 'line' | 'column'>>> {
  const content = text.slice(from, to)
  const result = await lintSource({
    source: { filePath: '/memory.md', content, ext: '.md', contentType: 'text' },
    options: { config: CONFIG, maskSecrets: true, noPhysicFilePath: true }
  })
  return result.messages.flatMap((message) => {
    const [start, end] = narrowed(content, message.ruleId, message.messageId, message.range)
    const kind = kindOf(message.ruleId, message.messageId).label
    // A key's rules check its body; random base64 can spell "your" or "XXXX".
    if (kind !== PRIVATE_KEY && PLACEHOLDER.test(content.slice(start, end))) return []
    return [{ kind, start: from + start, end: from + end }]
  })
}

const PRIVATE_KEY = kindOf(`${PRESET}privatekey`, '*').label

/** Words documentation puts where a credential goes ("xoxb-your-token-here"): not a secret. */
const PLACEHOLDER = /your|example|placeholder|redacted|dummy|x{4}|\*{3}|<[a-z_-]+>/i

/**
 * The preset's AWS secret-key rule reports the start of its label with the key's length, which
 * would leave part of the key behind after redaction: find the key itself.
 */
function narrowed(
  content: string,
  ruleId: string,
  messageId: string,
  [start, end]: readonly [number, number]
): [number, number] {
  if (ruleId !== `${PRESET}aws` || messageId !== 'AWSSecretAccessKey') return [start, end]
  const tail = content.slice(start, start + 200)
  const key = /(?:key|Key|KEY)["']?\s*(?::|=>|=)\s*["']?([A-Za-z0-9/+=]{40})/.exec(tail)
  if (!key?.[1]) return [start, end]
  const at = start + (key.index ?? 0) + key[0].length - key[1].length
  return [at, at + 40]
}

/**
 * Sorted, without repeats: a finding that contains a narrower one (a whole URL around its
 * password) gives way to it; findings that still overlap become one.
 */
function merge<T extends { kind: string; start: number; end: number }>(found: T[]): T[] {
  const narrowFirst = [...found].sort((a, b) => a.end - a.start - (b.end - b.start))
  const kept: T[] = []
  for (const item of narrowFirst)
    if (!kept.some((k) => k.start >= item.start && k.end <= item.end)) kept.push(item)
  kept.sort((a, b) => a.start - b.start || b.end - a.end)
  const out: T[] = []
  for (const item of kept) {
    const last = out[out.length - 1]
    if (last && item.start < last.end) last.end = Math.max(last.end, item.end)
    else out.push({ ...item })
  }
  return out
}

function withPositions(text: string, spans: Array<Omit<Finding, 'line' | 'column'>>): Finding[] {
  let line = 1
  let lineStart = 0
  let at = 0
  return spans.map((span) => {
    for (; at < span.start; at++)
      if (text.charCodeAt(at) === 10) {
        line++
        lineStart = at + 1
      }
    return { ...span, line, column: span.start - lineStart + 1 }
  })
}
