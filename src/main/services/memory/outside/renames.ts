import type { VersionRef } from '@shared/memory/memory'
import type { MemoryIndex } from '../ledger/index-store'
import { isStatKey } from '../jail/big-file'
import { displayOf } from '../jail/paths'
import type { Reconciled } from './scan'

// Another program's rename reaches the watcher as a delete and a create. Within one batch, a file
// gone and a file new with the very same bytes (sha256) are taken as one file moved (issue 36),
// so its history follows it as a rename by Cairn or Claude does (a version ref with `from`).

export type Renamed = Reconciled['renamed'][number]

/**
 * Moves each removed file whose bytes (by the index before, `before`) a new file holds now out of
 * `added`/`removed` and into `renamed`. A new file with the same name as the gone one is preferred
 * (a file moved to another folder), then the first one found. Hashes that are not content hashes
 * (a file too big to hash) never pair: equal size and time say nothing about the bytes.
 */
export function pairRenames(
  changes: Reconciled,
  before: ReadonlyMap<string, { hash: string }>,
  index: MemoryIndex
): void {
  if (!changes.added.length || !changes.removed.length) return
  const newByHash = new Map<string, string[]>()
  for (const rel of changes.added) {
    const hash = index.get(rel)?.hash
    if (!hash || isStatKey(hash)) continue
    newByHash.set(hash, [...(newByHash.get(hash) ?? []), rel])
  }
  const paired = new Set<string>()
  const removed: string[] = []
  for (const rel of changes.removed) {
    const hash = before.get(rel)?.hash
    const candidates = hash ? newByHash.get(hash) : undefined
    if (!hash || !candidates?.length) {
      removed.push(rel)
      continue
    }
    const name = baseName(rel)
    const at = Math.max(
      0,
      candidates.findIndex((to) => baseName(to) === name)
    )
    const [to] = candidates.splice(at, 1) as [string]
    changes.renamed.push({ from: rel, to })
    paired.add(to)
  }
  changes.removed = removed
  changes.added = changes.added.filter((rel) => !paired.has(rel))
}

/**
 * History's versions of a batch compare each path alone (the old path deleted, the new one
 * created); each renamed pair becomes one ref from the old path to the new, as a rename's is.
 */
export function joinRenames(versions: VersionRef[], renamed: readonly Renamed[]): VersionRef[] {
  if (!renamed.length) return versions
  const byPath = new Map(versions.map((ref) => [ref.path, ref]))
  const joined = new Map<string, VersionRef>()
  const gone = new Set<string>()
  for (const { from, to } of renamed) {
    const was = byPath.get(displayOf(from))
    const now = byPath.get(displayOf(to))
    if (!was || !now) continue
    joined.set(now.path, moved(was, now))
    gone.add(was.path)
  }
  return versions.flatMap((ref) => (gone.has(ref.path) ? [] : [joined.get(ref.path) ?? ref]))
}

/** One ref for a file moved: the gone path's before-side, the new path's after-side. */
function moved(was: VersionRef, now: VersionRef): VersionRef {
  const unstored = [
    ...(was.unstored?.includes('before') ? (['before'] as const) : []),
    ...(now.unstored?.includes('after') ? (['after'] as const) : [])
  ]
  const notKept = {
    ...(was.notKept?.before ? { before: was.notKept.before } : {}),
    ...(now.notKept?.after ? { after: now.notKept.after } : {})
  }
  return {
    path: now.path,
    from: was.path,
    before: was.before,
    after: now.after,
    sizeBefore: was.sizeBefore,
    sizeAfter: now.sizeAfter,
    ...(unstored.length ? { unstored } : {}),
    ...(notKept.before || notKept.after ? { notKept } : {})
  }
}

function baseName(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1)
}
