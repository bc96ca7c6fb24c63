import { randomBytes } from 'node:crypto'
import { basename } from 'node:path'
import type { ImportPreview, ImportPreviewItem, ImportResult } from '@shared/memory/backup'
import { MEMORY_ROOT } from '@shared/memory/memory'
import type { ImportedVersion, ImportFile, MemoryService } from '../memory/service'
import { readArchiveFile } from './archive-io'
import type { Archive, ExportedSettings, Limits } from './format'

// Import: the archive is read and checked whole (format.ts) before anything else happens; the
// preview says, per file, what would change; only on the user's confirm does the memory engine
// write, through its one write path (engine/import-calls.ts). Settings are applied only when the
// user ticks the box.

export interface ImportDeps {
  memory: MemoryService
  settings: () => ExportedSettings
  applySettings: (settings: ExportedSettings) => Promise<void>
  /** What an archive may hold (LIMITS unless a test passes smaller ones). */
  limits?: Limits
}

interface Pending {
  archive: Archive
  name: string
  preview: ImportPreview
  /** What each changed file held at the preview: the import writes it only if it still does. */
  hashes: Map<string, string>
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
const displayOf = (rel: string): string => `${MEMORY_ROOT}/${rel}`

export function createImporter(deps: ImportDeps) {
  // One archive at a time: a new preview replaces the last one (its token no longer works).
  let pending: Pending | null = null

  async function preview(file: string): Promise<ImportPreview> {
    const archive = await readArchiveFile(file, deps.limits)
    const { manifest } = archive
    const texts = new Map<string, string | null>()
    for (const [rel, bytes] of archive.files) texts.set(rel, textOf(bytes))
    const check = await deps.memory.importPreview(
      manifest.files.map((f) => ({ path: displayOf(f.path), sha256: f.sha256 })),
      versionsOf(archive)
    )
    const sizes = new Map(manifest.files.map((f) => [displayOf(f.path), f.size]))
    const items: ImportPreviewItem[] = check.items.map((item) => {
      const size = sizes.get(item.path) ?? 0
      const rel = item.path.slice(MEMORY_ROOT.length + 1)
      if (item.status !== 'refused' && texts.get(rel) === null)
        return { path: item.path, status: 'refused', size, reason: 'it is not UTF-8 text' }
      return {
        path: item.path,
        status: item.status,
        size,
        ...(item.reason ? { reason: item.reason } : {})
      }
    })
    const counts = { new: 0, changed: 0, same: 0, refused: 0 }
    for (const item of items) counts[item.status] += 1
    const result: ImportPreview = {
      token: randomBytes(12).toString('hex'),
      name: basename(file),
      createdAt: manifest.createdAt,
      items,
      counts,
      historyVersions: check.newVersions,
      settings: manifest.settings,
      settingsDiffer: JSON.stringify(manifest.settings) !== JSON.stringify(deps.settings())
    }
    const hashes = new Map(check.items.flatMap((i) => (i.hash ? [[i.path, i.hash] as const] : [])))
    pending = { archive, name: basename(file), preview: result, hashes }
    return result
  }

  async function apply(
    token: string,
    applySettings: boolean,
    onProgress?: (done: number, total: number) => void
  ): Promise<ImportResult> {
    if (!pending || pending.preview.token !== token) throw new StaleImport()
    const { archive, name, preview: shown, hashes } = pending
    pending = null
    const files: ImportFile[] = shown.items.flatMap((item) => {
      if (item.status !== 'new' && item.status !== 'changed') return []
      const bytes = archive.files.get(item.path.slice(MEMORY_ROOT.length + 1))
      if (!bytes) return []
      return [
        {
          path: item.path,
          content: bytes.toString('utf8'),
          expect: item.status === 'new' ? null : (hashes.get(item.path) ?? null)
        }
      ]
    })
    const outcome = await deps.memory.importFiles(files, versionsOf(archive), name, onProgress)
    if (applySettings) await deps.applySettings(archive.manifest.settings)
    return { ...outcome, settingsApplied: applySettings }
  }

  return { preview, apply }
}

function textOf(bytes: Buffer): string | null {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return null
  }
}

function versionsOf(archive: Archive): ImportedVersion[] {
  return archive.manifest.history.flatMap((item) =>
    item.versions.map((version) => ({
      path: displayOf(item.path),
      hash: version.sha256,
      size: version.size,
      bytes: archive.versions.get(version.sha256) ?? null
    }))
  )
}

export class StaleImport extends Error {
  override readonly name = 'StaleImport'
  constructor() {
    super('That import preview is no longer current; choose the file again.')
  }
}
