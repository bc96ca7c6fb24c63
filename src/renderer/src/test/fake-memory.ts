import type { ActivityEntry, MemoryEntry, MemoryUsage } from '@shared/memory'
import { CairnError } from '@shared/errors'

/** An in-memory memory folder for renderer tests: just enough of the engine's answers. */
export function createFakeMemory(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial))
  /** The activity log, newest first; tests push entries. */
  const activity: ActivityEntry[] = []
  const hashOf = (text: string) =>
    `h${text.length}-${[...text].reduce((a, c) => a + c.charCodeAt(0), 0)}`
  const usage = (): MemoryUsage => {
    const totalBytes = [...files.values()].reduce((sum, text) => sum + text.length, 0)
    const limits = {
      maxFileBytes: 262_144,
      maxTotalBytes: 16_777_216,
      maxFiles: 2000,
      maxReadChars: 100_000
    }
    return {
      files: files.size,
      totalBytes,
      limits,
      fraction: {
        files: files.size / limits.maxFiles,
        totalBytes: totalBytes / limits.maxTotalBytes
      },
      overCapFiles: []
    }
  }
  const mutation = (paths: string[]) => ({ paths, usage: usage() })
  const need = (path: string) => {
    const text = files.get(path)
    if (text === undefined) throw new CairnError('MEMORY_NOT_FOUND', `${path} does not exist.`)
    return text
  }
  const handlers = {
    'memory:list': (input?: { cursor?: string; limit?: number }) => {
      const all: MemoryEntry[] = [...files.keys()].sort().map((path) => ({
        path,
        kind: 'file',
        size: files.get(path)?.length ?? 0,
        modified: Date.now() - 60_000,
        accessed: Date.now() - 3_600_000,
        overCap: false,
        pinned: false,
        ...(path.includes('old') ? { expiresAt: Date.now() + 3 * 86_400_000 } : {})
      }))
      const start = input?.cursor ? all.findIndex((entry) => entry.path > input.cursor!) : 0
      const from = start < 0 ? all.length : start
      const entries = all.slice(from, from + (input?.limit ?? 500))
      const last = entries[entries.length - 1]
      const more = from + entries.length < all.length
      return { entries, total: all.length, ...(more && last ? { nextCursor: last.path } : {}) }
    },
    'memory:usage': usage,
    'memory:read': ({ path }: { path: string }) => {
      const content = need(path)
      return { path, content, size: content.length, hash: hashOf(content), overCap: false }
    },
    'memory:write': (input: { path: string; content: string; expectedHash?: string }) => {
      const current = files.get(input.path)
      if (input.expectedHash && current !== undefined && hashOf(current) !== input.expectedHash)
        throw new CairnError('MEMORY_CONFLICT', `${input.path} changed since you opened it.`)
      if (input.content.length > usage().limits.maxFileBytes)
        throw new CairnError(
          'MEMORY_CAP',
          `Cannot save ${input.path}: it is over the per-file cap. Shorten it, or raise "Max file size (bytes)" in Settings → Memory limits.`
        )
      files.set(input.path, input.content)
      return mutation([input.path])
    },
    'memory:create': (input: { path: string; content: string }) => {
      files.set(input.path, input.content)
      return mutation([input.path])
    },
    'memory:rename': ({ from, to }: { from: string; to: string }) => {
      files.set(to, need(from))
      files.delete(from)
      return mutation([from, to])
    },
    'memory:delete': ({ path }: { path: string }) => {
      need(path)
      files.delete(path)
      return mutation([path])
    },
    'memory:activity': () => ({ entries: activity, total: activity.length }),
    'memory:expiry-preview': () => [],
    'memory:archive-list': () => []
  }
  return { files, activity, handlers }
}
