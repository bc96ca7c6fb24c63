import { MEMORY_ROOT } from '@shared/memory/memory'
import type { NewActivity } from '../ledger/activity-log'
import type { Ctx } from '../kernel/context'
import { displayOf, type MemoryPath } from '../jail/paths'
import { ToolError } from '../core/tool-error'
import { pacer, type Pace } from '../core/pace'
import { findSecrets, type Finding } from './find'
import { wordsOf } from './kinds'
import { redact } from './words'

// Names are content: a file or folder name is shown to Claude, kept in the index, the activity log
// and history. A credential in a new name is refused before anything touches the disk, and a
// refused path is logged with the credential taken out.

/** How a tool result of Claude's begins when the guard refused a name. */
const NAME_REFUSED = /^Error: Refused: the (?:file |folder )?name holds a credential \(/

/** Whether a tool result of Claude's is the guard's refusal of a name. */
export function isNameRefusal(content: string): boolean {
  return NAME_REFUSED.test(content)
}

/** Separators names join words with; as spaces they are word boundaries to the rules. */
const SEPARATORS = /[-_.]/g

/**
 * The secrets in one name (a path segment): as written, and with `-`, `_` and `.` as spaces
 * (`keys_AKIA…_old.md`); the same length either way, so positions hold in the name.
 */
export async function secretsInName(name: string): Promise<Finding[]> {
  const known = seen.get(name)
  if (known) return known.map((finding) => ({ ...finding }))
  const found = await findSecrets(name)
  const spaced = name.replace(SEPARATORS, ' ')
  if (spaced !== name) found.push(...(await findSecrets(spaced)))
  const result = joined(found)
  if (seen.size >= SEEN_MAX) seen.clear()
  seen.set(name, result)
  return result.map((finding) => ({ ...finding }))
}

/**
 * Names already checked (the answer depends on the name alone): every command checks each folder
 * of its path again, and scanning a name costs two secretlint runs (a rename took 0.5 ms more).
 */
const seen = new Map<string, Finding[]>()
const SEEN_MAX = 10_000

/**
 * Refuses a new path with a credential in any of its names (a ToolError of kind 'secret' that
 * names the kind, never the path or the secret). `last`: what the path's own name is.
 */
export async function guardName(
  ctx: Ctx,
  path: MemoryPath,
  last: 'file' | 'folder' = 'file'
): Promise<void> {
  const guard = ctx.guard
  if (!guard || guard.mode === 'allow') return
  const segments = path.segments
  for (const [i, segment] of segments.entries()) {
    const [first] = await secretsInName(segment)
    if (!first) continue
    const what = i === segments.length - 1 ? last : 'folder'
    throw new ToolError(
      'secret',
      `Error: Refused: the ${what} name holds a credential (${wordsOf(first.kind).one}). Nothing was written. Choose a name without it.`
    )
  }
}

/** A display path (`/memories/…`) with any credential in its names redacted, for the logs. */
export async function redactPath(display: string): Promise<string> {
  const inside = display.startsWith(`${MEMORY_ROOT}/`)
  const names = (inside ? display.slice(MEMORY_ROOT.length + 1) : display).split('/')
  const clean = await Promise.all(
    names.map(async (name) => {
      const found = await secretsInName(name)
      return found.length ? redact(name, found) : name
    })
  )
  return inside ? `${MEMORY_ROOT}/${clean.join('/')}` : clean.join('/')
}

/** Sorted, overlapping findings made one (the widest reach), so redaction leaves nothing. */
function joined(found: Finding[]): Finding[] {
  const out: Finding[] = []
  for (const item of [...found].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1]
    if (last && item.start < last.end) last.end = Math.max(last.end, item.end)
    else out.push({ ...item })
  }
  return out
}

/** Verdicts on names found on disk (every walk meets the same names again); cleared when full. */
const verdicts = new Map<string, string | null>()
const VERDICTS_MAX = 10_000

/**
 * The credential in a name another program gave (`rel`, any of its names), in words ("an AWS
 * access key"), or undefined. Such a file is the user's and stays on disk, but out of memory: no
 * index entry, version, activity or log line of Cairn's may copy its name.
 */
export async function credentialInName(rel: string): Promise<string | undefined> {
  for (const name of rel.split('/')) {
    let verdict = verdicts.get(name)
    if (verdict === undefined) verdict = await verdictOf(name)
    if (verdict) return verdict
  }
  return undefined
}

/** A name's credential in words, or null; remembered. */
async function verdictOf(name: string): Promise<string | null> {
  const [first] = await secretsInName(name)
  const verdict = first ? wordsOf(first.kind).one : null
  if (verdicts.size >= VERDICTS_MAX) verdicts.clear()
  verdicts.set(name, verdict)
  return verdict
}

/** Names scanned together: one secretlint run per batch rather than two per name. */
const BATCH_NAMES = 2_000
/** Between names in a batch: a blank line, which no rule's match crosses without a keyword. */
const BETWEEN = '\n\n'

/**
 * The names among `names` that hold a credential, each with it in words (as `credentialInName`
 * says it); every other name is clean. A cold open meets every name once, and two secretlint
 * runs per name were half of it (100,000 files: 11 of 22 s). Names are scanned in batches, as
 * written and with separators as spaces; a name a batch finding touches is checked alone
 * (`secretsInName`), so the answer is the same as asking name by name. The few flagged names are
 * the answer, not the many clean ones: a scan then looks a file up only when there are any.
 */
export async function credentialedNames(
  names: Iterable<string>,
  /** Shared across batches: a pacer of findSecrets' own never yields on texts this short. */
  pace: Pace = pacer()
): Promise<Map<string, string>> {
  const flagged = new Map<string, string>()
  const unique = names instanceof Set ? [...(names as Set<string>)] : [...new Set(names)]
  for (let at = 0; at < unique.length; at += BATCH_NAMES) {
    await pace()
    const batch = unique.slice(at, at + BATCH_NAMES)
    const text = batch.join(BETWEEN)
    const found = [
      ...(await findSecrets(text, pace)),
      ...(await findSecrets(text.replace(SEPARATORS, ' '), pace))
    ]
    let start = 0
    for (const name of batch) {
      const end = start + name.length
      const touched = found.some((finding) => finding.start < end && finding.end > start)
      const verdict = touched ? await verdictOf(name) : null
      if (verdict) flagged.set(name, verdict)
      start = end + BETWEEN.length
    }
  }
  return flagged
}

/**
 * Refuses a command (Claude's, or the inspector's read) on a path memory does not hold whose
 * names hold a credential (another program named it; scan.ts keeps it out): reading or changing
 * it would copy the name into the index and history.
 */
export async function guardOutsideName(ctx: Ctx, path: MemoryPath): Promise<void> {
  if (path.isRoot || ctx.index.get(path.rel) || ctx.index.isFileUnder(path.rel)) return
  for (const [i, segment] of path.segments.entries()) {
    const credential = await credentialInName(segment)
    if (!credential) continue
    const what = i === path.segments.length - 1 ? '' : 'folder '
    throw new ToolError(
      'secret',
      `Error: Refused: the ${what}name holds a credential (${credential}). Cairn keeps what is named so outside the app out of memory until it is renamed in a file manager.`
    )
  }
}

/** Activity entries for new files kept out of memory for their names, each name redacted. */
export async function secretNameActivity(
  named: ReadonlyMap<string, string>
): Promise<NewActivity[]> {
  const entries: NewActivity[] = []
  for (const [rel, credential] of named)
    entries.push({
      actor: { kind: 'external' },
      command: 'external',
      paths: [await redactPath(displayOf(rel))],
      bytesBefore: null,
      bytesAfter: null,
      outcome: 'error',
      message: `added outside the app, but its name holds a credential (${credential}): Cairn keeps it out of memory and Claude cannot see it. Rename it in your file manager.`
    })
  return entries
}
