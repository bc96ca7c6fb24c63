import { plural } from '@shared/words'
import type { Finding } from './find'
import { wordsOf } from './kinds'

/** "an AWS access key (line 3) and 2 GitHub tokens (lines 5, 9)": kinds and lines, no secret. */
export function describeFindings(findings: readonly Finding[]): string {
  const byKind = new Map<string, number[]>()
  for (const finding of findings) {
    const lines = byKind.get(finding.kind) ?? []
    lines.push(finding.line)
    byKind.set(finding.kind, lines)
  }
  const parts = [...byKind].map(([label, lines]) => {
    const words = wordsOf(label)
    const unique = [...new Set(lines)]
    const where = `${unique.length === 1 ? 'line' : 'lines'} ${unique.slice(0, 10).join(', ')}${unique.length > 10 ? ', …' : ''}`
    const what = lines.length === 1 ? words.one : `${lines.length} ${words.many}`
    return `${what} (${where})`
  })
  return joinAnd(parts)
}

function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? ''
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

export function secretCount(findings: readonly Finding[]): string {
  return plural(findings.length, 'secret')
}

/** The text with each finding replaced by `[redacted: <kind>]`. */
export function redact(text: string, findings: readonly Finding[]): string {
  let out = ''
  let at = 0
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    if (finding.start < at) continue
    out += `${text.slice(at, finding.start)}[redacted: ${finding.kind}]`
    at = finding.end
  }
  return out + text.slice(at)
}
