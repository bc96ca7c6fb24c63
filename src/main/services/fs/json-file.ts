import { readFile, rename } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Logger } from '../log/logger'

// The one reader for Cairn's small JSON files (settings, the memory spaces, the projects): a
// missing file is "nothing yet", and a file that does not parse or does not fit its schema is
// moved aside under a dated name (never lost, never written over) with a log line saying why.

const NOT_JSON = Symbol('not JSON')

export type JsonParse<T> = (raw: unknown) => { ok: true; value: T } | { ok: false; reason: string }

export type JsonFileRead<T> =
  | { kind: 'missing' }
  | { kind: 'read'; value: T }
  | { kind: 'moved'; movedTo: string; reason: string }

export async function readJsonOrMoveAside<T>(options: {
  file: string
  parse: JsonParse<T>
  /** What the log line calls the file ("settings file"). */
  label: string
  logger: Logger
  clock?: () => Date
}): Promise<JsonFileRead<T>> {
  const { file, logger } = options
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
    raw = NOT_JSON
  }
  const parsed: ReturnType<JsonParse<T>> =
    raw === NOT_JSON ? { ok: false, reason: 'it is not valid JSON' } : options.parse(raw)
  if (parsed.ok) return { kind: 'read', value: parsed.value }
  const stamp = (options.clock ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-')
  const stem = basename(file).replace(/\.json$/, '')
  const movedTo = `${stem}.corrupt-${stamp}.json`
  await rename(file, join(dirname(file), movedTo))
  logger.warn(`${options.label} unreadable; moved aside`, { reason: parsed.reason, movedTo })
  return { kind: 'moved', movedTo, reason: parsed.reason }
}

/** A zod issue in words: where it is in the file and what is wrong there. */
export function firstIssue(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  fallback: string
): string {
  const first = issues[0]
  return first ? `${first.path.map(String).join('.') || 'file'}: ${first.message}` : fallback
}
