import { sha256 } from './local'
import { mergeText } from './merge'
import { keptCopyPath, notSyncable, remotePathOf } from '../store/paths'
import { RemoteConflict, RemoteInvalid, RemoteRefused, type RemoteMemory } from '../store/remote'
import type { Readable, Round } from './round-context'
import { fetchWithoutSecrets, REDACTED_DETAIL } from './secrets'
import type { Link } from '../state'

// The moves of a round: bring the store's version here (pull), send this file's there (push),
// and reconcile when both changed. A pulled version lands with exactly the store's bytes (the
// engine's `putExact`, under a precondition on the bytes it replaces); a version that cannot land
// is refused once, listed every round, and fetched again only when it changes.

type Fetched = { memory: RemoteMemory; content: string }

const CHANGED_MEANWHILE =
  'not synced yet: it changed here during the round; the next round takes it'

/** The store's text (secrets redacted there first); null when it cannot be trusted (refused). */
async function fetchChecked(round: Round, path: string, r: RemoteMemory): Promise<Fetched | null> {
  try {
    return await fetchWithoutSecrets(round.deps.remote, r, () =>
      round.conflict({ path, kind: 'redacted', detail: REDACTED_DETAIL })
    )
  } catch (error) {
    if (!(error instanceof RemoteInvalid)) throw error
    round.refuse(path, r, `not taken in: ${error.message}`)
    return null
  }
}

/** Fetches the store's version and writes it here (over `current`, or as a new file). */
export async function pull(
  round: Round,
  path: string,
  r: RemoteMemory,
  current: Readable | null
): Promise<boolean> {
  if (round.stillRefused(path, r)) return false
  const command = current === null ? 'create' : 'str_replace'
  if (round.held({ path, command, memoryId: r.id, sha256: r.sha256 })) return false
  const fetched = await fetchChecked(round, path, r)
  if (!fetched) return false
  const applied = await round.deps.local.put(path, fetched.content, current)
  if (!applied.ok) {
    // Moved on since we looked: the next round sees it as it is. Refused: listed, not refetched.
    if (applied.conflict) round.skip(path, CHANGED_MEANWHILE)
    else round.refuse(path, fetched.memory, `not taken in: ${applied.reason}`)
    return false
  }
  delete round.state.refused[r.id]
  round.wrote(path, fetched.content)
  round.link(path, fetched.memory)
  round.report.pulled += 1
  await round.changed()
  return true
}

/** Sends this file's text over the store's version it was last synced with. */
export async function pushUpdate(
  round: Round,
  path: string,
  r: RemoteMemory,
  old: Link,
  mine: Readable
): Promise<'sent' | 'skipped' | 'moved-on'> {
  const reason = notSyncable(path, Buffer.byteLength(mine.content))
  if (reason) return (round.skip(path, reason), 'skipped')
  if (await round.holdsSecret(path, mine.content)) return 'skipped'
  try {
    const updated = await round.deps.remote.update(
      r.id,
      { content: mine.content },
      old.lastSyncedSha256
    )
    round.link(path, updated, round.files.get(path))
  } catch (error) {
    if (error instanceof RemoteConflict && error.kind === 'precondition') return 'moved-on'
    throw error
  }
  round.report.pushed += 1
  await round.changed()
  return 'sent'
}

/** Creates this file in the store; a refusal is kept so the same bytes are not sent every round. */
export async function pushCreate(round: Round, path: string, mine: Readable): Promise<void> {
  const unsent = round.state.unsent[path]
  if (unsent && unsent.sha256 === mine.sha256 && stillInTheWay(round, unsent.blockedBy)) {
    round.skip(path, unsent.reason)
    return
  }
  const reason = notSyncable(path, Buffer.byteLength(mine.content))
  if (reason) return round.skip(path, reason)
  if (await round.holdsSecret(path, mine.content)) return
  try {
    round.link(
      path,
      await round.deps.remote.create(remotePathOf(path), mine.content),
      round.files.get(path)
    )
    round.report.pushed += 1
    await round.changed()
  } catch (error) {
    if (!(error instanceof RemoteConflict || error instanceof RemoteRefused)) throw error
    const pathConflict = error instanceof RemoteConflict && error.kind === 'path'
    const blockedBy = pathConflict ? error.conflictingPath : undefined
    const why = pathConflict
      ? `not synced: the store has ${blockedBy ?? 'another memory'} in the way (rename this file to sync it)`
      : `not synced: ${error.message}`
    round.state.unsent[path] = {
      sha256: mine.sha256,
      reason: why,
      ...(blockedBy ? { blockedBy } : {})
    }
    if (pathConflict)
      round.conflict({
        path,
        kind: 'path',
        detail: `The store has ${blockedBy ?? 'another memory'} in the way.`
      })
    round.skip(path, why)
  }
}

function stillInTheWay(round: Round, blockedBy: string | undefined): boolean {
  if (blockedBy === undefined) return true
  for (const r of round.remotes.values()) if (r.path === blockedBy) return true
  return false
}

/**
 * Both sides changed: merge cleanly from the base, else keep both. Nothing is lost either way,
 * and either way it changes this folder, so it waits for approval like any pulled change.
 */
export async function reconcile(
  round: Round,
  path: string,
  old: Link | null,
  mine: Readable,
  r: RemoteMemory
): Promise<void> {
  if (round.stillRefused(path, r, mine.sha256)) return
  // The approval is for this pair: a version declined alone is asked about again once edited here.
  const pair = `${r.sha256}+${mine.sha256}`
  if (round.held({ path, command: 'str_replace', memoryId: r.id, sha256: pair })) return
  const fetched = await fetchChecked(round, path, r)
  if (!fetched) return
  const base = old ? await round.deps.local.version(old.lastSyncedSha256) : null
  const merged = base === null ? null : mergeText(base, mine.content, fetched.content)
  if (merged !== null) await merge(round, path, mine, fetched.memory, merged)
  else await keepBoth(round, path, mine, fetched)
}

async function merge(
  round: Round,
  path: string,
  mine: Readable,
  memory: RemoteMemory,
  merged: string
): Promise<void> {
  const wrote = await round.deps.local.put(path, merged, mine)
  if (!wrote.ok) {
    if (wrote.conflict) return round.skip(path, CHANGED_MEANWHILE)
    return round.refuse(path, memory, `not merged: ${wrote.reason}`, mine.sha256)
  }
  round.wrote(path, merged)
  round.link(path, memory)
  round.conflict({
    path,
    kind: 'merged',
    detail: 'Both devices changed it; the changes were merged.'
  })
  // The merge is here; it goes to the store unless it holds a secret (then it is listed).
  if (sha256(merged) !== memory.sha256 && !(await round.holdsSecret(path, merged))) {
    round.link(path, await round.deps.remote.update(memory.id, { content: merged }, memory.sha256))
    round.report.pushed += 1
  }
  await round.changed()
}

/**
 * Keep both, as a file-sync app does: the store's version stays at the path, this device's moves
 * beside it under this device's name (the one name we know to be true).
 */
async function keepBoth(round: Round, path: string, mine: Readable, theirs: Fetched) {
  const { local, deviceName } = round.deps
  const copy = keptCopyPath(path, deviceName, (p) => round.taken(p))
  const saved = await local.put(copy, mine.content, null)
  if (!saved.ok) {
    // Still listed as a conflict: this device's version stays at the path, nothing is replaced.
    round.conflict({
      path,
      kind: 'path',
      detail: `Both devices changed it, and this device's version could not be kept beside it (${saved.reason}): it stays at the path, and the store keeps the other.`
    })
    return round.refuse(path, theirs.memory, `conflict not resolved: ${saved.reason}`, mine.sha256)
  }
  round.wrote(copy, mine.content)
  const took = await local.put(path, theirs.content, mine)
  if (!took.ok) {
    // The path moved on again (or refused the store's text): undo the copy.
    await local.remove(copy, mine.sha256)
    round.wrote(copy, null)
    if (took.conflict) return round.skip(path, CHANGED_MEANWHILE)
    return round.refuse(path, theirs.memory, `conflict not resolved: ${took.reason}`, mine.sha256)
  }
  round.wrote(path, theirs.content)
  round.link(path, theirs.memory)
  round.conflict({
    path,
    copy,
    kind: 'kept-both',
    detail: `Both devices changed it: the store's version is at the path, this device's beside it.`
  })
  await pushCreate(round, copy, { ok: true, sha256: sha256(mine.content), content: mine.content })
  await round.changed()
}
