import * as crypto from 'node:crypto'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FreshReads } from '../kernel/fresh-reads'
import { foldKey } from '../kernel/names'
import { SafeFs } from '../jail/safe-fs'
import type { Dir } from '../jail/fs-base'
import { runner, useMemory } from './helpers'

// A write does its work once: the file an edit changes is read and hashed once (its catch-up's
// bytes are handed on), the text written is hashed once, and a rename in one folder syncs it once.

const mem = useMemory()
const require = createRequire(import.meta.url)
const fsCjs = require('node:fs') as typeof import('node:fs')
const cryptoCjs = require('node:crypto') as typeof crypto

const BIG = 5 * 1000 * 1000
const LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 }

function bigText(): string {
  const line = 'The quick brown fox jumps over the lazy dog; memory line\n'
  const middle = Math.floor(BIG / line.length / 2)
  return Array.from({ length: Math.ceil(BIG / line.length) }, (_, n) =>
    n === middle ? '@@tok 0@@\n' : line
  ).join('')
}

/** Patches a built-in's function for the ES modules that import it too; undone after each test. */
const undo: Array<() => void> = []
function patch<T extends object, K extends keyof T>(target: T, key: K, make: (orig: T[K]) => T[K]) {
  const orig = target[key]
  target[key] = make(orig)
  syncBuiltinESMExports()
  undo.push(() => {
    target[key] = orig
    syncBuiltinESMExports()
  })
}
afterEach(() => {
  for (const restore of undo.splice(0).reverse()) restore()
  vi.restoreAllMocks()
})

describe('a write does its work once', () => {
  it('an edit of a 5 MB file reads it from disk once and hashes the text before and after once each', async () => {
    await mem.mkroot()
    const text = bigText()
    const size = Buffer.byteLength(text)
    await writeFile(join(mem.root(), 'big.md'), text)
    const store = await mem.open({ limits: LIMITS })
    const claude = runner(() => store)
    // Warm: the first edit keeps the version Cairn never saw in history.
    await claude.ok({ command: 'view', path: '/memories/big.md', view_range: [1, 2] })
    let bytesRead = 0
    patch(fsCjs, 'read', (orig) => {
      return ((...args: unknown[]) => {
        const done = args.at(-1) as (error: unknown, n: number, buffer: Buffer) => void
        return (orig as (...a: unknown[]) => void)(
          ...args.slice(0, -1),
          (error: unknown, n: number, buffer: Buffer) => {
            bytesRead += n ?? 0
            done(error, n, buffer)
          }
        )
      }) as typeof fsCjs.read
    })
    let bigHashes = 0
    patch(cryptoCjs, 'createHash', (orig) => {
      return ((...args: Parameters<typeof crypto.createHash>) => {
        const hash = orig(...args)
        const update = hash.update.bind(hash)
        let hashed = 0
        hash.update = ((data: string | Buffer) => {
          hashed += data.length
          if (hashed >= size && hashed - data.length < size) bigHashes += 1
          return update(data)
        }) as typeof hash.update
        return hash
      }) as typeof crypto.createHash
    })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/big.md',
      old_str: '@@tok 0@@',
      new_str: '@@tok 1@@'
    })
    expect(bytesRead).toBeGreaterThanOrEqual(size)
    expect(bytesRead).toBeLessThan(2 * size)
    expect(bigHashes).toBe(2)
    expect((await store.read('/memories/big.md')).hash).toBe(
      crypto.createHash('sha256').update(text.replace('@@tok 0@@', '@@tok 1@@')).digest('hex')
    )
  })

  it('a rename within one folder syncs that folder once', async () => {
    const store = await mem.open()
    const claude = runner(() => store)
    await claude.ok({ command: 'create', path: '/memories/notes/a.md', file_text: 'a note' })
    const synced: string[] = []
    const openDir = SafeFs.prototype.openDir
    vi.spyOn(SafeFs.prototype, 'openDir').mockImplementation(async function (
      this: SafeFs,
      segments: readonly string[],
      create?: boolean
    ): Promise<Dir> {
      const dir = await openDir.call(this, segments, create)
      return {
        ...dir,
        at: dir.at,
        sync: () => {
          synced.push(segments.join('/'))
          return dir.sync()
        }
      }
    })
    await claude.ok({
      command: 'rename',
      old_path: '/memories/notes/a.md',
      new_path: '/memories/notes/b.md'
    })
    expect(synced).toEqual(['notes'])
    await claude.ok({
      command: 'rename',
      old_path: '/memories/notes/b.md',
      new_path: '/memories/c.md'
    })
    expect(synced.slice(1).sort()).toEqual(['', 'notes'])
  })
})

describe('FreshReads', () => {
  const read = (
    over: Partial<{ ino: number; size: number; mtimeMs: number; ctimeMs: number }> = {}
  ) => ({
    bytes: Buffer.from('text'),
    complete: true,
    size: 4,
    mtimeMs: 10,
    ctimeMs: 11,
    ino: 7,
    hash: 'h',
    ...over
  })

  it('hands a read on once, and only while the file keeps the stat it was read under', () => {
    const fresh = new FreshReads()
    fresh.remember('a.md', read())
    expect(fresh.take('a.md', read())?.hash).toBe('h')
    expect(fresh.take('a.md', read())).toBeUndefined()
    for (const changed of [{ ino: 8 }, { size: 5 }, { mtimeMs: 12 }, { ctimeMs: 12 }]) {
      fresh.remember('a.md', read())
      expect(fresh.take('a.md', read(changed))).toBeUndefined()
    }
  })

  it('keeps no partial or unhashed read, and clear drops what is held', () => {
    const fresh = new FreshReads()
    fresh.remember('a.md', { ...read(), complete: false })
    fresh.remember('b.md', { ...read(), hash: undefined })
    fresh.remember('c.md', read())
    fresh.clear()
    for (const rel of ['a.md', 'b.md', 'c.md']) expect(fresh.take(rel, read())).toBeUndefined()
  })
})

describe('foldKey', () => {
  it('folds every ASCII character as the full fold does', () => {
    const full = (name: string) =>
      name
        .normalize('NFKC')
        .toUpperCase()
        .toLowerCase()
        .normalize('NFKC')
        .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('')
    expect(foldKey(ascii)).toBe(full(ascii))
    expect(foldKey('Notes-2025.MD')).toBe('notes-2025.md')
    expect(foldKey('ＮＯＴＥＳ.md')).toBe('notes.md')
  })
})
