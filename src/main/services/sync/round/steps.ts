import { copyLabel } from '@shared/memory/sync'
import { keptCopyOrigin, localPathOf, notSyncable, remotePathOf } from '../store/paths'
import { RemoteConflict, RemoteRefused, type RemoteMemory } from '../store/remote'
import type { Round } from './round-context'
import type { Link } from '../state'
import { pull, pushCreate, pushUpdate, reconcile } from './transfer'

// The steps of a round, in order (engine.ts runs them): renames there, renames here, each linked
// file, files only here, memories only there. Each takes one path and decides its one move.

/** A rename made on the other device: the memory's id stays, its path moved. */
export async function renamedThere(round: Round, path: string, old: Link): Promise<void> {
  const r = round.remotes.get(old.memoryId)
  if (!r || localPathOf(r.path) === path || !round.files.has(path)) return
  const target = localPathOf(r.path)
  if (round.held({ path, command: 'rename', memoryId: r.id, sha256: r.sha256 })) return
  delete round.state.links[path]
  if (round.files.has(target) || round.state.links[target]) {
    round.conflict({
      path,
      kind: 'path',
      detail: `Renamed to ${target} on another device, which is taken here.`
    })
    return
  }
  const moved = await round.deps.local.rename(path, target)
  if (!moved.ok) return round.skip(path, `not renamed to ${target}: ${moved.reason}`)
  round.moved(path, target)
  round.state.links[target] = { ...old, size: undefined, modified: undefined }
  await round.changed()
}

/** A rename made here: a linked file gone, an untracked file with exactly its last bytes. */
export async function renamedHere(round: Round, path: string, old: Link): Promise<void> {
  const r = round.remotes.get(old.memoryId)
  if (round.files.has(path) || !r || r.sha256 !== old.lastSyncedSha256) return
  for (const candidate of untracked(round)) {
    if (old.size !== undefined && round.files.get(candidate)?.size !== old.size) continue
    const t = await round.text(candidate)
    if (!t?.ok || t.sha256 !== old.lastSyncedSha256 || notSyncable(candidate, 0)) continue
    try {
      const updated = await round.deps.remote.update(
        r.id,
        { path: remotePathOf(candidate) },
        old.lastSyncedSha256
      )
      delete round.state.links[path]
      round.link(candidate, updated, round.files.get(candidate))
      round.report.pushed += 1
      await round.changed()
    } catch (error) {
      if (!(error instanceof RemoteConflict || error instanceof RemoteRefused)) throw error
    }
    return
  }
}

/** A file synced before: each side against the last synced hash, then the one move that fits. */
export async function linkedFile(round: Round, path: string, old: Link): Promise<void> {
  const r = round.remotes.get(old.memoryId)
  // Listed but unreadable is not deleted: the file here stays as it is (the item is listed).
  if (!r && round.unsure(path, old.memoryId)) return
  const mine = await round.localSha(path, old)
  if (mine && !mine.ok) return round.skip(path, mine.reason)
  if (mine && r && mine.sha256 === r.sha256) return round.link(path, r, round.files.get(path))
  const localChanged = !mine || mine.sha256 !== old.lastSyncedSha256
  const remoteChanged = !r || r.sha256 !== old.lastSyncedSha256
  if (!localChanged && !remoteChanged) return
  try {
    if (mine && r) await bothThere(round, path, old, r, localChanged, remoteChanged)
    else if (r) await deletedHere(round, path, old, r, remoteChanged)
    else if (mine) await deletedThere(round, path, old, localChanged)
    else delete round.state.links[path]
  } catch (error) {
    if (!(error instanceof RemoteConflict || error instanceof RemoteRefused)) throw error
    round.skip(path, `not synced: ${error.message}`)
  }
}

async function bothThere(
  round: Round,
  path: string,
  old: Link,
  r: RemoteMemory,
  localChanged: boolean,
  remoteChanged: boolean
): Promise<void> {
  const current = await round.full(path)
  if (!current) return
  if (!remoteChanged && (await pushUpdate(round, path, r, old, current)) !== 'moved-on') return
  if (!localChanged) await pull(round, path, r, current)
  else await reconcile(round, path, old, current, r)
}

async function deletedHere(
  round: Round,
  path: string,
  old: Link,
  r: RemoteMemory,
  remoteChanged: boolean
): Promise<void> {
  if (!remoteChanged) {
    try {
      await round.deps.remote.delete(r.id, old.lastSyncedSha256)
      round.remotes.delete(r.id)
      delete round.state.links[path]
      round.report.deleted += 1
      await round.changed()
      return
    } catch (error) {
      if (!(error instanceof RemoteConflict)) throw error
    }
  }
  // Deleted here, edited there: the edit comes back (a delete never wins over new content).
  delete round.state.links[path]
  if (await pull(round, path, r, null))
    round.conflict({
      path,
      kind: 'edit-vs-delete',
      detail: 'Deleted here but changed on another device: the change was kept.'
    })
}

async function deletedThere(
  round: Round,
  path: string,
  old: Link,
  localChanged: boolean
): Promise<void> {
  if (!localChanged) {
    const remove = { path, command: 'delete', memoryId: old.memoryId, sha256: '' } as const
    if (round.held(remove)) return
    delete round.state.links[path]
    const removed = await round.deps.local.remove(path, old.lastSyncedSha256)
    if (!removed.ok) return round.skip(path, `not deleted here: ${removed.reason}`)
    round.wrote(path, null)
    round.report.deleted += 1
    await round.changed()
    return
  }
  // Deleted there, edited here: the edit goes back as a new memory.
  const full = await round.full(path)
  if (!full) return
  delete round.state.links[path]
  await pushCreate(round, path, full)
  if (round.state.links[path])
    round.conflict({
      path,
      kind: 'edit-vs-delete',
      detail: 'Deleted on another device but changed here: the change was kept.'
    })
}

/** A file only here: upload it, or link it to the same bytes already there (a resumed round). */
export async function onlyHere(
  round: Round,
  path: string,
  unlinkedByPath: Map<string, RemoteMemory>
): Promise<void> {
  if (round.unsure(path)) return
  const entry = round.files.get(path)
  const early = entry ? notSyncable(path, entry.size) : null
  if (early) return round.skip(path, early)
  const mine = await round.text(path)
  if (!mine) return
  if (!mine.ok) return round.skip(path, mine.reason)
  const there = unlinkedByPath.get(path)
  try {
    if (!there) return await pushCreate(round, path, mine)
    unlinkedByPath.delete(path)
    if (there.sha256 === mine.sha256) return round.link(path, there, entry)
    // Made on both devices under one name: both kept, as a conflict with no common base.
    await reconcile(round, path, null, mine, there)
  } catch (error) {
    if (!(error instanceof RemoteConflict || error instanceof RemoteRefused)) throw error
    round.skip(path, `not synced: ${error.message}`)
  }
}

/**
 * A memory only in the store: fetch it and create it here. The store's paths are case-sensitive
 * and many folders are not: a name that differs only in case from a file here is reported, not
 * written. A kept copy another device made arrives as a conflict here too, so either device can
 * answer it.
 */
export async function onlyThere(
  round: Round,
  path: string,
  r: RemoteMemory,
  folded: Map<string, string>
): Promise<void> {
  if (round.files.has(path) || round.state.links[path]) return
  const twin = folded.get(path.toLowerCase())
  if (twin) {
    round.conflict({ path, copy: twin, kind: 'path', detail: `Differs only in case from ${twin}.` })
    return round.skip(path, `not synced: differs only in case from ${twin}`)
  }
  try {
    if (!(await pull(round, path, r, null))) return
  } catch (error) {
    // Gone since the list (404), refused or moved on: the next round sees the store as it is.
    if (!(error instanceof RemoteRefused || error instanceof RemoteConflict)) throw error
    return round.skip(path, `not synced: ${error.message}`)
  }
  const origin = keptCopyOrigin(path)
  if (origin && round.files.has(origin.path) && origin.device !== copyLabel(round.deps.deviceName))
    round.conflict({
      path: origin.path,
      copy: path,
      from: origin.device,
      kind: 'kept-both',
      detail: `Both devices changed it: the store's version is at the path, ${origin.device}'s beside it.`
    })
}

/** Files here the sidecar has no link for (new here, or resumed after a lost state). */
export function untracked(round: Round): string[] {
  return [...round.files.keys()].filter((p) => !round.state.links[p])
}
