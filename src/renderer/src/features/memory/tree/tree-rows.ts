import { MEMORY_ROOT, type MemoryEntry } from '@shared/memory/memory'
import { compareNames } from '@shared/memory/names'

/*
 * The memory folder as the rows a file tree shows: folders first, then files, each in natural
 * order ("topic-2" before "topic-10"), the rows under a collapsed folder left out. Main lists
 * pages in plain name order, so a later page may hold a folder's parent or a sibling that sorts
 * earlier here: folders a page only implies (by a file's path) get a row of their own.
 */

export interface TreeRow {
  path: string
  name: string
  kind: 'file' | 'dir'
  /** What main said about it; null for a folder only implied by what it holds. */
  entry: MemoryEntry | null
  /** aria-level: 1 for what sits in the memory folder itself. */
  level: number
  /** aria-setsize / aria-posinset among its siblings. */
  setSize: number
  posInSet: number
  /** The folder it sits in, null at the top. */
  parent: string | null
  /** Folders only: shown open (its rows follow) or closed. */
  expanded: boolean
  /** Folders only: how many entries it holds, directly. */
  childCount: number
}

interface Node {
  path: string
  name: string
  kind: 'file' | 'dir'
  entry: MemoryEntry | null
  children: Node[]
}

function parentOf(path: string): string {
  const at = path.lastIndexOf('/')
  return at <= 0 ? MEMORY_ROOT : path.slice(0, at)
}

/** The folder as nested nodes, each folder's children sorted; built once per listing. */
export function buildTree(entries: readonly MemoryEntry[]): Node[] {
  const nodes = new Map<string, Node>()
  const root: Node = { path: MEMORY_ROOT, name: '', kind: 'dir', entry: null, children: [] }
  nodes.set(MEMORY_ROOT, root)
  const place = (path: string, entry: MemoryEntry | null, kind: 'file' | 'dir'): Node => {
    const known = nodes.get(path)
    if (known) {
      if (entry) {
        known.entry = entry
        known.kind = kind
      }
      return known
    }
    const node: Node = {
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
      kind,
      entry,
      children: []
    }
    nodes.set(path, node)
    const parent = path.startsWith(`${MEMORY_ROOT}/`) ? parentOf(path) : MEMORY_ROOT
    place(parent, null, 'dir').children.push(node)
    return node
  }
  for (const entry of entries) if (entry.path !== MEMORY_ROOT) place(entry.path, entry, entry.kind)
  const sort = (node: Node): void => {
    node.children.sort((a, b) =>
      a.kind === b.kind ? compareNames(a.name, b.name) : a.kind === 'dir' ? -1 : 1
    )
    for (const child of node.children) if (child.children.length) sort(child)
  }
  sort(root)
  return root.children
}

/** The rows shown: depth-first, nothing under a collapsed folder. */
export function visibleRows(top: readonly Node[], collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = []
  const walk = (nodes: readonly Node[], level: number, parent: string | null): void => {
    nodes.forEach((node, at) => {
      const expanded = node.kind === 'dir' && !collapsed.has(node.path)
      rows.push({
        path: node.path,
        name: node.name,
        kind: node.kind,
        entry: node.entry,
        level,
        setSize: nodes.length,
        posInSet: at + 1,
        parent,
        expanded,
        childCount: node.children.length
      })
      if (expanded && node.children.length) walk(node.children, level + 1, node.path)
    })
  }
  walk(top, 1, null)
  return rows
}

/** The folders above `path` (nearest last), for opening the way to a file. */
export function ancestorsOf(path: string): string[] {
  const out: string[] = []
  for (let at = parentOf(path); at !== MEMORY_ROOT && at.length > 0; at = parentOf(at))
    out.unshift(at)
  return out
}

/**
 * Type-ahead: the next row (after `from`, wrapping) whose name starts with `typed`. A repeated
 * single letter steps through the names with that letter, as file managers do.
 */
export function findByPrefix(rows: readonly TreeRow[], typed: string, from: number): number {
  if (!typed || rows.length === 0) return -1
  const same = [...typed].every((c) => c === typed[0])
  const prefix = (same && typed.length > 1 ? typed[0]! : typed).toLocaleLowerCase()
  // A longer word keeps the current row when it still matches; a new letter moves on.
  const start = typed.length > 1 && !same ? from : from + 1
  for (let step = 0; step < rows.length; step++) {
    const at = (((start + step) % rows.length) + rows.length) % rows.length
    if (rows[at]!.name.toLocaleLowerCase().startsWith(prefix)) return at
  }
  return -1
}
