import type {
  ActivityActor,
  ActivityCommand,
  ActivityEntry,
  MemoryEntry,
  MemoryUsage
} from '@shared/memory/memory'
import type { HistoryVersion, RevertInput } from '@shared/memory/history'
import type { ArchiveCandidate, CapImpactInput } from '@shared/memory/caps'
import { CairnError } from '@shared/errors'

/** A stand-in for sha256: 64 hex digits from eight FNV-1a rounds (content-addressed enough). */
export function fakeHash(text: string): string {
  let out = ''
  for (let round = 0; round < 8; round++) {
    let h = (0x811c9dc5 ^ round) >>> 0
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
    out += h.toString(16).padStart(8, '0')
  }
  return out
}

export interface FakeChange {
  actor: ActivityActor
  command: ActivityCommand
  path: string
  /** The new text; null deletes the file. */
  text: string | null
  /** For a rename: where the file was. */
  from?: string
  revertOf?: number
  time?: string
}

/** The fake's secret guard knows one kind: AWS-style access keys (the engine knows many). */
const FAKE_SECRET = /AKIA[A-Z0-9]{16}/g

function fakeFindings(path: string, text: string) {
  return text.split('\n').flatMap((line, i) =>
    [...line.matchAll(FAKE_SECRET)].map((m) => ({
      path,
      line: i + 1,
      column: (m.index ?? 0) + 1,
      kind: 'AWS access key'
    }))
  )
}

/** An in-memory memory folder for renderer tests: just enough of the engine's answers. */
export function createFakeMemory(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial))
  /** The activity log, newest first; tests push entries. */
  const activity: ActivityEntry[] = []
  /** Version texts by hash, and each path's versions, newest first (the engine's history). */
  const blobs = new Map<string, string>()
  const history = new Map<string, HistoryVersion[]>()
  const hashOf = fakeHash
  const keep = (text: string | null): string | null => {
    if (text === null) return null
    blobs.set(fakeHash(text), text)
    return fakeHash(text)
  }
  /** Makes a change as the engine would: the file, an activity entry with versions, history. */
  const change = (c: FakeChange): ActivityEntry => {
    const old = files.get(c.from ?? c.path) ?? null
    const before = keep(old)
    const after = keep(c.text)
    if (c.from) files.delete(c.from)
    if (c.text === null) files.delete(c.path)
    else files.set(c.path, c.text)
    const seq = (activity[0]?.seq ?? 0) + 1
    const time = c.time ?? new Date().toISOString()
    const entry: ActivityEntry = {
      seq,
      time,
      actor: c.actor,
      command: c.command,
      paths: c.from ? [c.from, c.path] : [c.path],
      bytesBefore: old === null ? null : old.length,
      bytesAfter: c.text === null ? null : c.text.length,
      outcome: 'ok',
      message: '',
      versions: [
        {
          path: c.path,
          ...(c.from ? { from: c.from } : {}),
          before,
          after,
          sizeBefore: old === null ? null : old.length,
          sizeAfter: c.text === null ? null : c.text.length
        }
      ],
      ...(c.revertOf ? { revertOf: c.revertOf } : {})
    }
    activity.unshift(entry)
    const version: HistoryVersion = {
      seq,
      time,
      actor: c.actor,
      command: c.command,
      path: c.path,
      ...(c.from ? { from: c.from } : {}),
      hash: after,
      size: c.text === null ? null : c.text.length,
      before,
      stored: true,
      ...(c.revertOf ? { revertOf: c.revertOf } : {})
    }
    history.set(c.path, [version, ...(history.get(c.path) ?? [])])
    return entry
  }
  const USER: ActivityActor = { kind: 'user' }
  /** The caps in force (tests may lower them). */
  const limits = {
    maxFileBytes: 262_144,
    maxTotalBytes: 16_777_216,
    maxFiles: 2000,
    maxReadChars: 100_000
  }
  const usage = (): MemoryUsage => {
    const totalBytes = [...files.values()].reduce((sum, text) => sum + text.length, 0)
    return {
      files: files.size,
      totalBytes,
      limits,
      fraction: {
        files: files.size / limits.maxFiles,
        totalBytes: totalBytes / limits.maxTotalBytes
      },
      overCapFiles: [...files.keys()].filter(
        (path) => (files.get(path)?.length ?? 0) > limits.maxFileBytes
      )
    }
  }
  /** Files as archive candidates: a path's position stands in for when it was last used. */
  const candidates = (): ArchiveCandidate[] =>
    [...files.keys()].sort().map((path, i) => ({
      path,
      size: files.get(path)?.length ?? 0,
      lastUsed: Date.UTC(2025, 0, 1) + i * 86_400_000,
      pinned: false
    }))
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
    'memory:write': (input: {
      path: string
      content: string
      expectedHash?: string
      secrets?: 'check' | 'allow' | 'redact'
    }) => {
      const current = files.get(input.path)
      const found = fakeFindings(input.path, input.content)
      if (found.length && (input.secrets ?? 'check') === 'check')
        throw new CairnError(
          'MEMORY_SECRET',
          `Not saved: the text contains an AWS access key (line ${found[0]?.line}). Memory files are sent to Claude whenever it reads them. Remove it, or choose Redact and save or Save anyway.`
        )
      if (input.secrets === 'redact')
        input = {
          ...input,
          content: input.content.replace(FAKE_SECRET, '[redacted: AWS access key]')
        }
      if (input.expectedHash && current !== undefined && hashOf(current) !== input.expectedHash)
        throw new CairnError('MEMORY_CONFLICT', `${input.path} changed since you opened it.`)
      if (input.content.length > usage().limits.maxFileBytes)
        throw new CairnError(
          'MEMORY_CAP',
          `Cannot save ${input.path}: it is over the per-file cap. Shorten it, or raise "Max file size" in Settings → Memory limits.`
        )
      change({ actor: USER, command: 'write', path: input.path, text: input.content })
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
    'memory:archive-list': () => [],
    'memory:cap-impact': (input?: CapImpactInput) => {
      const current = usage()
      const checked = { ...limits, ...input }
      const all = candidates()
      return {
        files: current.files,
        totalBytes: current.totalBytes,
        limits: {
          maxFileBytes: checked.maxFileBytes,
          maxTotalBytes: checked.maxTotalBytes,
          maxFiles: checked.maxFiles
        },
        overFileCap: all.filter((c) => c.size > checked.maxFileBytes).length,
        largest: [...all].sort((a, b) => b.size - a.size || a.path.localeCompare(b.path)),
        oldest: all
      }
    },
    'memory:archive': ({ paths }: { paths: string[] }) => {
      for (const path of paths) need(path)
      for (const path of paths) change({ actor: USER, command: 'archive', path, text: null })
      return mutation(paths)
    },
    'memory:history': ({ path }: { path: string }) => history.get(path) ?? [],
    'memory:scan-secrets': () => {
      const findings = [...files].flatMap(([path, text]) => fakeFindings(path, text))
      return { findings, truncated: false, scannedFiles: files.size, skipped: [] }
    },
    'memory:version-text': ({ hash }: { hash: string }) => {
      const text = blobs.get(hash)
      if (text === undefined)
        throw new CairnError('MEMORY_NOT_FOUND', 'History has no such version.')
      return { text }
    },
    'memory:revert': ({ seq, overwrite }: RevertInput) => {
      const entry = activity.find((e) => e.seq === seq)
      const v = entry?.versions?.[0]
      if (!entry || !v) throw new CairnError('MEMORY_NOT_FOUND', `No change #${seq} to undo.`)
      const current = files.get(v.path) ?? null
      const currentHash = current === null ? null : fakeHash(current)
      const agreed = overwrite?.some((o) => o.path === v.path && o.hash === currentHash)
      if (currentHash !== v.after && !agreed)
        return {
          status: 'conflict',
          path: v.path,
          message: `${v.path} changed since; nothing was undone.`,
          expected: v.after === null ? null : (blobs.get(v.after) ?? null),
          current,
          change: v.from
            ? 'move'
            : v.before === null
              ? 'create'
              : v.after === null
                ? 'delete'
                : 'edit',
          ...(v.from ? {} : { currentHash })
        }
      const text = v.before === null ? null : (blobs.get(v.before) ?? '')
      if (v.from) {
        files.delete(v.path)
        change({ actor: USER, command: 'revert', path: v.from, text, revertOf: seq })
      } else change({ actor: USER, command: 'revert', path: v.path, text, revertOf: seq })
      return { status: 'reverted', seq, paths: [v.path], usage: usage() }
    }
  }
  return { files, activity, handlers, change, history, blobs, limits }
}
