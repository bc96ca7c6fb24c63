import * as fs from 'node:fs'
import { mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { hashOf } from '../kernel/files'
import { GroupSync } from './group-sync'
import {
  HEADER,
  compress,
  decompress,
  encodeRecord,
  hashAt,
  nextRecord,
  readRange,
  recordAt,
  syncDir
} from './pack-records'

// Content-addressed versions, gzip of the exact bytes, appended to pack files <dir>/pack-<n>.dat
// (the record's layout: pack-records.ts).
// A record is appended and fdatasync'ed before any entry names it: one sync, and no file created,
// renamed or folder synced per version (a new file per version waited on the filesystem journal
// while the command's own write was syncing: history cost a third of the engine's speed). A crash
// can only cut records not yet synced, which no entry names: open cuts off what follows the last
// record that checks out. A damaged record inside a pack loses that record only (open resumes at
// the next one that checks out). Pruning marks records dead; `compact`
// copies a pack's live records into a new pack (durable) before it deletes the old one.

const fdatasyncAsync = promisify(fs.fdatasync)
/** A pack stops taking records past `budget / PACKS` (within these bounds); the next one starts. */
const PACK_MIN = 64 * 1024
const PACK_MAX = 64 * 1024 * 1024
/**
 * Packs are small next to the budget, so that compaction (which copies a pack's live records) is
 * cheap: pruning frees the oldest records, which sit together in the oldest packs.
 */
const PACKS = 16
const CONTENT_HASH = /^[0-9a-f]{64}$/
const PACK_NAME = /^pack-(\d+)\.dat$/
const TEMP = /\.tmp$/

interface Location {
  pack: number
  /** Where the record starts in its pack. */
  offset: number
  /** The whole record, header included. */
  length: number
}

export class BlobStore {
  private readonly where = new Map<string, Location>()
  private readonly pending = new Map<string, Promise<void>>()
  /** Blob writes not yet appended to a pack (settle syncs once they all are). */
  private readonly unappended = new Set<Promise<number | null>>()
  /** Bytes of dead (pruned) records per pack, until `compact` drops them. */
  private readonly dead = new Map<number, number>()
  private bytes = 0
  /** The size of each pack file on disk (dead records and damage included). */
  private readonly sizes = new Map<number, number>()
  /** The history budget: a record larger than this is not kept; packs are a share of it. */
  private budget = Number.POSITIVE_INFINITY
  private packMax = PACK_MAX
  /** Versions not kept because one alone was larger than the budget (hash → bytes). */
  private readonly overBudget = new Map<string, number>()
  /** Bytes of damaged records skipped when the packs were read. */
  private damaged = 0
  private current = 0
  private end = 0
  private writer: FileHandle | undefined
  /** Appends run one after another, so a failed one can only be the pack's last record. */
  private appending: Promise<unknown> = Promise.resolve()
  /** The fdatasyncs of the current pack, shared by the records appended before each. */
  private readonly syncs = new GroupSync(() => this.sync())

  private constructor(readonly dir: string) {}

  /** Reads the packs (dropping a crash-cut tail) and removes temp files a crash left behind. */
  static async open(dir: string): Promise<BlobStore> {
    const store = new BlobStore(dir)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const packs: number[] = []
    for (const name of await readdir(dir)) {
      const match = PACK_NAME.exec(name)
      if (match) packs.push(Number(match[1]))
      else if (TEMP.test(name)) await rm(join(dir, name), { force: true })
    }
    packs.sort((a, b) => a - b)
    for (const pack of packs) await store.load(pack)
    store.current = (packs.at(-1) ?? 0) + 1
    return store
  }

  /** Bytes of damaged records skipped on open (their versions are lost; the rest are kept). */
  get damagedBytes(): number {
    return this.damaged
  }

  /** Bytes of the records history holds (what retention counts). */
  get totalBytes(): number {
    return this.bytes
  }

  /** Bytes the pack files take on disk: live records, and dead ones not yet compacted away. */
  get diskBytes(): number {
    let total = 0
    for (const size of this.sizes.values()) total += size
    return total
  }

  /** Sets the history budget (`maxBytes`): the largest record kept, and the size of new packs. */
  setBudget(maxBytes: number): void {
    this.budget = maxBytes
    this.packMax = Math.min(PACK_MAX, Math.max(PACK_MIN, Math.floor(maxBytes / PACKS)))
  }

  /** Whether a version was not kept because it alone was larger than the budget. */
  overBudgetOf(hash: string): boolean {
    return this.overBudget.has(hash)
  }

  has(hash: string): boolean {
    return this.where.has(hash)
  }

  sizeOf(hash: string): number {
    return this.where.get(hash)?.length ?? 0
  }

  hashes(): IterableIterator<string> {
    return this.where.keys()
  }

  /**
   * Starts writing a blob (once per hash); the promise settles when it is durable (`lazy`: at the
   * next sync anyone asks for, see group-sync.ts, or the next `settle`). Only a sha256
   * names a blob: a file too big to hash is known by `stat:size:mtime:ino`, and the bytes handed
   * over with it are only its first part.
   */
  put(hash: string, data: string | Uint8Array, lazy = false): Promise<void> {
    if (this.where.has(hash) || !CONTENT_HASH.test(hash)) return Promise.resolve()
    const running = this.pending.get(hash)
    if (running) return running
    const appended = this.store(hash, data)
    this.unappended.add(appended)
    const forget = () => this.unappended.delete(appended)
    appended.then(forget, forget)
    const task = appended
      .then((seq) => (seq === null ? undefined : this.syncs.durable(seq, lazy)))
      .finally(() => this.pending.delete(hash))
    this.pending.set(hash, task)
    return task
  }

  /**
   * Waits for every blob write started so far; only then may an entry name them. Failures are
   * reported, not thrown (the entry then records the hash only).
   */
  async settle(onError: (error: unknown) => void): Promise<void> {
    while (this.pending.size) {
      // Every record appended first, then one fdatasync for them all: a watcher batch of 100
      // files kept 100 lazy versions, and syncing each as it arrived cost ~25 fdatasyncs. Only
      // writes started by now are waited on: a lazy one started later waits for the next round.
      const writes = [...this.pending.values()]
      await Promise.allSettled([...this.unappended])
      await this.syncs.flush().catch(() => undefined) // a failure reaches the waiters, reported below
      const results = await Promise.allSettled(writes)
      for (const result of results) if (result.status === 'rejected') onError(result.reason)
    }
  }

  /** The exact bytes of a version, or null when absent or not what its hash says. */
  async read(hash: string): Promise<Buffer | null> {
    const at = this.where.get(hash)
    if (!at) return null
    try {
      const record = await readRange(this.pathOf(at.pack), at.offset, at.length)
      const bytes = await decompress(record)
      return hashOf(bytes) === hash ? bytes : null
    } catch {
      return null
    }
  }

  /** Forgets a blob; its bytes go when `compact` rewrites its pack. */
  async remove(hash: string): Promise<void> {
    const at = this.where.get(hash)
    if (!at) return
    this.where.delete(hash)
    this.bytes -= at.length
    this.dead.set(at.pack, (this.dead.get(at.pack) ?? 0) + at.length)
  }

  /**
   * Removes versions for good: every pack holding one (or any dead record, a stale copy included)
   * is rewritten with its live records only, and the removals are made durable.
   */
  async purge(hashes: Iterable<string>): Promise<void> {
    for (const hash of hashes) await this.remove(hash)
    await this.compact()
    await syncDir(this.dir)
  }

  /** Rewrites every pack holding dead records with its live ones only (the sweep). */
  async compact(): Promise<void> {
    await this.appending.catch(() => undefined)
    for (const pack of [...this.dead.keys()].sort((a, b) => a - b)) await this.compactPack(pack)
  }

  /**
   * Gives dead bytes back to the disk until the packs fit in `limit`: first every pack that is
   * mostly dead (rewriting it copies less than it frees), then the packs with the most dead bytes.
   * With the live records within `limit`, the packs then are too.
   */
  async reclaim(limit: number): Promise<void> {
    await this.appending.catch(() => undefined)
    for (const [pack, dead] of [...this.dead]) {
      if (dead * 2 >= (this.sizes.get(pack) ?? 0)) await this.compactPack(pack)
    }
    while (this.diskBytes > limit && this.dead.size) {
      const [pack] = [...this.dead].reduce((a, b) => (b[1] > a[1] ? b : a))
      await this.compactPack(pack)
    }
  }

  async close(): Promise<void> {
    await this.appending.catch(() => undefined)
    await this.syncs.flush().catch(() => undefined)
    await this.writer?.close()
    this.writer = undefined
  }

  /** Copies a pack's live records to the current pack (durably), then deletes it. */
  private async compactPack(pack: number): Promise<void> {
    if (pack === this.current && this.writer) await this.roll()
    const live = [...this.where].filter(([, at]) => at.pack === pack)
    for (const [hash, at] of live) {
      const record = await readRange(this.pathOf(pack), at.offset, at.length)
      await this.append(hash, record, true)
    }
    if (live.length) await this.sync()
    // The copies are durable before the old pack goes; a crash in between leaves duplicates.
    await rm(this.pathOf(pack), { force: true })
    this.dead.delete(pack)
    this.sizes.delete(pack)
  }

  /** Compresses and appends a blob; its record's number, or null when it is not kept. */
  private async store(hash: string, data: string | Uint8Array): Promise<number | null> {
    const { raw, packed } = await compress(data)
    if (HEADER + packed.byteLength > this.budget) {
      // Alone over the whole budget: keeping it would leave no room for anything else.
      if (this.overBudget.size >= 1000) this.overBudget.clear()
      this.overBudget.set(hash, raw.byteLength)
      return null
    }
    return this.append(hash, encodeRecord(hash, packed))
  }

  /** Appends one record to the current pack (on the thread pool, one at a time); its number. */
  private append(hash: string, record: Buffer, moving = false): Promise<number> {
    const task = this.appending.then(async () => {
      if (!this.writer || (this.end > 0 && this.end + record.byteLength > this.packMax))
        await this.roll()
      const writer = this.writer as FileHandle
      const offset = this.end
      try {
        await writer.write(record, 0, record.byteLength, offset)
      } catch (error) {
        // A half-written record may sit at the end (dead bytes): later records go to a new pack.
        const size = await writer.stat().then(
          (info) => info.size,
          () => offset
        )
        this.sizes.set(this.current, size)
        if (size > offset)
          this.dead.set(this.current, (this.dead.get(this.current) ?? 0) + size - offset)
        await this.roll()
        throw error
      }
      this.end = offset + record.byteLength
      this.sizes.set(this.current, this.end)
      this.note(hash, { pack: this.current, offset, length: record.byteLength }, moving)
      return this.syncs.appendedOne()
    })
    this.appending = task.catch(() => undefined)
    return task
  }

  private async sync(): Promise<void> {
    const writer = this.writer
    if (writer) await fdatasyncAsync(writer.fd)
  }

  /** Starts a new pack; creating it is made durable once (its folder entry). */
  private async roll(): Promise<void> {
    if (this.writer) {
      await fdatasyncAsync(this.writer.fd)
      await this.writer.close()
      this.current += 1
    }
    this.writer = await open(this.pathOf(this.current), 'wx', 0o600)
    this.end = 0
    this.sizes.set(this.current, 0)
    await syncDir(this.dir)
  }

  /**
   * Indexes a pack's records. A record that does not check out (a flipped byte, a torn write) is
   * skipped: the next MAGIC whose record checks out is where reading resumes, so damage loses that
   * record only. What follows the last good record was cut by a crash before it was synced (no
   * entry names it): it is cut off. Skipped bytes count as dead, so compaction drops them.
   */
  private async load(pack: number): Promise<void> {
    const path = this.pathOf(pack)
    const data = await readFile(path)
    let offset = 0
    /** The end of the last good record. */
    let good = 0
    while (offset < data.length) {
      const length = recordAt(data, offset)
      if (length === 0) {
        const next = nextRecord(data, offset + 1)
        if (next < 0) break
        offset = next
        continue
      }
      if (offset > good) {
        this.damaged += offset - good
        this.dead.set(pack, (this.dead.get(pack) ?? 0) + offset - good)
      }
      this.note(hashAt(data, offset), { pack, offset, length })
      offset += length
      good = offset
    }
    this.sizes.set(pack, good)
    if (good < data.length) {
      const file = await open(path, 'r+')
      try {
        await file.truncate(good)
        await file.datasync()
      } finally {
        await file.close()
      }
    }
  }

  private note(hash: string, at: Location, moving = false): void {
    const known = this.where.get(hash)
    if (known && moving) {
      this.where.set(hash, at)
      return
    }
    if (known) {
      // A second copy (compaction cut short by a crash): counted dead, dropped by the next compact.
      this.dead.set(at.pack, (this.dead.get(at.pack) ?? 0) + at.length)
      return
    }
    this.where.set(hash, at)
    this.bytes += at.length
  }

  private pathOf(pack: number): string {
    return join(this.dir, `pack-${String(pack).padStart(6, '0')}.dat`)
  }
}
