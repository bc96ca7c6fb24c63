import { access, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryChange, MemoryStore } from '../..'
import { expectCairnError } from '../../../__tests__/helpers'
import { CLAUDE, manualClock, runner, useMemory } from '../../__tests__/helpers'

// The labels the cap messages point at, as Settings shows them (read as text: the renderer's
// FIELD_LABELS is outside this project's files).
const FIELD_LABELS = {
  maxFileBytes: 'Max file size',
  maxTotalBytes: 'Max folder size'
}

const mem = useMemory()
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false
  )
let store: MemoryStore
const { ok } = runner(() => store)

describe('inspector methods', () => {
  it('list: every file and folder (hidden too) with index data, pins, caps and expiry', async () => {
    const time = manualClock(Date.parse('2025-01-01T00:00:00Z'))
    store = await mem.open({
      clock: time.clock,
      limits: { maxFileBytes: 1024 },
      expiry: { mode: 'idle', days: 10, action: 'archive', pinned: ['pinned/**'] }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await ok({ command: 'create', path: '/memories/pinned/p.md', file_text: 'p' })
    await writeFile(join(mem.root(), '.hidden'), 'x'.repeat(2000))
    await store.refresh()
    const { entries, total, nextCursor } = await store.list()
    expect(total).toBe(4)
    expect(nextCursor).toBeUndefined()
    expect(entries.map((entry) => [entry.path, entry.kind])).toEqual([
      ['/memories/.hidden', 'file'],
      ['/memories/a.md', 'file'],
      ['/memories/pinned', 'dir'],
      ['/memories/pinned/p.md', 'file']
    ])
    expect(entries[0]).toMatchObject({ overCap: true, lastActor: { kind: 'external' } })
    expect(entries[1]).toMatchObject({
      size: 1,
      created: time.now,
      modified: time.now,
      accessed: time.now,
      lastActor: CLAUDE,
      overCap: false,
      pinned: false,
      expiresAt: time.now + 10 * 24 * 60 * 60 * 1000
    })
    expect(entries[3]).toMatchObject({ pinned: true })
    expect(entries[3]?.expiresAt).toBeUndefined()
    expect((await store.list({ path: '/memories/pinned' })).entries.map((e) => e.path)).toEqual([
      '/memories/pinned/p.md'
    ])
    await expectCairnError(store.list({ path: '/memories/nope' }), 'MEMORY_NOT_FOUND')
    await expectCairnError(store.list({ path: '/etc' }), 'MEMORY_REFUSED')
  })

  it('read returns text, size, hash and the cap flag, and counts as an access', async () => {
    const time = manualClock()
    store = await mem.open({
      clock: time.clock,
      expiry: { mode: 'idle', days: 1, action: 'delete' }
    })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'hello' })
    time.advance(20 * 60 * 60 * 1000)
    const file = await store.read('/memories/a.md')
    expect(file).toMatchObject({
      path: '/memories/a.md',
      content: 'hello',
      size: 5,
      overCap: false
    })
    expect(file.hash).toMatch(/^[0-9a-f]{64}$/)
    time.advance(20 * 60 * 60 * 1000)
    expect((await store.sweep()).expired).toEqual([])
    await expectCairnError(store.read('/memories/missing.md'), 'MEMORY_NOT_FOUND')
    await expectCairnError(store.read('/memories'), 'MEMORY_NOT_FOUND')
  })

  it('write creates or replaces and is logged as the user', async () => {
    store = await mem.open({ limits: { maxFileBytes: 4096 } })
    const result = await store.write({ path: '/memories/new/deep.md', content: 'x'.repeat(2000) })
    expect(result.paths).toEqual(['/memories/new/deep.md'])
    expect(result.usage).toMatchObject({ files: 1, totalBytes: 2000, overCapFiles: [] })
    await store.write({ path: '/memories/new/deep.md', content: 'short' })
    expect(await readFile(join(mem.root(), 'new/deep.md'), 'utf8')).toBe('short')
    const log = await store.activity({ actor: 'user' })
    expect(
      log.entries.map((entry) => [entry.command, entry.bytesBefore, entry.bytesAfter])
    ).toEqual([
      ['write', 2000, 5],
      ['write', null, 2000]
    ])
    await expectCairnError(store.write({ path: '/memories', content: 'x' }), 'MEMORY_REFUSED')
    await expectCairnError(store.write({ path: '/memories/../x', content: 'x' }), 'MEMORY_REFUSED')
    await expectCairnError(
      store.write({ path: '/memories/gone.md', content: 'x', expectedHash: 'abc' }),
      'MEMORY_CONFLICT'
    )
  })

  it('cap messages name settings that exist', async () => {
    const labels = await readFile('src/renderer/src/features/settings/field-labels.ts', 'utf8')
    for (const [name, label] of Object.entries(FIELD_LABELS)) {
      expect(labels).toContain(`${name}: '${label}'`)
    }
    const card = await readFile('src/renderer/src/features/settings/memory-fields.tsx', 'utf8')
    expect(card).toContain('title="Memory limits"')
  })

  it("caps the user's writes too, naming the cap and the setting that raises it", async () => {
    store = await mem.open({ limits: { maxFileBytes: 1024, maxTotalBytes: 10 * 1024 } })
    const big = await expectCairnError(
      store.write({ path: '/memories/big.md', content: 'x'.repeat(2000) }),
      'MEMORY_CAP'
    )
    expect(big.detail).toBe(
      `Cannot save /memories/big.md: it would be 2,000 bytes (2.0K), over the per-file cap of 1,024 bytes (1.0K). Shorten it, or raise "${FIELD_LABELS.maxFileBytes}" in Settings → Memory limits.`
    )
    await expectCairnError(
      store.create({ path: '/memories/big.md', content: 'x'.repeat(2000) }),
      'MEMORY_CAP'
    )
    expect(await exists(join(mem.root(), 'big.md'))).toBe(false)
    for (let i = 0; i < 10; i++) {
      await store.write({ path: `/memories/f${i}.md`, content: 'y'.repeat(1000) })
    }
    const total = await expectCairnError(
      store.write({ path: '/memories/one-more.md', content: 'z'.repeat(500) }),
      'MEMORY_CAP'
    )
    expect(total.detail).toContain('over the total cap of 10,240 bytes (10.0K)')
    expect(total.detail).toContain(
      `raise "${FIELD_LABELS.maxTotalBytes}" in Settings → Memory limits`
    )
    // A file made large outside Cairn can still be shortened.
    await writeFile(join(mem.root(), 'f0.md'), 'w'.repeat(3000))
    await store.write({ path: '/memories/f0.md', content: 'w'.repeat(2500) })
    expect(await readFile(join(mem.root(), 'f0.md'), 'utf8')).toHaveLength(2500)
  })

  it('create makes a file or a folder and never replaces', async () => {
    store = await mem.open()
    await store.create({ path: '/memories/f.md', content: 'f' })
    await store.create({ path: '/memories/folder/inner', content: '', kind: 'dir' })
    expect((await stat(join(mem.root(), 'folder/inner'))).isDirectory()).toBe(true)
    await expectCairnError(store.create({ path: '/memories/f.md', content: 'g' }), 'MEMORY_EXISTS')
    await expectCairnError(
      store.create({ path: '/memories/folder', content: '', kind: 'dir' }),
      'MEMORY_EXISTS'
    )
    const error = await expectCairnError(
      store.create({ path: '/memories/f.md/x', content: '' }),
      'MEMORY_REFUSED'
    )
    expect(error.detail).toBe(
      'Cannot create /memories/f.md/x: /memories/f.md is a file, not a folder.'
    )
    expect(
      (await store.activity({ actor: 'user' })).entries.map((entry) => [
        entry.command,
        entry.outcome
      ])
    ).toEqual([
      ['create', 'error'],
      ['mkdir', 'error'],
      ['create', 'error'],
      ['mkdir', 'ok'],
      ['create', 'ok']
    ])
  })

  it('rename and delete work like the commands and report usage', async () => {
    store = await mem.open()
    await store.create({ path: '/memories/a.md', content: 'abc' })
    const renamed = await store.rename({ from: '/memories/a.md', to: '/memories/dir/b.md' })
    expect(renamed.paths).toEqual(['/memories/a.md', '/memories/dir/b.md'])
    await expectCairnError(
      store.rename({ from: '/memories/', to: '/memories/x' }),
      'MEMORY_REFUSED'
    )
    await expectCairnError(
      store.rename({ from: '/memories/nope', to: '/memories/x' }),
      'MEMORY_NOT_FOUND'
    )
    const deleted = await store.delete('/memories/dir')
    expect(deleted.usage).toMatchObject({ files: 0, totalBytes: 0 })
    await expectCairnError(store.delete('/memories//'), 'MEMORY_REFUSED')
  })

  it('usage reports counts, limits and fractions', async () => {
    store = await mem.open({ limits: { maxFiles: 10, maxTotalBytes: 10 * 1024 } })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'x'.repeat(1024) })
    expect(await store.usage()).toEqual({
      files: 1,
      totalBytes: 1024,
      limits: {
        maxFileBytes: 256 * 1024,
        maxTotalBytes: 10 * 1024,
        maxFiles: 10,
        maxReadChars: 40_000
      },
      fraction: { files: 0.1, totalBytes: 0.1 },
      overCapFiles: []
    })
  })

  it('tells listeners what changed and who changed it', async () => {
    store = await mem.open()
    const changes: MemoryChange[] = []
    const stop = store.onChange((change) => changes.push(change))
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await ok({ command: 'view', path: '/memories/a.md' })
    await store.delete('/memories/a.md')
    stop()
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    expect(changes.map(({ paths, actor }) => ({ paths, actor }))).toEqual([
      { paths: ['/memories/a.md'], actor: CLAUDE },
      { paths: ['/memories/a.md'], actor: { kind: 'user' } }
    ])
    // Each change carries usage afterwards (for the memory:changed event).
    expect(changes.map((change) => change.usage?.files)).toEqual([1, 0])
  })
})

describe('inspector input', () => {
  // Shapes are checked once, by the IPC registry (registry.test.ts, "memory inputs"); what the
  // engine must refuse whoever asks is checked here.
  it('answers an out-of-range activity query or preview with BAD_INPUT', async () => {
    store = await mem.open()
    await expectCairnError(store.activity({ limit: 0 }), 'BAD_INPUT')
    await expectCairnError(store.expiryPreview(-1), 'BAD_INPUT')
  })
})

describe('lifecycle', () => {
  it('after dispose, execute answers an error result and inspector calls fail with MEMORY_CLOSED', async () => {
    store = await mem.open()
    await store.dispose()
    await store.dispose()
    const result = await store.execute({ command: 'view', path: '/memories' }, CLAUDE)
    expect(result).toEqual({
      content: 'Error: The memory store is closed; the app is shutting down.',
      isError: true
    })
    await expectCairnError(store.list(), 'MEMORY_CLOSED')
  })

  it('finishes queued work before dispose resolves', async () => {
    store = await mem.open()
    const pending = store.execute(
      { command: 'create', path: '/memories/a.md', file_text: 'a' },
      CLAUDE
    )
    await store.dispose()
    expect((await pending).isError).toBe(false)
    expect(await readFile(join(mem.root(), 'a.md'), 'utf8')).toBe('a')
  })

  it('refuses a state folder inside the memory folder, and relative paths', async () => {
    await mkdir(mem.root(), { recursive: true })
    await expect(mem.open({ stateDir: join(mem.root(), 'state') })).rejects.toMatchObject({
      code: 'BAD_INPUT'
    })
    await expect(mem.open({ stateDir: mem.temp() })).rejects.toMatchObject({ code: 'BAD_INPUT' })
    await expect(mem.open({ root: 'relative/memories' })).rejects.toMatchObject({
      code: 'BAD_INPUT'
    })
  })

  it('never rejects execute, whatever the actor or input', async () => {
    store = await mem.open()
    const weird = [undefined, {}, { kind: 'claude' }, { kind: 'robot' }, 'user']
    for (const actor of weird) {
      const result = await store.execute({ command: 'view', path: '/memories' }, actor as never)
      expect(result).toEqual({
        content: 'Error: The memory tool was called without a valid actor.',
        isError: true
      })
    }
  })
})
