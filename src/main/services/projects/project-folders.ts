import { randomBytes } from 'node:crypto'
import { lstat, readdir, realpath, rm, rmdir, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { checkSpaceFolder, type FolderCheck } from '../memory-spaces/folder-check'
import { SPACES_STATE_FOLDER_NAME, type SpaceDescriptor } from '../memory-spaces/space-list'

// Where a project's memory lives, which folders may hold it, and the files a delete may touch.

/** Inside a folder the user picked, the memory sits here (a folder they can commit or sync). */
export const PROJECT_MEMORY_SUBFOLDER = ['.cairn', 'memories'] as const

/** A space id from the name: its slug and a short random suffix, e.g. `client-site-3f9a2c`. */
export function newProjectId(name: string, suffix = randomBytes(3).toString('hex')): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return `${slug || 'project'}-${suffix}`
}

/** A project's folders: memory, and the engine's state (always in Cairn's data folder). */
export function projectFolders(
  dataDir: string,
  id: string,
  picked: string | null
): Pick<SpaceDescriptor, 'root' | 'folder' | 'stateDir'> {
  const own = join(dataDir, SPACES_STATE_FOLDER_NAME, id)
  const folder = picked ? join(picked, ...PROJECT_MEMORY_SUBFOLDER) : join(own, 'memories')
  return { root: picked ?? folder, folder, stateDir: join(own, 'state') }
}

/** The folder the user picked for a space (null: its memory is in Cairn's data folder). */
export function pickedFolderOf(space: SpaceDescriptor): string | null {
  return space.root === space.folder ? null : space.root
}

export type CheckedFolder = { ok: true; folder: string } | { ok: false; reason: string }

/**
 * Whether a folder the user picked may hold a new project's memory: it exists, is a folder, and
 * (symlinks resolved) is no system folder, not Cairn's data and overlaps no other space.
 */
export async function checkProjectFolder(
  picked: string,
  context: {
    dataDir: string
    spaces: readonly SpaceDescriptor[]
    nameOf: (space: SpaceDescriptor) => string
    platform?: NodeJS.Platform
    home?: string
  }
): Promise<CheckedFolder> {
  if (!isAbsolute(picked)) return { ok: false, reason: 'Pick a folder by its full path.' }
  let folder: string
  try {
    folder = await realpath(picked)
    if (!(await stat(folder)).isDirectory())
      return { ok: false, reason: 'This is a file. Pick a folder.' }
  } catch {
    return { ok: false, reason: 'This folder does not exist (any more). Pick another one.' }
  }
  const real = (path: string) => realpath(path).catch(() => resolve(path))
  const check: FolderCheck = checkSpaceFolder(folder, {
    platform: context.platform ?? process.platform,
    home: await real(context.home ?? homedir()),
    dataDir: await real(context.dataDir),
    taken: await Promise.all(
      context.spaces
        .filter((space) => space.id !== DEFAULT_SPACE_ID)
        .map(async (space) => ({
          name: context.nameOf(space),
          folders: [await real(space.root), await real(space.folder)]
        }))
    )
  })
  return check.ok ? { ok: true, folder } : check
}

/**
 * Every file in a memory folder, relative to it, sorted. Symlinks are listed as entries (a delete
 * removes the link, never what it points at) and never followed into.
 */
export async function listMemoryFiles(memoryFolder: string): Promise<string[]> {
  const found: string[] = []
  async function walk(dir: string): Promise<void> {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path)
      else found.push(relative(memoryFolder, path).split(sep).join('/'))
    }
  }
  await walk(memoryFolder)
  return found.sort()
}

/**
 * Deletes the listed files (relative to `memoryFolder`) and then the folders they leave empty,
 * up to and including `memoryFolder` and, at most, `upTo`. Nothing that was not listed is
 * removed: a file added since the listing keeps its folder too.
 */
export async function deleteListedFiles(
  memoryFolder: string,
  files: readonly string[],
  upTo: string
): Promise<void> {
  const folders = new Set<string>()
  const realRoot = await realpath(memoryFolder).catch(() => null)
  if (realRoot === null) return
  for (const file of files) {
    const target = resolve(memoryFolder, file)
    if (!isStrictlyInside(memoryFolder, target)) continue
    // A folder on the way that became a link since the listing points elsewhere: never followed.
    const parent = await realpath(dirname(target)).catch(() => null)
    if (parent === null || (parent !== realRoot && !isStrictlyInside(realRoot, parent))) continue
    const info = await lstat(target).catch(() => null)
    // A folder where a file was listed is not what the user was shown: left alone.
    if (!info || info.isDirectory()) continue
    await rm(target, { force: true })
    for (let dir = dirname(target); isStrictlyInside(memoryFolder, dir); dir = dirname(dir))
      folders.add(dir)
  }
  // Deepest first, so a parent is tried once its children are gone.
  const ordered = [...folders].sort((a, b) => b.length - a.length)
  for (const dir of ordered) await removeIfEmpty(dir)
  for (let dir = memoryFolder; ; dir = dirname(dir)) {
    if (!(await removeIfEmpty(dir)) || dir === upTo || !isStrictlyInside(upTo, dir)) break
  }
}

async function removeIfEmpty(dir: string): Promise<boolean> {
  try {
    await rmdir(dir)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  }
}

export function isStrictlyInside(parent: string, child: string): boolean {
  const rel = relative(resolve(parent), resolve(child))
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}
