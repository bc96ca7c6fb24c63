import type { LocalEntry, LocalText } from './local'
import { localPathOf } from '../store/paths'
import type { BadRemote, RemoteMemory } from '../store/remote'
import { hasSecret, SECRET_SKIP } from './secrets'
import type { Conflict, Link, SyncState } from '../state'
import type { EngineDeps, RoundReport, Waiting } from './round'

// What one round knows while it runs: the store as listed, the folder as listed, the texts read
// so far, and the report. Every outcome that is not "in sync" goes through `skip`, `conflict` or
// `held` here, so each is listed once and nowhere else.

const CHECKPOINT_EVERY = 50

export type Readable = LocalText & { ok: true }

export class Round {
  readonly report: RoundReport = {
    pushed: 0,
    pulled: 0,
    deleted: 0,
    conflicts: [],
    skipped: [],
    waiting: []
  }
  private readonly texts = new Map<string, LocalText | null>()
  private changes = 0

  constructor(
    readonly deps: EngineDeps,
    /** The store's memories by id, as listed (kept up to date as the round changes them). */
    readonly remotes: Map<string, RemoteMemory>,
    /** The folder's files by virtual path (kept up to date likewise). */
    readonly files: Map<string, LocalEntry>,
    /** Items the store listed that could not be read: they are there, whatever they hold. */
    private readonly bad: readonly BadRemote[] = []
  ) {}

  /**
   * Whether the store may hold this memory or path although the list does not show it (it listed
   * an item it could not read): then nothing here is deleted or created over it this round.
   */
  unsure(path: string, memoryId?: string): boolean {
    return this.bad.some(
      (b) =>
        (b.id === null && b.path === null) ||
        (memoryId !== undefined && b.id === memoryId) ||
        (b.path !== null && localPathOf(b.path) === path)
    )
  }

  get state(): SyncState {
    return this.deps.state
  }

  /** A file's text, read once per round (null: not there). */
  async text(path: string): Promise<LocalText | null> {
    if (!this.texts.has(path))
      this.texts.set(path, this.files.has(path) ? await this.deps.local.read(path) : null)
    return this.texts.get(path) ?? null
  }

  /** The local hash, without reading when size and mtime are as last synced. */
  async localSha(path: string, link?: Link): Promise<LocalText | null> {
    const entry = this.files.get(path)
    if (!entry) return null
    if (link && unchanged(entry, link))
      return { ok: true, sha256: link.lastSyncedSha256, content: '' }
    return this.text(path)
  }

  /** The text of a file known to be readable (its hash was just taken). */
  async full(path: string): Promise<Readable | null> {
    const t = await this.text(path)
    return t?.ok ? t : null
  }

  moved(from: string, to: string): void {
    this.files.set(to, this.files.get(from) as LocalEntry)
    this.files.delete(from)
    if (this.texts.has(from)) this.texts.set(to, this.texts.get(from) ?? null)
    this.texts.delete(from)
  }

  wrote(path: string, content: string | null): void {
    this.texts.delete(path)
    if (content === null) this.files.delete(path)
    else this.files.set(path, { size: Buffer.byteLength(content) })
  }

  /** Counts a change; the state is saved every few (a crash loses little). */
  async changed(): Promise<void> {
    this.changes += 1
    if (this.changes % CHECKPOINT_EVERY === 0) await this.deps.checkpoint()
  }

  link(path: string, memory: RemoteMemory, entry?: LocalEntry): void {
    this.remotes.set(memory.id, memory)
    this.state.links[path] = {
      memoryId: memory.id,
      lastSyncedSha256: memory.sha256,
      versionId: memory.versionId,
      ...(entry ? { size: entry.size } : {}),
      ...(entry?.modified !== undefined ? { modified: entry.modified } : {})
    }
    delete this.state.unsent[path]
  }

  /** Records a conflict once: the same conflict found again (next round) is not added again. */
  conflict(c: Omit<Conflict, 'at'>): void {
    const same = (k: Conflict) => k.kind === c.kind && k.path === c.path && k.copy === c.copy
    if (this.state.conflicts.some(same)) return
    const full = { ...c, at: this.deps.now() }
    this.report.conflicts.push(full)
    this.state.conflicts.push(full)
  }

  /** A file this round leaves as it is, and why (listed for the user, once per round). */
  skip(path: string, reason: string): void {
    if (this.report.skipped.some((s) => s.path === path && s.reason === reason)) return
    this.report.skipped.push({ path, reason })
  }

  /** True when this change from the store must wait for the user (it is then listed). */
  held(change: Waiting): boolean {
    if (this.deps.mayApply?.(change) ?? true) return false
    this.report.waiting.push(change)
    return true
  }

  /** Whether a path is in use here or in the store (a kept copy needs a free name). */
  taken(path: string): boolean {
    if (this.files.has(path)) return true
    for (const r of this.remotes.values()) if (localPathOf(r.path) === path) return true
    return false
  }

  /** True (and listed) when the text holds a secret: it is never sent. */
  async holdsSecret(path: string, content: string): Promise<boolean> {
    if (!(await hasSecret(content))) return false
    this.skip(path, SECRET_SKIP)
    return true
  }

  /** Records that this store version is not taken in, and lists why and what brings it in. */
  refuse(path: string, memory: RemoteMemory, why: string, localSha256?: string): void {
    const changes = localSha256 === undefined ? "the store's version" : "this file or the store's"
    const reason = `${why.replace(/\.?$/, '')}. Tried again when ${changes} changes.`
    this.state.refused[memory.id] = {
      sha256: memory.sha256,
      reason,
      path,
      ...(localSha256 !== undefined ? { localSha256 } : {})
    }
    this.skip(path, reason)
  }

  /** True (and listed again, with no request) when this version was refused before. */
  stillRefused(path: string, r: RemoteMemory, localSha256?: string): boolean {
    const refused = this.state.refused[r.id]
    if (!refused || refused.sha256 !== r.sha256) return false
    if (refused.localSha256 !== undefined && refused.localSha256 !== localSha256) return false
    this.skip(path, refused.reason)
    return true
  }
}

function unchanged(entry: LocalEntry, link: Link): boolean {
  return (
    link.size !== undefined &&
    link.modified !== undefined &&
    entry.modified !== undefined &&
    entry.size === link.size &&
    entry.modified === link.modified
  )
}
