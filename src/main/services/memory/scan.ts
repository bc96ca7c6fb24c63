import { readdir, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { MemoryLimits } from '@shared/memory'
import type { NewActivity } from './activity-log'
import { capNote } from './caps'
import type { Ctx } from './context'
import { inParent, noteRead, readIn } from './files'
import type { MemoryIndex } from './index-store'
import { refusedReason } from './names'
import { displayOf, parseMemoryPath, TEMP_NAME } from './paths'
import { walkTree } from './safe-fs'
import { ToolError } from './tool-error'

export interface Reconciled {
  added: string[]
  changed: string[]
  removed: string[]
}

/**
 * Brings the index in line with the disk: drops what is gone, (re)hashes what is new or changed
 * (by size or mtime). With `removeTemps`, deletes temp files a crash left behind.
 */
export async function reconcile(
  ctx: Ctx,
  removeTemps: boolean,
  /** Files to rehash even if size and time look unchanged (timestamps are coarse). */
  force: ReadonlySet<string> = new Set()
): Promise<Reconciled> {
  const onDisk = new Map<string, { size: number; mtimeMs: number }>()
  await ctx.fs.withDir([], (root) =>
    walkTree(
      root,
      (entry) => {
        if (entry.kind !== 'file') return
        const rel = entry.segments.join('/')
        // Names the tool refuses stay out of the index (see names.ts). Hashed keys are usable names;
        // an older version kept refused names unhashed (hash ''), so those are checked again.
        const known = ctx.index.get(rel)
        if ((known && known.hash !== '') || !refusedReason(rel)) onDisk.set(rel, entry)
      },
      (name) => TEMP_NAME.test(name),
      removeTemps ? (dir, name) => unlink(dir.at(name)).catch(() => undefined) : undefined
    )
  )
  const result: Reconciled = { added: [], changed: [], removed: [] }
  for (const [rel, entry] of [...ctx.index.entries()]) {
    if (!onDisk.has(rel)) {
      ctx.index.delete(rel)
      if (entry.hash !== '') result.removed.push(rel)
    }
  }
  for (const [rel, seen] of onDisk) {
    const known = ctx.index.get(rel)
    const forced = force.has(rel)
    if (known && known.size === seen.size && known.mtimeMs === seen.mtimeMs && !forced) continue
    const parsed = parseMemoryPath(`/memories/${rel}`)
    if (!parsed.ok) continue
    const missing = () => new ToolError('not-found', 'gone')
    try {
      const before = known?.hash
      const entry = await inParent(ctx, parsed.path, missing, async (dir) =>
        noteRead(ctx, parsed.path, await readIn(dir, parsed.path, missing), false, forced)
      )
      if (!known) result.added.push(rel)
      else if (entry.hash !== before) result.changed.push(rel)
    } catch {
      // vanished or unreadable between the walk and the read; the next pass settles it
    }
  }
  return result
}

/** Leftover temp files of the state folder's own durable writes. */
export async function removeStateTemps(stateDir: string): Promise<void> {
  const names = await readdir(stateDir).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((name) => /^\..+\.[0-9a-f-]{36}\.tmp$/.test(name))
      .map((name) => rm(join(stateDir, name), { force: true }))
  )
}

/** Activity entries for what a reconcile found changed outside the app. */
export function externalActivity(
  changes: Reconciled,
  index: MemoryIndex,
  limits?: MemoryLimits
): NewActivity[] {
  const note = (rel: string) => (limits ? capNote(rel, { index, limits }) : '')
  const entry = (rel: string, message: string, bytesAfter: number | null): NewActivity => ({
    actor: { kind: 'external' },
    command: 'external',
    paths: [displayOf(rel)],
    bytesBefore: null,
    bytesAfter,
    outcome: 'ok',
    message
  })
  return [
    ...changes.added.map((rel) =>
      entry(rel, `added outside the app${note(rel)}`, index.get(rel)?.size ?? null)
    ),
    ...changes.changed.map((rel) =>
      entry(rel, `changed outside the app${note(rel)}`, index.get(rel)?.size ?? null)
    ),
    ...changes.removed.map((rel) => entry(rel, 'removed outside the app', 0))
  ]
}
