import { readFile, rename } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Logger } from '../log/logger'

// Reading one of Cairn's small JSON state files (settings, the space list, a space's settings).
// A file that is missing is the defaults; a file that cannot be read as what it should be is moved
// aside under a dated name (never lost, never overwritten by the defaults) and the caller is told.

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

export type JsonStateRead<T> =
  | { kind: 'missing' }
  | { kind: 'ok'; value: T }
  | { kind: 'moved-aside'; reason: string; movedTo: string }

export async function readJsonState<T>(
  file: string,
  parse: (raw: unknown) => Parsed<T>,
  options: { logger: Logger; clock?: () => Date }
): Promise<JsonStateRead<T>> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    throw error
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return moveAside(file, 'it is not valid JSON', options)
  }
  const parsed = parse(raw)
  return parsed.ok ? { kind: 'ok', value: parsed.value } : moveAside(file, parsed.reason, options)
}

/** The first zod issue in words: where it is and what is wrong. */
export function firstIssue(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const first = issues[0]
  return first
    ? `${first.path.map(String).join('.') || 'file'}: ${first.message}`
    : 'invalid values'
}

async function moveAside<T>(
  file: string,
  reason: string,
  options: { logger: Logger; clock?: () => Date }
): Promise<JsonStateRead<T>> {
  const stamp = (options.clock ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-')
  const name = basename(file, '.json')
  const movedTo = `${name}.corrupt-${stamp}.json`
  await rename(file, join(dirname(file), movedTo))
  options.logger.warn(`${name} file unreadable; moved aside`, { reason, movedTo })
  return { kind: 'moved-aside', reason, movedTo }
}
