import { MEMORY_ROOT } from '@shared/memory/memory'
import { compileGlobs } from '../core/glob'

// Pins are patterns in the settings (expiry.pinned); the inspector's Pin button writes a file's
// exact path. A rename or move must not silently unpin: the patterns follow what moved.

/** A path as the inspector's Pin button writes it (see renderer memory-paths exactPattern). */
export function exactPattern(rel: string): string {
  return rel.replace(/[*?[\]{}!\\]/g, '\\$&')
}

/** The path a wildcard-free pattern names (relative to the root), else undefined. */
function literalPath(pattern: string): { rel: string; anyDepth: boolean } | undefined {
  let body = pattern.trim()
  const anchored = body.startsWith('/')
  if (body.startsWith(`${MEMORY_ROOT}/`)) body = body.slice(MEMORY_ROOT.length + 1)
  else if (anchored) body = body.slice(1)
  body = body.replace(/\/+$/, '')
  if (body === '' || /[*?\\]/.test(body)) return undefined
  return { rel: body, anyDepth: !anchored && !body.includes('/') }
}

/**
 * The pinned patterns after `from` moved to `to` (`moved`: each file's old and new path), or
 * undefined when they need no change. An exact pattern naming what moved is rewritten to the new
 * path (unless it is a bare name that still pins other files); anything else that was pinned and
 * would lose its pin (a file moved out of `projects/**`) gets an exact pattern of its own.
 * `stillThere` lists files that did not move, to check bare names against.
 */
export function pinsAfterMove(
  patterns: readonly string[],
  from: string,
  to: string,
  moved: ReadonlyArray<readonly [string, string]>,
  stillThere: () => Iterable<string>
): string[] | undefined {
  if (patterns.length === 0) return undefined
  const before = compileGlobs(patterns)
  const next = patterns.map((pattern) => {
    const literal = literalPath(pattern)
    if (!literal) return pattern
    const { rel, anyDepth } = literal
    if (rel !== from && !rel.startsWith(`${from}/`)) return pattern
    if (anyDepth) {
      const single = compileGlobs([pattern])
      for (const other of stillThere()) if (single(other)) return pattern
    }
    return exactPattern(to + rel.slice(from.length))
  })
  const add = (rel: string) => {
    const pattern = exactPattern(rel)
    if (!next.includes(pattern)) next.push(pattern)
  }
  // A pinned folder moved whole stays pinned as a folder, not file by file.
  if (before(from) && !compileGlobs(next)(to)) add(to)
  const after = compileGlobs(next)
  for (const [oldRel, newRel] of moved) if (before(oldRel) && !after(newRel)) add(newRel)
  const unique = [...new Set(next)]
  const same = unique.length === patterns.length && unique.every((p, i) => p === patterns[i])
  return same ? undefined : unique
}
