import type { ActivityActor, ActivityEntry, ToolResult, VersionRef } from '@shared/memory/memory'
import type { NewActivity } from '../ledger/activity-log'
import type { TrackHow } from '../history'
import type { Ctx, Done } from '../kernel/context'
import { redactPath } from '../secret-guard'
import type { Engine } from './engine'

// How every change is written down: the activity entry after history's blobs are durable.

/** Appends to the activity log; history indexes what the entry names. */
export async function append(e: Engine, entry: NewActivity): Promise<ActivityEntry> {
  const full = await e.parts.log.append(entry)
  await e.parts.history?.recorded(full, e.parts.index)
  return full
}

/** Appends, logging (not throwing) a failed write of the log. */
export async function appendQuietly(e: Engine, entry: NewActivity): Promise<void> {
  await append(e, entry).catch((error: unknown) => {
    e.warn('memory activity log write failed', error)
  })
}

export async function record(
  e: Engine,
  actor: ActivityActor,
  command: NewActivity['command'],
  done: Done | undefined,
  result: ToolResult,
  paths: string[],
  versions?: VersionRef[],
  revertOf?: number
): Promise<ActivityEntry | null> {
  e.listing.touch([...paths, ...(done?.paths ?? [])])
  const message = result.content.split('\n')[0] ?? ''
  // A failed command's paths are what was asked, not what exists: a credential in a name
  // (refused, or any other failure) is taken out before the entry is written.
  const named = done?.paths ?? paths
  let entry: ActivityEntry | null = null
  try {
    entry = await append(e, {
      actor,
      command,
      paths: result.isError ? await Promise.all(named.map(redactPath)) : named,
      bytesBefore: done?.bytesBefore ?? null,
      bytesAfter: done?.bytesAfter ?? null,
      outcome: result.isError ? 'error' : 'ok',
      message,
      ...(versions?.length && !result.isError ? { versions } : {}),
      ...(revertOf !== undefined ? { revertOf } : {})
    })
  } catch (error) {
    e.warn('memory activity log write failed', error)
  }
  if (done) {
    e.emit(done.paths, actor)
    e.scheduleFlush()
  }
  return entry
}

/**
 * Runs a mutation of `paths` with history around it: the ctx keeps what it reads and writes, and
 * the versions come back once their blobs are durable (so the entry is appended after them).
 */
export async function tracked<T>(
  e: Engine,
  ctx: Ctx,
  paths: string[],
  how: TrackHow,
  task: (ctx: Ctx) => Promise<T>
): Promise<[T, VersionRef[] | undefined]> {
  const history = e.parts.history
  return history ? history.around(ctx, paths, how, task) : [await task(ctx), undefined]
}

export function historyHow(command: string): TrackHow {
  return command === 'delete' ? 'read' : command === 'rename' ? 'move' : 'plain'
}

/** One activity entry per file a batch moved away (expiry, archive), each with its own versions. */
export async function appendMoved<T extends { path: string; size: number }>(
  e: Engine,
  actor: ActivityActor,
  command: 'expire' | 'archive',
  moved: readonly T[],
  versions: VersionRef[] | undefined,
  messageOf: (item: T) => string
): Promise<void> {
  for (const item of moved) {
    const own = versions?.filter((ref) => ref.path === item.path)
    await append(e, {
      actor,
      command,
      paths: [item.path],
      bytesBefore: item.size,
      bytesAfter: 0,
      outcome: 'ok',
      message: messageOf(item),
      ...(own?.length ? { versions: own } : {})
    })
  }
}
