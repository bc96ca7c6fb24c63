import type { ExpiredItem, SweepResult } from '@shared/memory/expiry'
import { expireDue, preview, previewPaced } from '../expiry/expiry'
import { pacer } from '../core/pace'
import { SYSTEM, type Engine } from './engine'
import { inspect } from './inspect-calls'
import { catchUp, reconcileNow } from './outside-calls'
import { tracked } from './record'
import { recordSweep } from './sweep-calls'
import { markCleanClose } from '../ledger/clean-close'

// Keeping the folder in shape: the hourly sweep (re-read, expire, trim history), the index
// flush, and the orderly close.

/** Starts the periodic sweep (the first sweep runs in `openMemoryStore`). */
export function startSweeping(e: Engine, intervalMs: number): void {
  e.scheduler.sweepEvery(intervalMs, () => {
    void sweep(e).catch((error: unknown) => e.warn('memory sweep failed', error))
  })
}

/**
 * Re-reads the folder into the index, then expires what is due; of `only` (the list the user
 * confirmed), when given, so nothing goes that the user was not shown.
 */
export function sweep(e: Engine, only?: readonly string[]): Promise<SweepResult> {
  return inspect(e, async () => {
    await reconcileNow(e, e.ctx(SYSTEM, false), false, true)
    return expireNow(e, true, only ? new Set(only) : undefined)
  })
}

/** Expires what is due without re-reading the folder first (the open has just read it). */
export function expire(e: Engine): Promise<SweepResult> {
  return inspect(e, () => expireNow(e))
}

/** Expires what is due, with history of what went; `prune` also trims history (the sweep). */
async function expireNow(
  e: Engine,
  prune = false,
  only?: ReadonlySet<string>
): Promise<SweepResult> {
  const ctx = e.ctx(SYSTEM, false)
  const chosen = (item: { path: string }) => !only || only.has(item.path)
  // An outside edit not yet seen makes a file fresh again: take it in before judging what is due.
  // Each judgement walks the whole index (100,000 entries: ~20 ms), so nothing due, none more.
  const candidates = (await previewPaced(ctx, 0, pacer())).filter(chosen).map((item) => item.path)
  const expired: ExpiredItem[] = []
  if (candidates.length > 0) {
    await catchUp(e, candidates)
    const due = preview(ctx, 0)
      .filter(chosen)
      .map((item) => item.path)
    const [gone, versions] = await tracked(e, ctx, due, 'read', (c) =>
      expireDue(c, e.parts.archiveRoot, only)
    )
    // One entry for the whole sweep, undone as one (sweep-calls.ts).
    await recordSweep(e, gone, versions)
    expired.push(...gone)
  }
  if (prune)
    await e.parts.history
      ?.prune(ctx.index, ctx.now())
      .catch((error: unknown) => e.warn('memory history prune failed', error))
  if (expired.length)
    e.emit(
      expired.map((item) => item.path),
      SYSTEM
    )
  // Saved shortly, behind the queue: an open or a sweep does not wait for the disk.
  e.scheduleFlush()
  return { expired }
}

/** Writes the index now (it is otherwise saved shortly after changes, and on dispose). */
export function flush(e: Engine): Promise<void> {
  return inspect(e, () => e.saveIndex())
}

export async function dispose(e: Engine): Promise<void> {
  if (!e.scheduler.close()) return
  await e.queue.idle()
  await e.lines.dispose()
  const saved = await e.saveIndex().then(
    () => true,
    (error: unknown) => {
      e.warn('memory index save failed', error)
      return false
    }
  )
  // The index on disk holds all this session did: the next open may trust it (clean-close.ts).
  if (saved)
    await markCleanClose(e.parts.stateDir).catch((error: unknown) =>
      e.warn('memory index close mark failed', error)
    )
  await e.parts.history?.close()
  await e.parts.log.close()
  e.listeners.clear()
}
