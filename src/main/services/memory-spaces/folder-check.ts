import { posix, win32 } from 'node:path'

// Which folders may become a memory space. A project's memory sits in a folder the user picked,
// and Cairn confines a space to its folder; two spaces that overlap would see each other's notes
// (and one watcher would report the other's writes as outside edits), so overlap is refused.

export interface FolderCheckContext {
  platform: NodeJS.Platform
  home: string
  /** Cairn's data folder (settings, conversations, the default space). */
  dataDir: string
  /** The folders spaces already use: each one's picked folder and its memory folder. */
  taken: ReadonlyArray<{ name: string; folders: readonly string[] }>
}

export type FolderCheck = { ok: true } | { ok: false; reason: string }

/** Folders that hold the system: never a space, nor anything inside them. */
const POSIX_SYSTEM_TREES = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib64',
  '/proc',
  '/sbin'
].concat(['/sys', '/usr', '/System', '/Library', '/Applications', '/private/etc'])
/** Folders too wide to be one project's: refused themselves, fine to pick inside. */
const POSIX_TOO_WIDE = [
  '/',
  '/home',
  '/Users',
  '/var',
  '/tmp',
  '/opt',
  '/mnt',
  '/media',
  '/Volumes'
]
const WINDOWS_SYSTEM_TREES = ['Windows', 'Program Files', 'Program Files (x86)', 'ProgramData']

/**
 * Whether `folder` (absolute, symlinks resolved by the caller) may be a new space's folder;
 * if not, why, in words the user can act on.
 */
export function checkSpaceFolder(folder: string, context: FolderCheckContext): FolderCheck {
  const path = context.platform === 'win32' ? win32 : posix
  if (!path.isAbsolute(folder)) return refuse('Pick a folder by its full path.')
  const target = path.resolve(folder)
  const inside = (parent: string) => isInside(path, parent, target)
  const same = (other: string) => samePath(path, other, target)
  const systemTrees =
    context.platform === 'win32'
      ? WINDOWS_SYSTEM_TREES.map((name) => path.join(path.parse(target).root, name))
      : POSIX_SYSTEM_TREES
  const tooWide = context.platform === 'win32' ? [path.parse(target).root] : POSIX_TOO_WIDE
  if (systemTrees.some((tree) => same(tree) || inside(tree)))
    return refuse('This is a system folder. Pick a folder of your own, such as a project folder.')
  if (tooWide.some(same) || same(context.home))
    return refuse('This folder holds far more than one project. Pick the project folder inside it.')
  if (same(context.dataDir) || inside(context.dataDir) || isInside(path, target, context.dataDir))
    return refuse(
      "This is Cairn's own data folder (or holds it). Pick a folder outside it; the memory without a project already lives there."
    )
  for (const space of context.taken) {
    for (const other of space.folders) {
      if (same(other) || inside(other))
        return refuse(`This folder is inside the memory of "${space.name}". Pick another folder.`)
      if (isInside(path, target, other))
        return refuse(
          `This folder holds the memory of "${space.name}". Pick a folder beside it, not above it.`
        )
    }
  }
  return { ok: true }
}

function refuse(reason: string): FolderCheck {
  return { ok: false, reason }
}

type PathApi = typeof posix
/** `child` is strictly inside `parent`. */
function isInside(path: PathApi, parent: string, child: string): boolean {
  const rel = path.relative(path.resolve(parent), path.resolve(child))
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
}

function samePath(path: PathApi, a: string, b: string): boolean {
  const rel = path.relative(path.resolve(a), path.resolve(b))
  return rel === ''
}
