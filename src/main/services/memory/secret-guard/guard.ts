import type { Ctx } from '../kernel/context'
import { ToolError } from '../core/tool-error'
import { findSecrets, type Finding } from './find'
import { isNameRefusal } from './name-guard'
import { describeFindings, redact, secretCount } from './words'

export interface GuardPlan {
  display: string
  /** The whole text the file would hold. */
  text: string
  /**
   * The part of `text` that is new (an edit): only secrets that touch it count, so a file that
   * already held one (the user's) can still be edited. Absent: all of it is new.
   */
  region?: readonly [start: number, end: number]
  /** The file's text before a whole-file save: secrets it already held are not new. */
  before?: string
}

export interface Guarded {
  /** What to write: the text, or the text with the secrets redacted. */
  text: string
  /** A line for Claude's tool result ('' when nothing was redacted). */
  note: string
}

/** How a tool result of Claude's begins when the guard refused the write. */
const REFUSED = 'Error: Refused: contains '
/** The line the guard adds to a tool result of Claude's when it redacted the write. */
const REDACTED = '\nNote: Redacted '

/**
 * Whether the guard refused or redacted the memory command this tool result answers (its text
 * or a name in its paths): the command's input held a secret, so the conversation must not keep it.
 */
export function guardCaughtSecret(result: { content: string; isError: boolean }): boolean {
  if (!result.isError) return result.content.includes(REDACTED)
  return result.content.startsWith(REFUSED) || isNameRefusal(result.content)
}

/** Text around an edit that is scanned with it: enough for a private key block split by the edit. */
const CONTEXT_CHARS = 16 * 1024

/**
 * Checks a write before anything touches the disk: throws a refusal that names the kinds of
 * secret and their lines (never the secret), or returns the text to write.
 */
export async function guardWrite(ctx: Ctx, plan: GuardPlan): Promise<Guarded> {
  const guard = ctx.guard
  if (!guard || guard.mode === 'allow') return { text: plan.text, note: '' }
  const before = plan.before
  const findings = (await findingsIn(plan.text, plan.region)).filter(
    (f) => before === undefined || !before.includes(plan.text.slice(f.start, f.end))
  )
  if (findings.length === 0) return { text: plan.text, note: '' }
  const what = describeFindings(findings)
  if (guard.mode === 'redact') {
    const note =
      guard.audience === 'claude'
        ? `${REDACTED}${secretCount(findings)} before saving: ${what}, each now [redacted: <kind>] in the file. Memory must not hold secrets; do not write ${findings.length === 1 ? 'it' : 'them'} again.`
        : ''
    return { text: redact(plan.text, findings), note }
  }
  if (guard.audience === 'claude') {
    throw new ToolError(
      'secret',
      `${REFUSED}${what}. Nothing was written to ${plan.display}: memory must never hold secrets such as API keys, tokens, passwords, private keys or card numbers. Write it again without the secret; to remember that one exists, note where the user keeps it instead.`
    )
  }
  const them = findings.length === 1 ? 'it' : 'them'
  throw new ToolError(
    'secret',
    `Error: Not saved: the text contains ${what}. Memory files are sent to Claude whenever it reads them. Remove ${them}, or choose Redact and save or Save anyway.`
  )
}

/** Findings that touch `region` of `text` (all of them without a region), with lines in `text`. */
async function findingsIn(
  text: string,
  region: readonly [number, number] | undefined
): Promise<Finding[]> {
  if (!region) return findSecrets(text)
  // An empty region (text removed) can still join two halves into a secret at that point.
  const [from, to] = region[1] > region[0] ? region : [region[0] - 1, region[0] + 1]
  const start = text.lastIndexOf('\n', Math.max(0, from - CONTEXT_CHARS)) + 1
  const endAt = text.indexOf('\n', Math.min(text.length, to + CONTEXT_CHARS))
  const end = endAt === -1 ? text.length : endAt
  const found = await findSecrets(text.slice(start, end))
  if (found.length === 0) return found
  // Lines are counted only for a finding: in a 5 MB file that count walks everything before it.
  const lineOffset = countLines(text, start)
  return found
    .map((f) => ({ ...f, start: f.start + start, end: f.end + start, line: f.line + lineOffset }))
    .filter((f) => f.start < to && f.end > from)
}

function countLines(text: string, upTo: number): number {
  let lines = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < upTo; i = text.indexOf('\n', i + 1)) lines++
  return lines
}

/** `text` with every secret in it replaced by its `[redacted: <kind>]` marker. */
export async function withoutSecrets(text: string): Promise<string> {
  const found = await findSecrets(text)
  return found.length ? redact(text, found) : text
}
