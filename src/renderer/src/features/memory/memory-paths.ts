import { MEMORY_ROOT } from '@shared/memory/memory'

/** "/memories/notes/a.md" → "notes/a.md": the form pinned patterns are written in. */
export function relativePath(path: string): string {
  return path === MEMORY_ROOT ? '' : path.replace(/^\/memories\//, '')
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** How deep under /memories an entry sits (0 for a top-level file). */
export function depthOf(path: string): number {
  return relativePath(path).split('/').length - 1
}

/** A file name as an exact glob: glob characters are escaped so only this file matches. */
export function exactPattern(path: string): string {
  return relativePath(path).replace(/[*?[\]{}!\\]/g, '\\$&')
}

/** Turns what someone typed ("ideas.md", "/memories/ideas.md") into a memory path. */
export function toMemoryPath(typed: string): string {
  const trimmed = typed.trim().replace(/^\/+/, '')
  return trimmed.startsWith('memories/') ? `/${trimmed}` : `${MEMORY_ROOT}/${trimmed}`
}
