import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs'
import { readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  ActivityEntrySchema,
  ActivityQuerySchema,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery
} from '@shared/memory/memory'
import { writeFileDurably } from '../../fs/durable'
import { formsOf, holds } from '../../fs/find-text'
import { parseMemoryPath } from '../jail/paths'

// JSON lines in stateDir, newest file `activity.jsonl`, older ones `activity.1.jsonl`… A crash can
// at worst cut the last line, which reading skips. Appends are one small synchronous write each.

const BASE = 'activity'
export const DEFAULT_ACTIVITY_MAX_BYTES = 1024 * 1024
const KEEP_ROTATED = 3

export type NewActivity = Omit<ActivityEntry, 'seq' | 'time'>

export class ActivityLog {
  private fd: number | undefined
  private size = 0
  private seq = 0

  private constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly clock: () => Date
  ) {}

  static async open(dir: string, maxBytes: number, clock: () => Date): Promise<ActivityLog> {
    const log = new ActivityLog(dir, maxBytes, clock)
    const newest = (await log.readFileEntries(0)).at(-1)
    const fallback = (await log.readFileEntries(1)).at(-1)
    log.seq = newest?.seq ?? fallback?.seq ?? 0
    await log.reopen()
    return log
  }

  private file(generation: number): string {
    return join(this.dir, generation === 0 ? `${BASE}.jsonl` : `${BASE}.${generation}.jsonl`)
  }

  private async reopen(): Promise<void> {
    const fd = openSync(this.file(0), 'a+', 0o600)
    this.fd = fd
    this.size = fstatSync(fd).size
    if (this.size === 0) return
    // A line cut by a crash is closed off so the next entry starts on a line of its own.
    const last = Buffer.alloc(1)
    readSync(fd, last, 0, 1, this.size - 1)
    if (last[0] !== 0x0a) this.size += writeSync(fd, '\n')
  }

  /** The newest entry's seq (0 before the first). */
  get lastSeq(): number {
    return this.seq
  }

  async append(entry: NewActivity): Promise<ActivityEntry> {
    const full: ActivityEntry = { seq: ++this.seq, time: this.clock().toISOString(), ...entry }
    const line = `${JSON.stringify(full)}\n`
    const bytes = Buffer.byteLength(line)
    if (this.size > 0 && this.size + bytes > this.maxBytes) await this.rotate()
    if (this.fd === undefined) await this.reopen()
    if (this.fd !== undefined) writeSync(this.fd, line)
    this.size += bytes
    return full
  }

  private async rotate(): Promise<void> {
    this.closeFd()
    await rm(this.file(KEEP_ROTATED), { force: true })
    for (let generation = KEEP_ROTATED - 1; generation >= 0; generation--) {
      await rename(this.file(generation), this.file(generation + 1)).catch(() => undefined)
    }
    await this.reopen()
  }

  private async readFileEntries(generation: number): Promise<ActivityEntry[]> {
    let text: string
    try {
      text = await readFile(this.file(generation), 'utf8')
    } catch {
      return []
    }
    const entries: ActivityEntry[] = []
    for (const line of text.split('\n')) {
      if (!line) continue
      try {
        const parsed = ActivityEntrySchema.safeParse(JSON.parse(line))
        if (parsed.success) entries.push(parsed.data)
      } catch {
        // a line cut by a crash
      }
    }
    return entries
  }

  /** Entries after `seq`, oldest first (history catches up from here after a crash). */
  async entriesAfter(seq: number): Promise<ActivityEntry[]> {
    const found: ActivityEntry[] = []
    for (let generation = KEEP_ROTATED; generation >= 0; generation--)
      for (const entry of await this.readFileEntries(generation))
        if (entry.seq > seq) found.push(entry)
    return found
  }

  /** Newest first, filtered by path (the path or anything under it), actor and words. */
  async query(input: ActivityQuery = {}): Promise<ActivityPage> {
    const query = ActivityQuerySchema.parse(input)
    const folder = query.path === undefined ? undefined : normalise(query.path)
    const text = query.text?.trim().toLowerCase()
    const matches: ActivityEntry[] = []
    for (let generation = 0; generation <= KEEP_ROTATED; generation++) {
      const entries = await this.readFileEntries(generation)
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i] as ActivityEntry
        if (query.actor && entry.actor.kind !== query.actor) continue
        if (
          query.conversationId !== undefined &&
          !(entry.actor.kind === 'claude' && entry.actor.conversationId === query.conversationId)
        ) {
          continue
        }
        if (
          folder !== undefined &&
          !entry.paths.some((p) => p === folder || p.startsWith(`${folder}/`))
        )
          continue
        if (text && !wordsOf(entry).includes(text)) continue
        matches.push(entry)
      }
    }
    return {
      entries: matches.slice(query.offset, query.offset + query.limit),
      total: matches.length
    }
  }

  /**
   * Takes a text out of every entry's message, in every file (a Forget, issue 35): the files are
   * rewritten durably. A line that does not parse (cut by a crash) and holds it is dropped.
   * Paths are names, not content, and stay. Answers how many entries changed.
   */
  async redact(text: string, mask: string): Promise<number> {
    const forms = formsOf(text)
    let changed = 0
    for (let generation = KEEP_ROTATED; generation >= 0; generation--) {
      const raw = await readFile(this.file(generation), 'utf8').catch(() => '')
      if (!holds(raw, forms)) continue
      const lines = raw.split('\n').flatMap((line) => {
        if (!holds(line, forms)) return [line]
        let entry: ActivityEntry
        try {
          entry = JSON.parse(line) as ActivityEntry
        } catch {
          changed += 1
          return []
        }
        if (typeof entry.message !== 'string' || !entry.message.includes(text)) return [line]
        changed += 1
        return [JSON.stringify({ ...entry, message: entry.message.split(text).join(mask) })]
      })
      if (generation === 0) this.closeFd()
      try {
        await writeFileDurably(this.file(generation), lines.join('\n'))
      } finally {
        if (generation === 0) await this.reopen()
      }
    }
    return changed
  }

  async close(): Promise<void> {
    this.closeFd()
  }

  private closeFd(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }
}

function normalise(path: string): string {
  const parsed = parseMemoryPath(path)
  return parsed.ok ? parsed.path.display : path
}

/** The verbs the activity list uses for each command, so a text filter finds what it shows. */
const VERBS: Partial<Record<ActivityEntry['command'], string>> = {
  create: 'created',
  str_replace: 'edited',
  insert: 'edited inserted',
  write: 'edited saved',
  delete: 'deleted',
  rename: 'renamed moved',
  expire: 'expired',
  external: 'outside cairn changed',
  revert: 'undone undid reverted restored',
  archive: 'archived'
}

/** An entry's words for the text filter: who, what, where, and its message (lower case). */
function wordsOf(entry: ActivityEntry): string {
  const who = entry.actor.kind === 'user' ? 'you user' : entry.actor.kind
  const what = `${entry.command} ${VERBS[entry.command] ?? ''}`
  return `${who} ${what} ${entry.paths.join(' ')} ${entry.message}`.toLowerCase()
}
