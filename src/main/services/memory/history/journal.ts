import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { ActivityEntrySchema, type ActivityEntry } from '@shared/memory/memory'
import { writeFileDurably } from '../../fs/durable'

// The activity log is the index of history, but it rotates by size; this journal keeps the history
// part of each entry (seq, time, actor, command, versions) for as long as retention says. It is
// written after the activity entry; on open it catches up from the log, so a crash between the two
// loses nothing. A line cut by a crash is skipped, like the log's. A rewrite starts with the
// highest seq it has seen (`{"upTo":n}`), so entries pruned away are not caught up again from the
// log even when pruning dropped the newest ones. Versions the user had history forget are listed
// (`{"forgot":[hash…]}`, hashes only): their text is never kept again, and a purge a crash cut
// short is finished on the next open.

const RecordSchema = ActivityEntrySchema.pick({
  seq: true,
  time: true,
  actor: true,
  command: true,
  paths: true,
  versions: true,
  revertOf: true,
  archiveId: true
}).required({ versions: true })
export type HistoryRecord = z.infer<typeof RecordSchema>

const FILE = 'journal.jsonl'
const MarkSchema = z.strictObject({ upTo: z.number() })
const ForgotSchema = z.strictObject({ forgot: z.array(z.string().regex(/^[0-9a-f]{64}$/)) })

export class HistoryJournal {
  private fd: number | undefined
  private readonly records: HistoryRecord[] = []
  private readonly bySeq = new Map<number, HistoryRecord>()
  /** The highest seq journaled, pruned records included. */
  private upTo = 0
  /** Versions the user had history forget (sha256s): never kept again. */
  readonly forgotten = new Set<string>()

  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<HistoryJournal> {
    const journal = new HistoryJournal(dir)
    const text = await readFile(join(dir, FILE), 'utf8').catch(() => '')
    for (const line of text.split('\n')) {
      if (!line) continue
      try {
        const json: unknown = JSON.parse(line)
        const mark = MarkSchema.safeParse(json)
        if (mark.success) journal.upTo = Math.max(journal.upTo, mark.data.upTo)
        const forgot = ForgotSchema.safeParse(json)
        if (forgot.success) for (const hash of forgot.data.forgot) journal.forgotten.add(hash)
        const parsed = RecordSchema.safeParse(json)
        if (parsed.success) journal.remember(parsed.data)
      } catch {
        // a line cut by a crash
      }
    }
    // Rewrite once so a cut last line cannot glue onto the next append.
    await journal.rewrite()
    return journal
  }

  get lastSeq(): number {
    return Math.max(this.upTo, this.records.at(-1)?.seq ?? 0)
  }

  /** Oldest first. */
  all(): readonly HistoryRecord[] {
    return this.records
  }

  get(seq: number): HistoryRecord | undefined {
    return this.bySeq.get(seq)
  }

  /** Adds an activity entry's history part (entries without versions are not history). */
  add(entry: ActivityEntry): void {
    if (!entry.versions?.length || entry.outcome !== 'ok' || entry.seq <= this.lastSeq) return
    const record: HistoryRecord = {
      seq: entry.seq,
      time: entry.time,
      actor: entry.actor,
      command: entry.command,
      paths: entry.paths,
      versions: entry.versions,
      ...(entry.revertOf !== undefined ? { revertOf: entry.revertOf } : {}),
      ...(entry.archiveId !== undefined ? { archiveId: entry.archiveId } : {})
    }
    this.remember(record)
    this.fd ??= openSync(join(this.dir, FILE), 'a', 0o600)
    writeSync(this.fd, `${JSON.stringify(record)}\n`)
  }

  /**
   * Lists versions as forgotten, durably (synced before the packs are rewritten: a crash in
   * between leaves a purge the next open finishes, never a forgotten text kept).
   */
  forget(hashes: Iterable<string>): void {
    const fresh = [...hashes].filter((hash) => !this.forgotten.has(hash))
    if (!fresh.length) return
    for (const hash of fresh) this.forgotten.add(hash)
    this.fd ??= openSync(join(this.dir, FILE), 'a', 0o600)
    writeSync(this.fd, `${JSON.stringify({ forgot: fresh })}\n`)
    fdatasyncSync(this.fd)
  }

  /** Keeps only `keep` (retention), written durably. */
  async replace(keep: (record: HistoryRecord) => boolean): Promise<void> {
    this.upTo = this.lastSeq
    const kept = this.records.filter(keep)
    this.records.length = 0
    this.bySeq.clear()
    for (const record of kept) this.remember(record)
    await this.rewrite()
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }

  private remember(record: HistoryRecord): void {
    if (record.seq <= (this.records.at(-1)?.seq ?? 0)) return
    this.records.push(record)
    this.bySeq.set(record.seq, record)
  }

  private async rewrite(): Promise<void> {
    this.close()
    const mark = this.lastSeq ? `${JSON.stringify({ upTo: this.lastSeq })}\n` : ''
    const forgot = this.forgotten.size ? `${JSON.stringify({ forgot: [...this.forgotten] })}\n` : ''
    const text =
      mark + forgot + this.records.map((record) => `${JSON.stringify(record)}\n`).join('')
    await writeFileDurably(join(this.dir, FILE), text)
  }
}
