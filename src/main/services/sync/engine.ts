import { sha256, type LocalEntry, type LocalText } from './local'
import { mergeText } from './merge'
import { keptCopyPath, localPathOf, notSyncable, remotePathOf } from './paths'
import { RemoteConflict, RemoteRefused, type RemoteMemory } from './remote'
import { fetchWithoutSecrets, hasSecret, REDACTED_DETAIL, SECRET_SKIP } from './secrets'
import type { Conflict, Link } from './state'
import type { EngineDeps, RoundReport, Waiting } from './round'

// One sync round: compare the store (listed with hashes only) with the folder and the last
// synced state, then move each difference one way. Content is fetched only for what changed,
// every local change goes through the memory engine, every remote change carries a precondition.
// A round stopped half-way (offline, crash) leaves links that are true; the next round finishes
// the job by comparing hashes, so nothing is sent or created twice.

export type { EngineDeps, RoundReport, Waiting } from './round'

const CHECKPOINT_EVERY = 50

export async function syncRound(deps: EngineDeps): Promise<RoundReport> {
  const { remote, local, state } = deps
  const report: RoundReport = {
    pushed: 0,
    pulled: 0,
    deleted: 0,
    conflicts: [],
    skipped: [],
    waiting: []
  }
  const remotes = await remote.listAll()
  const files = await local.list()
  const texts = new Map<string, LocalText | null>()
  let changes = 0

  const text = async (path: string): Promise<LocalText | null> => {
    if (!texts.has(path)) texts.set(path, files.has(path) ? await local.read(path) : null)
    return texts.get(path) ?? null
  }
  /** The local hash without reading when size and mtime are as last synced. */
  const localSha = async (path: string, link?: Link): Promise<LocalText | null> => {
    const entry = files.get(path)
    if (!entry) return null
    if (link && unchanged(entry, link))
      return { ok: true, sha256: link.lastSyncedSha256, content: '' }
    return text(path)
  }
  const changed = async (): Promise<void> => {
    changes += 1
    if (changes % CHECKPOINT_EVERY === 0) await deps.checkpoint()
  }
  const link = (path: string, memory: RemoteMemory, entry?: LocalEntry): void => {
    remotes.set(memory.id, memory)
    state.links[path] = {
      memoryId: memory.id,
      lastSyncedSha256: memory.sha256,
      versionId: memory.versionId,
      ...(entry ? { size: entry.size } : {}),
      ...(entry?.modified !== undefined ? { modified: entry.modified } : {})
    }
  }
  const conflict = (c: Omit<Conflict, 'at'>): void => {
    const full = { ...c, at: deps.now() }
    report.conflicts.push(full)
    state.conflicts.push(full)
  }
  const skip = (path: string, reason: string): void => void report.skipped.push({ path, reason })
  const taken = (path: string): boolean =>
    files.has(path) || [...remotes.values()].some((r) => localPathOf(r.path) === path)

  const fetchClean = (path: string, id: string) =>
    fetchWithoutSecrets(remote, id, () =>
      conflict({ path, kind: 'redacted', detail: REDACTED_DETAIL })
    )
  const holdsSecret = async (path: string, content: string): Promise<boolean> => {
    if (!(await hasSecret(content))) return false
    skip(path, SECRET_SKIP)
    return true
  }

  /** True when this change from the store must wait for the user (it is then listed). */
  const held = (change: Waiting): boolean => {
    if (deps.mayApply?.(change) ?? true) return false
    report.waiting.push(change)
    return true
  }

  /** Fetches the remote text and writes it locally (over `current`, or as a new file). */
  const pull = async (
    path: string,
    r: RemoteMemory,
    current: LocalText | null
  ): Promise<boolean> => {
    if (state.refused[r.id]?.sha256 === r.sha256) return false
    const command = current === null || !current.ok ? 'create' : 'str_replace'
    if (held({ path, command, memoryId: r.id, sha256: r.sha256 })) return false
    const { memory, content } = await fetchClean(path, r.id)
    const applied = await local.put(path, content, current)
    if (!applied.ok) {
      if (!applied.conflict) {
        state.refused[r.id] = { sha256: memory.sha256, reason: applied.reason }
        skip(path, `not taken in: ${applied.reason}`)
      }
      return false
    }
    delete state.refused[r.id]
    link(path, memory)
    report.pulled += 1
    await changed()
    return true
  }

  /** Both sides changed: merge cleanly from the base, else keep both. Nothing is lost either way. */
  const reconcile = async (
    path: string,
    old: Link,
    mine: LocalText & { ok: true },
    r: RemoteMemory
  ) => {
    const { memory, content: theirs } = await fetchClean(path, r.id)
    const base = await local.version(old.lastSyncedSha256)
    const merged = base === null ? null : mergeText(base, mine.content, theirs)
    if (merged !== null) {
      const wrote = await local.put(path, merged, mine)
      if (!wrote.ok) return
      const updated =
        sha256(merged) === memory.sha256
          ? memory
          : await remote.update(memory.id, { content: merged }, memory.sha256)
      link(path, updated)
      conflict({
        path,
        kind: 'merged',
        detail: 'Both devices changed it; the changes were merged.'
      })
    } else {
      // Keep both, as a file-sync app does: the store's version stays at the path, this device's
      // version moves beside it under this device's name (the one name we know to be true).
      const copy = keptCopyPath(path, deps.deviceName, taken)
      const wrote = await local.put(copy, mine.content, null)
      if (!wrote.ok) return skip(path, `conflict not resolved: ${wrote.reason}`)
      files.set(copy, { size: Buffer.byteLength(mine.content) })
      const took = await local.put(path, theirs, mine)
      if (!took.ok) {
        // The path moved on again (or refused the store's text): undo the copy, try next round.
        await local.remove(copy, mine.sha256)
        files.delete(copy)
        return skip(path, `conflict not resolved: ${took.reason}`)
      }
      link(copy, await remote.create(remotePathOf(copy), mine.content))
      link(path, memory)
      conflict({
        path,
        copy,
        kind: 'kept-both',
        detail: `Both devices changed it: the store's version is at the path, this device's beside it.`
      })
    }
    report.pushed += 1
    await changed()
  }

  // 1. Renames made on the other device: the memory's id stays, its path moved.
  for (const [path, old] of Object.entries(state.links)) {
    const r = remotes.get(old.memoryId)
    if (!r || localPathOf(r.path) === path || !files.has(path)) continue
    const target = localPathOf(r.path)
    if (held({ path, command: 'rename', memoryId: r.id, sha256: r.sha256 })) continue
    delete state.links[path]
    if (files.has(target) || state.links[target]) {
      conflict({
        path,
        kind: 'path',
        detail: `Renamed to ${target} on another device, which is taken here.`
      })
      continue
    }
    const moved = await local.rename(path, target)
    if (!moved.ok) continue
    files.set(target, files.get(path) as LocalEntry)
    files.delete(path)
    if (texts.has(path)) texts.set(target, texts.get(path) ?? null)
    state.links[target] = { ...old, size: undefined, modified: undefined }
    await changed()
  }

  // 2. Renames made here: a linked file gone, an untracked file with exactly its last bytes.
  const untracked = () => [...files.keys()].filter((p) => !state.links[p])
  for (const [path, old] of Object.entries(state.links)) {
    const r = remotes.get(old.memoryId)
    if (files.has(path) || !r || r.sha256 !== old.lastSyncedSha256) continue
    for (const candidate of untracked()) {
      if (old.size !== undefined && files.get(candidate)?.size !== old.size) continue
      const t = await text(candidate)
      if (!t?.ok || t.sha256 !== old.lastSyncedSha256 || notSyncable(candidate, 0)) continue
      try {
        const updated = await remote.update(
          r.id,
          { path: remotePathOf(candidate) },
          old.lastSyncedSha256
        )
        delete state.links[path]
        remotes.set(r.id, updated)
        link(candidate, updated, files.get(candidate))
        report.pushed += 1
        await changed()
      } catch (error) {
        if (!(error instanceof RemoteConflict || error instanceof RemoteRefused)) throw error
      }
      break
    }
  }

  // 3. Linked files: each side against the last synced hash.
  for (const [path, old] of Object.entries(state.links)) {
    const r = remotes.get(old.memoryId)
    const mine = await localSha(path, old)
    if (mine && !mine.ok) {
      skip(path, mine.reason)
      continue
    }
    const entry = files.get(path)
    try {
      if (mine && r && mine.sha256 === r.sha256) {
        link(path, r, entry)
        continue
      }
      const localChanged = !mine || mine.sha256 !== old.lastSyncedSha256
      const remoteChanged = !r || r.sha256 !== old.lastSyncedSha256
      if (!localChanged && !remoteChanged) continue
      if (mine && r) {
        if (!remoteChanged) {
          const full = (await text(path)) as LocalText & { ok: true }
          const reason = notSyncable(path, Buffer.byteLength(full.content))
          if (reason) {
            skip(path, reason)
            continue
          }
          if (await holdsSecret(path, full.content)) continue
          try {
            link(
              path,
              await remote.update(r.id, { content: full.content }, old.lastSyncedSha256),
              entry
            )
            report.pushed += 1
            await changed()
            continue
          } catch (error) {
            if (!(error instanceof RemoteConflict)) throw error
          }
        }
        const current = await text(path)
        if (!localChanged && current?.ok) await pull(path, r, current)
        else if (current?.ok) await reconcile(path, old, current, r)
      } else if (!mine && r) {
        if (!remoteChanged) {
          try {
            await remote.delete(r.id, old.lastSyncedSha256)
            remotes.delete(r.id)
            delete state.links[path]
            report.deleted += 1
            await changed()
            continue
          } catch (error) {
            if (!(error instanceof RemoteConflict)) throw error
          }
        }
        // Deleted here, edited there: the edit comes back (a delete never wins over new content).
        delete state.links[path]
        if (await pull(path, r, null))
          conflict({
            path,
            kind: 'edit-vs-delete',
            detail: 'Deleted here but changed on another device: the change was kept.'
          })
      } else if (mine && !r) {
        const remove = { path, command: 'delete', memoryId: old.memoryId, sha256: '' } as const
        if (!localChanged && held(remove)) continue
        delete state.links[path]
        if (!localChanged) {
          const removed = await local.remove(path, old.lastSyncedSha256)
          if (removed.ok) {
            files.delete(path)
            report.deleted += 1
            await changed()
          }
        } else {
          const full = (await text(path)) as LocalText & { ok: true }
          if (await holdsSecret(path, full.content)) continue
          link(path, await remote.create(remotePathOf(path), full.content), entry)
          conflict({
            path,
            kind: 'edit-vs-delete',
            detail: 'Deleted on another device but changed here: the change was kept.'
          })
          report.pushed += 1
          await changed()
        }
      } else delete state.links[path]
    } catch (error) {
      if (error instanceof RemoteConflict || error instanceof RemoteRefused)
        skip(path, error.message)
      else throw error
    }
  }

  // 4. Files only here: upload, or link to the same bytes already there (a resumed round).
  const linkedIds = new Set(Object.values(state.links).map((l) => l.memoryId))
  const unlinkedByPath = new Map(
    [...remotes.values()].filter((r) => !linkedIds.has(r.id)).map((r) => [localPathOf(r.path), r])
  )
  for (const path of untracked()) {
    const entry = files.get(path) as LocalEntry
    const early = notSyncable(path, entry.size)
    if (early) {
      skip(path, early)
      continue
    }
    const mine = await text(path)
    if (!mine) continue
    if (!mine.ok) {
      skip(path, mine.reason)
      continue
    }
    const there = unlinkedByPath.get(path)
    try {
      if (there) {
        unlinkedByPath.delete(path)
        linkedIds.add(there.id)
        if (there.sha256 === mine.sha256) link(path, there, entry)
        else {
          // Made on both devices under one name: both kept, as a conflict with no common base.
          const empty = {
            memoryId: there.id,
            lastSyncedSha256: sha256('\u0000none'),
            versionId: ''
          }
          await reconcile(path, empty, mine, there)
        }
        continue
      }
      if (await holdsSecret(path, mine.content)) continue
      link(path, await remote.create(remotePathOf(path), mine.content), entry)
      report.pushed += 1
      await changed()
    } catch (error) {
      if (error instanceof RemoteConflict && error.kind === 'path')
        conflict({
          path,
          kind: 'path',
          detail: `The store has ${error.conflictingPath ?? 'another memory'} in the way.`
        })
      else if (error instanceof RemoteConflict || error instanceof RemoteRefused)
        skip(path, error.message)
      else throw error
    }
  }

  // 5. Memories only there: fetch and create here. The store's paths are case-sensitive and many
  // folders are not: a name that differs only in case from a file here is reported, not written.
  const folded = new Map([...files.keys()].map((p) => [p.toLowerCase(), p]))
  for (const [path, r] of unlinkedByPath) {
    if (files.has(path) || state.links[path]) continue
    const twin = folded.get(path.toLowerCase())
    if (twin) {
      if (!state.conflicts.some((c) => c.kind === 'path' && c.path === path && c.copy === twin))
        conflict({ path, copy: twin, kind: 'path', detail: `Differs only in case from ${twin}.` })
      skip(path, `not synced: differs only in case from ${twin}`)
      continue
    }
    try {
      if (await pull(path, r, null)) files.set(path, { size: r.size })
    } catch (error) {
      // Gone since the list (404), refused or moved on: the next round sees the store as it is.
      if (error instanceof RemoteRefused || error instanceof RemoteConflict)
        skip(path, error.message)
      else throw error
    }
  }

  let bytes = 0
  for (const r of remotes.values()) bytes += r.size
  state.storeSize = { count: remotes.size, bytes }
  state.lastSyncAt = deps.now()
  return report
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
