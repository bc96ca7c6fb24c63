import { MEMORY_ROOT } from '@shared/memory'

/**
 * Pinned patterns: `*` and `?` stay within one name, `**` spans folders. A pattern without a `/`
 * matches a name at any depth (`*.md`); otherwise, or when it starts with `/` or `/memories/`, it
 * matches the path from the root (`projects/**`, `/memories/keep.md`). A folder match pins
 * everything inside it.
 */
export function compileGlobs(patterns: readonly string[]): (rel: string) => boolean {
  const tests = patterns.map(compileOne)
  return (rel) => tests.some((test) => test(rel))
}

function compileOne(pattern: string): (rel: string) => boolean {
  let body = pattern.trim()
  const anchored = body.startsWith('/')
  if (body === MEMORY_ROOT || body === `${MEMORY_ROOT}/`) body = '**'
  else if (body.startsWith(`${MEMORY_ROOT}/`)) body = body.slice(MEMORY_ROOT.length + 1)
  else if (anchored) body = body.slice(1)
  if (body.endsWith('/')) body += '**'
  const anyDepth = !anchored && !body.includes('/')
  const regex = new RegExp(`^${toRegex(body)}$`, 'u')
  return (rel) => {
    const parts = rel.split('/')
    if (anyDepth) return parts.some((part) => regex.test(part))
    // The path itself or any folder containing it.
    for (let end = parts.length; end > 0; end--) {
      if (regex.test(parts.slice(0, end).join('/'))) return true
    }
    return false
  }
}

function toRegex(glob: string): string {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string
    if (char === '*') {
      if (glob[i + 1] === '*') {
        i++
        if (glob[i + 1] === '/') {
          i++
          out += '(?:.*/)?'
        } else {
          out += '.*'
        }
      } else {
        out += '[^/]*'
      }
    } else if (char === '?') {
      out += '[^/]'
    } else {
      out += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
    }
  }
  return out
}
