import { createHash } from 'node:crypto'
import { isCairnError } from '@shared/errors'
import { MEMORY_LIST_MAX, MEMORY_ROOT, type MemoryActor } from '@shared/memory/memory'
import type { MemoryService } from '../../memory/service'
import { MAX_REMOTE_BYTES } from '../store/paths'

// The memory folder as sync sees it, through the memory service only: listing and reading like
// the inspector, and every change as a memory command in the engine's one queue, under a
// precondition, attributed to the other device (so caps, the secret guard, history and activity
// apply to what is pulled exactly as to any other change).

export interface LocalEntry {
  size: number
  modified?: number
}

export type LocalText =
  { ok: true; sha256: string; content: string } | { ok: false; reason: string }

export type Applied = { ok: true } | { ok: false; conflict: boolean; reason: string }

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

export class LocalFolder {
  constructor(
    private readonly memory: MemoryService,
    private readonly actor: MemoryActor
  ) {}

  /** Every file the memory tool can reach, by virtual path. */
  async list(): Promise<Map<string, LocalEntry>> {
    const files = new Map<string, LocalEntry>()
    let cursor: string | undefined
    do {
      const page = await this.memory.list({
        path: MEMORY_ROOT,
        limit: MEMORY_LIST_MAX,
        ...(cursor ? { cursor } : {})
      })
      for (const entry of page.entries) {
        if (entry.kind !== 'file' || entry.unreachable) continue
        files.set(entry.path, {
          size: entry.size,
          ...(entry.modified !== undefined ? { modified: entry.modified } : {})
        })
      }
      cursor = page.nextCursor
    } while (cursor)
    return files
  }

  /** A file's text and the hash the store would give it; refused when it cannot be synced. */
  async read(path: string): Promise<LocalText | null> {
    try {
      const file = await this.memory.read(path)
      if (file.truncated || file.size > MAX_REMOTE_BYTES)
        return { ok: false, reason: 'not synced: too large (over 100 kB)' }
      const hash = sha256(file.content)
      if (hash !== file.hash) return { ok: false, reason: 'not synced: not UTF-8 text' }
      return { ok: true, sha256: hash, content: file.content }
    } catch (error) {
      // Only a file that is gone reads as deleted; any other failure never deletes anything.
      if (isCairnError(error) && error.code === 'MEMORY_NOT_FOUND') return null
      return {
        ok: false,
        reason: `not synced: ${error instanceof Error ? error.message : 'unreadable'}`
      }
    }
  }

  /**
   * Makes the file at `path` hold exactly `content`'s bytes: a new file (`current` null) or in
   * place of `current`, only if it still holds those bytes. A pulled text carries its own BOM and
   * line endings, so nothing is re-framed (see "Sync moves bytes" in docs/architecture.md).
   */
  async put(path: string, content: string, current: LocalText | null): Promise<Applied> {
    if (current && !current.ok) return { ok: false, conflict: false, reason: current.reason }
    if (current?.content === content) return { ok: true }
    try {
      await this.memory.putExact({ path, content, expect: current?.sha256 ?? null }, this.actor)
      return { ok: true }
    } catch (error) {
      const conflict = isCairnError(error) && error.code === 'MEMORY_CONFLICT'
      return { ok: false, conflict, reason: error instanceof Error ? error.message : 'refused' }
    }
  }

  remove(path: string, expectSha: string): Promise<Applied> {
    return this.run({ command: 'delete', path }, expectSha, path)
  }

  rename(from: string, to: string): Promise<Applied> {
    return this.run({ command: 'rename', old_path: from, new_path: to }, undefined, from)
  }

  /** The common base of a conflict, when history still has it. */
  async version(hash: string): Promise<string | null> {
    try {
      return await this.memory.versionText(hash)
    } catch {
      return null
    }
  }

  private async run(
    command: Record<string, unknown>,
    expect: string | null | undefined,
    path: string
  ): Promise<Applied> {
    const result = await this.memory.execute(
      command,
      this.actor,
      expect === undefined ? {} : { expect }
    )
    if (!result.isError) return { ok: true }
    // Moved on since we looked (a conflict) or refused for what it holds (guard, caps, name).
    let moved = false
    if (expect !== undefined) {
      const now = await this.read(path)
      moved = expect === null ? now !== null : !now?.ok || now.sha256 !== expect
    }
    return { ok: false, conflict: moved, reason: result.content }
  }
}
