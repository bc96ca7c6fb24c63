import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { ensurePrivateDir, writeFileDurably } from '../fs/durable'

// The sidecar: what each local file was when it last matched the store. It lives in the app's
// state folder (never in the memory folder) and is rewritten durably; losing it costs a full
// comparison by hash, never a duplicate.

export const LinkSchema = z.object({
  memoryId: z.string(),
  lastSyncedSha256: z.string(),
  versionId: z.string(),
  /** The local file's size and mtime when its hash was last taken: unchanged means unread. */
  size: z.number().optional(),
  modified: z.number().optional()
})
export type Link = z.infer<typeof LinkSchema>

export const ConflictSchema = z.object({
  path: z.string(),
  /** The remote version kept beside the local one, when they could not be merged. */
  copy: z.string().optional(),
  kind: z.enum(['kept-both', 'merged', 'path', 'edit-vs-delete', 'redacted']),
  detail: z.string(),
  at: z.number(),
  /** The device whose version the copy holds (absent: this one). */
  from: z.string().optional()
})
export type Conflict = z.infer<typeof ConflictSchema>

const RefusedSchema = z.object({
  sha256: z.string(),
  reason: z.string(),
  /** The local path it was refused for (listed with the reason). */
  path: z.string().optional(),
  /** For a refused merge: this file's hash then (an edit here tries again). */
  localSha256: z.string().optional()
})
export type Refused = z.infer<typeof RefusedSchema>

const UnsentSchema = z.object({
  sha256: z.string(),
  reason: z.string(),
  /** The store's path that was in the way, when the store named one. */
  blockedBy: z.string().optional()
})
export type Unsent = z.infer<typeof UnsentSchema>

export const SyncStateSchema = z.object({
  version: z.literal(1),
  storeId: z.string(),
  /** Local virtual path (`/memories/...`) → link. */
  links: z.record(z.string(), LinkSchema),
  /**
   * Store versions not taken in (the engine refused them, their hash or size lied, a merge with
   * them was refused), by memory id: not fetched again while the store's hash (and, for a merge,
   * this file's hash) stay the same, and listed every round meanwhile.
   */
  refused: z.record(z.string(), RefusedSchema),
  /**
   * Local files the store refused to create (a path in the way, a 400), by path: not sent again
   * while the file's hash stays the same and what was in the way is still listed.
   */
  unsent: z.record(z.string(), UnsentSchema).default({}),
  /** Pulled versions the user declined (`command:memoryId:sha256`), oldest first; see declined.ts. */
  declined: z.array(z.string()).default([]),
  conflicts: z.array(ConflictSchema),
  /** The store's size as the last round listed it. */
  storeSize: z.object({ count: z.number(), bytes: z.number() }).nullable().default(null),
  lastSyncAt: z.number().nullable()
})
export type SyncState = z.infer<typeof SyncStateSchema>

export const emptyState = (storeId: string): SyncState => ({
  version: 1,
  storeId,
  links: {},
  refused: {},
  unsent: {},
  declined: [],
  conflicts: [],
  storeSize: null,
  lastSyncAt: null
})

export const STATE_FILE = 'sync-state.json'

export async function loadState(dir: string, storeId: string): Promise<SyncState> {
  try {
    const parsed = SyncStateSchema.safeParse(
      JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8'))
    )
    if (parsed.success && parsed.data.storeId === storeId) return parsed.data
  } catch {
    // Missing or unreadable: start over; the first round links files by hash.
  }
  return emptyState(storeId)
}

export async function saveState(dir: string, state: SyncState): Promise<void> {
  await ensurePrivateDir(dir)
  await writeFileDurably(join(dir, STATE_FILE), JSON.stringify(state))
}
