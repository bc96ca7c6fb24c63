import type { VersionRef } from '@shared/memory/memory'
import { createForUser, writeForUser } from '../inspector/user-ops'
import { inParent, notFound, readIn } from '../kernel/files'
import { bigFiles } from '../jail/big-file'
import { bytesHoldSecret } from '../secret-guard'
import { ToolError } from '../core/tool-error'
import type { ImportCheck, ImportedVersion, ImportFile, ImportOutcome } from '../service'
import { USER, type Engine } from './engine'
import { inspect } from './inspect-calls'
import { catchUp } from './outside-calls'
import { append, record, tracked } from './record'

// Export and import (Settings → Sync and backups). An import is the user's change: every file goes
// through the user's write (caps, the secret guard, a fold-collision check), all of them inside one
// history `tracked` run, so the whole import is ONE activity entry and one undo. A file that moved
// on since the preview, or that a cap or the guard refuses, is skipped with the reason, never
// written over. An archive's earlier versions join history in an entry of their own before it.

/** A file's bytes for an export, read through the jail; no access is marked (expiry clocks stay). */
export function readForExport(e: Engine, raw: string): Promise<Buffer | null> {
  return inspect(e, async () => {
    const path = e.path(raw)
    const missing = () => notFound(path)
    const read = await inParent(e.ctx(USER, false), path, missing, (dir) =>
      readIn(dir, path, missing, bigFiles.wholeBytes)
    )
    return read.complete ? Buffer.from(read.bytes) : null
  })
}

export function historyPaths(e: Engine): Promise<string[]> {
  return inspect(e, async () => e.parts.history?.paths() ?? [])
}

export function importPreview(
  e: Engine,
  files: ReadonlyArray<{ path: string; sha256: string }>,
  versions: readonly ImportedVersion[]
): Promise<ImportCheck> {
  return inspect(e, async () => {
    const items: ImportCheck['items'] = []
    const readable: string[] = []
    for (const file of files) {
      try {
        readable.push(e.path(file.path).display)
      } catch (error) {
        items.push({ path: file.path, status: 'refused', reason: reasonOf(e, error) })
      }
    }
    await catchUp(e, readable)
    const want = new Map(files.map((file) => [file.path, file.sha256]))
    for (const display of readable) {
      const known = e.parts.index.get(e.path(display).rel)
      const status = !known ? 'new' : known.hash === want.get(display) ? 'same' : 'changed'
      items.push({ path: display, status, ...(known ? { hash: known.hash } : {}) })
    }
    items.sort((a, b) => a.path.localeCompare(b.path))
    return { items, newVersions: freshVersions(e, versions).length }
  })
}

export function importFiles(
  e: Engine,
  files: readonly ImportFile[],
  versions: readonly ImportedVersion[],
  label: string,
  onProgress?: (done: number, total: number) => void
): Promise<ImportOutcome> {
  return inspect(e, async () => {
    const skipped: ImportOutcome['skipped'] = []
    const targets = files.flatMap((file) => {
      try {
        return [{ ...file, at: e.path(file.path) }]
      } catch (error) {
        skipped.push({ path: file.path, reason: reasonOf(e, error) })
        return []
      }
    })
    const displays = targets.map((target) => target.at.display)
    await catchUp(e, displays)
    // Earlier versions first, so a file's history reads: the import, then what the archive had.
    const historyVersions = await adoptVersions(e, versions)
    let bytesBefore = 0
    let bytesAfter = 0
    const [written, refs] = await tracked(
      e,
      e.userGuarded(e.ctx(USER, false), undefined),
      displays,
      'plain',
      async (ctx) => {
        const done: string[] = []
        // A path refused up front counts as done: the count runs over every file asked for.
        let count = files.length - targets.length
        onProgress?.(count, files.length)
        for (const target of targets) {
          try {
            const did =
              target.expect === null
                ? await createForUser(ctx, target.at, target.content, 'file')
                : await writeForUser(ctx, target.at, target.content, target.expect)
            bytesBefore += did.bytesBefore ?? 0
            bytesAfter += did.bytesAfter ?? 0
            done.push(target.at.display)
          } catch (error) {
            skipped.push({ path: target.at.display, reason: reasonOf(e, error) })
          }
          onProgress?.(++count, files.length)
        }
        return done
      }
    )
    if (!written.length) return { imported: [], skipped, historyVersions, seq: null }
    const n = written.length
    const entry = await record(
      e,
      USER,
      'import',
      { paths: written, bytesBefore, bytesAfter, content: '' },
      { content: `Imported ${n} ${n === 1 ? 'file' : 'files'} from ${label}`, isError: false },
      written,
      refs
    )
    return { imported: written, skipped, historyVersions, seq: entry?.seq ?? null }
  })
}

/** Versions of the archive local history does not list for their path, nor the file holds now. */
function freshVersions(e: Engine, versions: readonly ImportedVersion[]): ImportedVersion[] {
  const history = e.parts.history
  if (!history) return []
  const known = new Map<string, Set<string>>()
  return versions.filter((version) => {
    let display: string
    try {
      display = e.path(version.path).display
    } catch {
      return false
    }
    let hashes = known.get(display)
    if (!hashes) {
      hashes = new Set(history.list(display).flatMap((v) => (v.hash ? [v.hash] : [])))
      const current = e.parts.index.get(e.path(display).rel)?.hash
      if (current) hashes.add(current)
      known.set(display, hashes)
    }
    if (hashes.has(version.hash)) return false
    hashes.add(version.hash)
    return true
  })
}

/**
 * Adds the archive's earlier versions to history as one `import-history` entry: per path a chain
 * of versions, oldest first. A version holding a secret in any reading of its bytes (UTF-8, or
 * UTF-16/32 as a byte-order mark or NULs say) is left out, as the guard keeps secrets out of
 * memory. Answers how many versions were added.
 */
async function adoptVersions(e: Engine, versions: readonly ImportedVersion[]): Promise<number> {
  const history = e.parts.history
  if (!history) return 0
  const clean: ImportedVersion[] = []
  for (const version of freshVersions(e, versions)) {
    if (version.bytes && (await bytesHoldSecret(version.bytes))) continue
    clean.push(version)
  }
  if (!clean.length) return 0
  const held = await history.adopt(
    clean.flatMap((v) => (v.bytes ? [{ hash: v.hash, bytes: v.bytes }] : []))
  )
  const refs: VersionRef[] = []
  const last = new Map<string, { hash: string; size: number }>()
  for (const version of clean) {
    const path = e.path(version.path).display
    const before = last.get(path)
    refs.push({
      path,
      before: before?.hash ?? null,
      after: version.hash,
      sizeBefore: before?.size ?? null,
      sizeAfter: version.size,
      ...(held.has(version.hash) ? {} : { unstored: ['after' as const] })
    })
    last.set(path, { hash: version.hash, size: version.size })
  }
  const n = refs.length
  await append(e, {
    actor: USER,
    command: 'import-history',
    paths: [...last.keys()],
    bytesBefore: null,
    bytesAfter: null,
    outcome: 'ok',
    message: `Added ${n} earlier ${n === 1 ? 'version' : 'versions'} of ${last.size} ${last.size === 1 ? 'file' : 'files'} to history from an import`,
    versions: refs
  })
  return n
}

function reasonOf(e: Engine, error: unknown): string {
  if (error instanceof ToolError) return e.scrub(error.message.replace(/^Error: /, ''))
  e.warn('memory import of one file failed', error)
  return 'it could not be written (the memory folder refused it)'
}
