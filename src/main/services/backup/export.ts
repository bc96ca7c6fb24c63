import { MEMORY_LIST_MAX, MEMORY_ROOT } from '@shared/memory/memory'
import type { MemoryService } from '../memory/service'
import { writeArchive } from './archive-io'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MANIFEST_NAME,
  sha256,
  type ExportedSettings,
  type ExportedVersion,
  type Manifest
} from './format'

// Export memory: every file the memory tool can reach as it is now, every earlier version history
// holds (texts once each, by hash), and the caps, expiry and pins, in one archive (format.ts).

export interface ExportDeps {
  memory: MemoryService
  settings: () => ExportedSettings
  app: { name: string; version: string }
  now?: () => Date
}

export interface ExportSummary {
  files: number
  versions: number
  bytes: number
  skipped: Array<{ path: string; reason: string }>
}

export type Progress = (done: number, total: number) => void

const relOf = (display: string): string => display.slice(MEMORY_ROOT.length + 1)

/** Writes the export to `dest` (atomically: a whole archive or nothing there). */
export async function exportMemory(
  deps: ExportDeps,
  dest: string,
  progress: Progress = () => undefined
): Promise<ExportSummary> {
  const paths = await listFiles(deps.memory)
  const historyPaths = await deps.memory.historyPaths()
  const total = paths.length + historyPaths.length
  let done = 0
  const step = () => progress(++done, total)
  const files = new Map<string, Buffer>()
  const skipped: ExportSummary['skipped'] = []
  for (const path of paths) {
    const bytes = await deps.memory.readForExport(path).catch(() => undefined)
    if (bytes) files.set(relOf(path), bytes)
    else
      skipped.push({
        path,
        reason: bytes === null ? 'larger than 16 MB, too large to export' : 'it could not be read'
      })
    step()
  }
  const texts = new Map<string, Buffer>()
  const history: Manifest['history'] = []
  for (const path of historyPaths) {
    const versions = await historyOf(deps.memory, path, files.get(relOf(path)), texts)
    if (versions.length) history.push({ path: relOf(path), versions })
    step()
  }
  const manifest: Manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    createdAt: (deps.now?.() ?? new Date()).toISOString(),
    app: deps.app,
    files: [...files].map(([path, bytes]) => ({
      path,
      sha256: sha256(bytes),
      size: bytes.byteLength
    })),
    history,
    settings: deps.settings()
  }
  let bytes = 0
  await writeArchive(dest, async (writer) => {
    await writer.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 1)))
    for (const [path, data] of files) {
      await writer.add(`memory/${path}`, data)
      bytes += data.byteLength
    }
    for (const [hash, data] of texts) {
      await writer.add(`history/${hash}`, data)
      bytes += data.byteLength
    }
  })
  return { files: files.size, versions: texts.size, bytes, skipped }
}

async function listFiles(memory: MemoryService): Promise<string[]> {
  const paths: string[] = []
  let cursor: string | undefined
  do {
    const page = await memory.list({
      path: MEMORY_ROOT,
      limit: MEMORY_LIST_MAX,
      ...(cursor ? { cursor } : {})
    })
    for (const entry of page.entries)
      if (entry.kind === 'file' && !entry.unreachable) paths.push(entry.path)
    cursor = page.nextCursor
  } while (cursor)
  return paths
}

/**
 * A path's earlier versions, oldest first, each once, without the text the file holds now (that
 * travels as the file). A version history knows only by hash travels as hash only.
 */
async function historyOf(
  memory: MemoryService,
  path: string,
  current: Buffer | undefined,
  texts: Map<string, Buffer>
): Promise<ExportedVersion[]> {
  const currentHash = current ? sha256(current) : null
  const seen = new Set<string>()
  const out: ExportedVersion[] = []
  const versions = await memory.history(path).catch(() => [])
  for (const version of [...versions].reverse()) {
    const hash = version.hash
    if (!hash || !/^[0-9a-f]{64}$/.test(hash) || hash === currentHash || seen.has(hash)) continue
    if (version.path !== path) continue
    seen.add(hash)
    if (version.stored && !texts.has(hash)) {
      const text = await memory.versionText(hash).catch(() => null)
      const bytes = text === null ? null : Buffer.from(text, 'utf8')
      // A version that is not UTF-8 would not come back byte for byte: it travels as hash only.
      if (bytes && sha256(bytes) === hash) texts.set(hash, bytes)
    }
    out.push({
      time: version.time,
      actor: version.actor.kind,
      command: version.command,
      sha256: hash,
      size: version.size ?? 0
    })
  }
  return out
}
