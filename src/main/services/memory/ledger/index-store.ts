import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { ActivityActorSchema, type ActivityActor } from '@shared/memory/memory'
import { writeFileDurably } from '../../fs/durable'
import { pacer, type Pace } from '../core/pace'

// What the engine knows about each file, kept in stateDir so usage needs no rescan per operation.
// It is a cache plus metadata: open() reconciles it with the disk and rebuilds it when unreadable.

const EntrySchema = z.object({
  created: z.number(),
  modified: z.number(),
  /** The idle clock: last view or edit through the app (a file first seen: its mtime). */
  accessed: z.number(),
  /**
   * When Claude or the user last read the file; absent when nothing has (an index saved before
   * this field existed has none either: optional, so old and new files load both ways).
   */
  read: z.number().optional(),
  size: z.number().int().min(0),
  hash: z.string(),
  mtimeMs: z.number(),
  /** The inode and the wall-clock time they were taken, with size and mtime (stat-trust.ts). */
  ino: z.number().optional(),
  statAt: z.number().optional(),
  actor: ActivityActorSchema,
  expiresAt: z.number().optional()
})
export type IndexEntry = z.infer<typeof EntrySchema>

const ExpiredSchema = z.object({
  at: z.number(),
  reason: z.enum(['idle', 'age', 'front-matter']).optional(),
  action: z.enum(['delete', 'archive']),
  archiveId: z.string().optional()
})
export type ExpiredNote = z.infer<typeof ExpiredSchema>

const IndexFileSchema = z.object({
  version: z.literal(1),
  files: z.record(z.string(), EntrySchema),
  expired: z.record(z.string(), ExpiredSchema).default({})
})

const INDEX_FILE = 'memory-index.json'
/** Lines of the index parsed at once: small enough to stay well inside a pace slice. */
const LOAD_CHUNK = 500
const SAVE_CHUNK = 2_000
const MAX_EXPIRED_NOTES = 500

export class MemoryIndex {
  private readonly files = new Map<string, IndexEntry>()
  /** Recently expired paths, so "does not exist" can say why. */
  readonly expired = new Map<string, ExpiredNote>()
  private bytes = 0
  private dirty = false
  /** Files over `capBytes`, kept as entries change (see overCapFiles). */
  private readonly overCap = new Set<string>()
  /**
   * How many files each folder holds at any depth, built on the first question (isFileUnder) and
   * kept as entries come and go: a create's checks asked it by walking all 100,000 keys.
   */
  private folderFiles?: Map<string, number>

  /**
   * `capBytes`: the per-file cap, when known, so the over-cap files are counted as entries come
   * in (a load too) and the first usage after an open walks nothing.
   */
  constructor(private capBytes?: number) {}

  get totalBytes(): number {
    return this.bytes
  }
  get fileCount(): number {
    return this.files.size
  }
  get isDirty(): boolean {
    return this.dirty
  }

  markDirty(): void {
    this.dirty = true
  }

  get(rel: string): IndexEntry | undefined {
    return this.files.get(rel)
  }

  entries(): IterableIterator<[string, IndexEntry]> {
    return this.files.entries()
  }

  set(rel: string, entry: IndexEntry): void {
    this.adopt(rel, entry)
    this.expired.delete(rel)
    this.dirty = true
  }

  /** An entry read back from the saved index (a load: nothing new to save). */
  private adopt(rel: string, entry: IndexEntry): void {
    const known = this.files.get(rel)
    this.bytes += entry.size - (known?.size ?? 0)
    this.files.set(rel, entry)
    if (!known) this.countFolders(rel, 1)
    if (this.capBytes === undefined) return
    if (entry.size > this.capBytes) this.overCap.add(rel)
    else this.overCap.delete(rel)
  }

  /**
   * The files larger than `maxFileBytes`. Kept up to date as entries change, so the usage every
   * change reports costs nothing per file (it walked all 100,000 entries per change); a new cap
   * counts them again once.
   */
  overCapFiles(maxFileBytes: number): string[] {
    if (this.capBytes !== maxFileBytes) {
      this.capBytes = maxFileBytes
      this.overCap.clear()
      for (const [rel, entry] of this.files) if (entry.size > maxFileBytes) this.overCap.add(rel)
    }
    return [...this.overCap]
  }

  /** Updates fields of a known entry (e.g. the access time). */
  touch(rel: string, patch: Partial<IndexEntry>): void {
    const entry = this.files.get(rel)
    if (entry) this.set(rel, { ...entry, ...patch })
  }

  delete(rel: string): IndexEntry | undefined {
    const entry = this.files.get(rel)
    if (!entry) return undefined
    this.bytes -= entry.size
    this.files.delete(rel)
    this.overCap.delete(rel)
    this.countFolders(rel, -1)
    this.dirty = true
    return entry
  }

  /** Counts `rel` in (1) or out of (-1) each folder above it, once the counts exist. */
  private countFolders(rel: string, by: 1 | -1): void {
    const counts = this.folderFiles
    if (!counts) return
    for (let at = rel.indexOf('/'); at > 0; at = rel.indexOf('/', at + 1)) {
      const folder = rel.slice(0, at)
      const left = (counts.get(folder) ?? 0) + by
      if (left > 0) counts.set(folder, left)
      else counts.delete(folder)
    }
  }

  /** Entries for `folder` itself (a file) or anything under it. */
  under(folder: string): Array<[string, IndexEntry]> {
    if (folder === '') return [...this.files.entries()]
    const own = this.files.get(folder)
    // A path is a file or a folder, not both: nothing is under a file (no walk of every entry).
    if (own) return [[folder, own]]
    const result: Array<[string, IndexEntry]> = []
    const prefix = `${folder}/`
    for (const item of this.files) if (item[0].startsWith(prefix)) result.push(item)
    return result
  }

  deleteUnder(folder: string): Array<[string, IndexEntry]> {
    const removed = this.under(folder)
    for (const [rel] of removed) this.delete(rel)
    return removed
  }

  moveUnder(from: string, to: string): void {
    for (const [rel, entry] of this.deleteUnder(from)) {
      this.set(to + rel.slice(from.length), entry)
    }
  }

  noteExpired(rel: string, note: ExpiredNote): void {
    this.expired.set(rel, note)
    while (this.expired.size > MAX_EXPIRED_NOTES) {
      const oldest = this.expired.keys().next().value
      if (oldest === undefined) break
      this.expired.delete(oldest)
    }
    this.dirty = true
  }

  clear(): void {
    this.files.clear()
    this.overCap.clear()
    this.folderFiles = undefined
    this.bytes = 0
    this.dirty = true
  }

  isFileUnder(folder: string): boolean {
    if (folder === '') return this.files.size > 0
    if (this.files.has(folder)) return true
    if (!this.folderFiles) {
      this.folderFiles = new Map()
      for (const rel of this.files.keys()) this.countFolders(rel, 1)
    }
    return this.folderFiles.has(folder)
  }

  serialize(): string {
    this.dirty = false
    return JSON.stringify({
      version: 1,
      files: Object.fromEntries(this.files),
      expired: Object.fromEntries(this.expired)
    })
  }

  /**
   * The same JSON as `serialize`, laid out one file per line and built in paced steps, so
   * 100,000 entries never hold the event loop (and `load` can read it back the same way). It
   * comes in pieces of SAVE_CHUNK lines, written one after another: joining and encoding 15 MB
   * at once was the longest task of a cold open.
   */
  async serializePaced(pace: Pace = pacer()): Promise<string[]> {
    this.dirty = false
    const expired = JSON.stringify(Object.fromEntries(this.expired))
    const pieces: string[] = []
    let lines = [`{"version":1,"expired":${expired},"files":{`]
    let first = true
    for (const [rel, entry] of this.files) {
      await pace()
      lines.push(`${first ? '' : ','}${JSON.stringify(rel)}:${JSON.stringify(entry)}`)
      first = false
      if (lines.length >= SAVE_CHUNK) {
        pieces.push(`${lines.join('\n')}\n`)
        lines = []
      }
    }
    lines.push('}}')
    pieces.push(lines.join('\n'))
    return pieces
  }

  /**
   * Loads the saved index; `ok` is false when it was missing or unreadable (then rebuild).
   * `capBytes`: the per-file cap (see the constructor).
   */
  static async load(
    stateDir: string,
    pace: Pace = pacer(),
    capBytes?: number
  ): Promise<{ index: MemoryIndex; ok: boolean }> {
    const index = new MemoryIndex(capBytes)
    let text: string
    try {
      text = await readFile(join(stateDir, INDEX_FILE), 'utf8')
    } catch {
      return { index, ok: false }
    }
    try {
      const headEnd = text.indexOf('\n')
      const tailStart = text.lastIndexOf('\n')
      const head = text.slice(0, Math.max(0, headEnd))
      if (headEnd > 0 && head.endsWith('"files":{') && text.slice(tailStart + 1) === '}}') {
        // One file per line (serializePaced): parsed and checked a chunk of lines at a time,
        // paced; no split of the whole text (100,000 strings at once).
        const parsed = IndexFileSchema.parse(JSON.parse(`${head}}}`))
        for (const [rel, note] of Object.entries(parsed.expired)) index.expired.set(rel, note)
        for (let at = headEnd + 1; at < tailStart;) {
          await pace()
          let end = at
          for (let n = 0; n < LOAD_CHUNK && end < tailStart; n++) end = text.indexOf('\n', end) + 1
          const chunk = text.slice(at, end).replace(/^,/, '')
          at = end
          const files = JSON.parse(`{${chunk}}`) as Record<string, unknown>
          for (const rel in files) index.adopt(rel, entryOf(files[rel]))
        }
      } else {
        const parsed = IndexFileSchema.parse(JSON.parse(text))
        for (const [rel, entry] of Object.entries(parsed.files)) index.set(rel, entry)
        for (const [rel, note] of Object.entries(parsed.expired)) index.expired.set(rel, note)
      }
    } catch {
      return { index: new MemoryIndex(capBytes), ok: false }
    }
    index.dirty = false
    return { index, ok: true }
  }

  async save(stateDir: string): Promise<void> {
    await writeIndexFile(stateDir, await this.serializePaced())
  }
}

/** Writes an index picture (`serializePaced`'s pieces) durably in `stateDir`. */
export async function writeIndexFile(stateDir: string, pieces: readonly string[]): Promise<void> {
  await writeFileDurably(join(stateDir, INDEX_FILE), pieces)
}

const NUMBER_FIELDS = ['created', 'modified', 'accessed', 'mtimeMs'] as const
const OPTIONAL_NUMBERS = ['read', 'ino', 'statAt', 'expiresAt'] as const

/**
 * One saved entry, checked field by field (EntrySchema's rules, without zod's cost per object:
 * 100,000 entries parsed through it were most of a warm open). Throws on anything else.
 */
function entryOf(value: unknown): IndexEntry {
  const raw = value as Record<string, unknown> | null
  if (typeof raw !== 'object' || raw === null) throw new Error('index entry is not an object')
  const size = raw.size
  if (
    typeof size !== 'number' ||
    !Number.isInteger(size) ||
    size < 0 ||
    typeof raw.hash !== 'string'
  )
    throw new Error('index entry size or hash')
  for (const field of NUMBER_FIELDS)
    if (typeof raw[field] !== 'number') throw new Error(`index entry ${field}`)
  const actor = raw.actor as { kind?: unknown } | undefined
  const plain = actor?.kind === 'external' || actor?.kind === 'system'
  const entry = {
    created: raw.created,
    modified: raw.modified,
    accessed: raw.accessed,
    size,
    hash: raw.hash,
    mtimeMs: raw.mtimeMs,
    actor: plain ? { kind: actor.kind } : ActivityActorSchema.parse(actor)
  } as IndexEntry
  for (const field of OPTIONAL_NUMBERS) {
    const got = raw[field]
    if (got === undefined) continue
    if (typeof got !== 'number') throw new Error(`index entry ${field}`)
    entry[field] = got
  }
  return entry
}

export function actorRecord(actor: ActivityActor): ActivityActor {
  return actor.kind === 'claude' ? { kind: 'claude', conversationId: actor.conversationId } : actor
}
