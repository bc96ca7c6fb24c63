import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { CrashReport } from '@shared/app/app-requests'
import { formatBytes } from '@shared/sizes'

/** Electron writes minidumps here (app.setPath('crashDumps')): inside the logs folder, never sent. */
export const CRASH_DUMPS_FOLDER = 'crash-dumps'
/** The summary names the newest few; older ones are counted. */
export const CRASH_REPORT_NEWEST = 5

interface Dump {
  name: string
  modified: Date
  size: number
}

/** Crashpad keeps dumps in completed/, pending/ and new/ under its folder; two levels suffice. */
async function findDumps(dir: string, root = dir, depth = 0): Promise<Dump[]> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const found: Dump[] = []
  for (const entry of entries) {
    const path = join(dir, entry.name)
    // Never follow a link out of the folder; a dump is a plain file.
    if (entry.isDirectory() && depth < 2) found.push(...(await findDumps(path, root, depth + 1)))
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.dmp')) {
      const info = await stat(path).catch(() => null)
      if (info) found.push({ name: relative(root, path), modified: info.mtime, size: info.size })
    }
  }
  return found
}

/** A text summary of the newest minidumps (name, time, size) with the app's version. */
export async function buildCrashReport(deps: {
  dir: string
  app: { name: string; version: string }
  platform: { os: string; arch: string }
}): Promise<CrashReport> {
  const dumps = (await findDumps(deps.dir)).sort(
    (a, b) => b.modified.getTime() - a.modified.getTime()
  )
  if (dumps.length === 0)
    return {
      count: 0,
      total: 0,
      text: `No crash reports: ${deps.app.name} has not recorded a crash in ${deps.dir}.`
    }
  const newest = dumps.slice(0, CRASH_REPORT_NEWEST)
  const lines = [
    `${deps.app.name} ${deps.app.version} crash reports (${deps.platform.os} ${deps.platform.arch})`,
    `Folder: ${deps.dir}`,
    `Newest ${newest.length} of ${dumps.length}:`,
    ...newest.map(
      (dump) =>
        `- ${dump.name}  ${dump.modified.toISOString()}  ${formatBytes(dump.size)} (${dump.size} bytes)`
    ),
    'The dump files stay on this computer; attach one to a report only if you choose to.'
  ]
  return { count: newest.length, total: dumps.length, text: lines.join('\n') }
}

/** The crash dumps of `<logs>/crash-dumps` and the report of them Settings → About shows. */
export function crashReportsIn(logsDir: string, app: { name: string; version: string }) {
  const dir = join(logsDir, CRASH_DUMPS_FOLDER)
  return {
    dir,
    build: () =>
      buildCrashReport({ dir, app, platform: { os: process.platform, arch: process.arch } })
  }
}
