import Anthropic from '@anthropic-ai/sdk'
import { describe, expect, test } from 'vitest'
import { anthropicKey } from '../../memory/__tests__/kept-bytes'
import { allOf, alsoListed, listedAs } from '../../../../../e2e/fake-anthropic/memory-store-hostile'
import { SECRET_SKIP } from '../round/secrets'
import { counted, useTwoDevices } from './two-devices'

// Nothing stuck, everything reported: every outcome of a round that is not "in sync" is listed
// with its reason, once, and an idle round after it costs the list request only.

const otherClient = (url: string) =>
  new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0 })

describe('sync: nothing stuck, everything reported', () => {
  const two = useTwoDevices()

  test('a merge that holds a secret the user allowed here lands here, is listed, and is never sent', async () => {
    const { a, b, fake, storeId } = await two.start()
    await a.memory.create({ path: '/memories/n.md', content: 'l1\nl2\nl3\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    // Here: a key the user allowed on line 1 (never sent). There: line 3 changed.
    const key = anthropicKey()
    await a.memory.write({ path: '/memories/n.md', content: `${key}\nl2\nl3\n`, secrets: 'allow' })
    await b.memory.write({ path: '/memories/n.md', content: 'l1\nl2\nthree\n' })
    await b.sync.syncNow()
    const report = await a.sync.syncNow()
    expect((await a.files()).get('/memories/n.md')).toBe(`${key}\nl2\nthree\n`)
    expect(report?.skipped).toEqual([{ path: '/memories/n.md', reason: SECRET_SKIP }])
    expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(a.sync.status().skipped).toEqual(report?.skipped)
    expect(JSON.stringify(fake.memoryStores.versions(storeId))).not.toContain(key)
  })

  test('a clean merge the folder refuses (over a cap) is listed, and not fetched again', async () => {
    const { a, b, fake } = await two.start()
    const body = `l1\n${'x'.repeat(900)}\nl3\n`
    await a.memory.create({ path: '/memories/n.md', content: body })
    await a.sync.syncNow()
    await b.sync.syncNow()
    a.memory.updateLimits({ maxFileBytes: 1024 })
    await a.memory.write({ path: '/memories/n.md', content: body.replace('l1', 'L1') })
    await b.memory.write({ path: '/memories/n.md', content: `${body}${'y'.repeat(200)}\n` })
    await b.sync.syncNow()
    const report = await a.sync.syncNow()
    expect(report?.skipped).toEqual([
      { path: '/memories/n.md', reason: expect.stringMatching(/^not merged: .*per-file cap/) }
    ])
    expect(a.sync.status().skipped).toEqual(report?.skipped)
    // Listed again on the next rounds, at the cost of the list only.
    expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(a.sync.status().skipped).toEqual(report?.skipped)
    // Room made (the cap raised): an edit here merges at once.
    a.memory.updateLimits({ maxFileBytes: 100_000 })
    await a.memory.write({ path: '/memories/n.md', content: body.replace('l1', 'one') })
    expect(await a.sync.syncNow()).toMatchObject({ skipped: [] })
    expect((await a.files()).get('/memories/n.md')).toBe(
      `${body.replace('l1', 'one')}${'y'.repeat(200)}\n`
    )
  })

  test('a path conflict is listed once, and the refused create is not retried every round', async () => {
    const { a, fake, storeId } = await two.start()
    // Another client made `/x` a memory; here `x` is a folder with a file in it.
    await otherClient(fake.url).beta.memoryStores.memories.create(storeId, {
      path: '/x',
      content: 'file'
    })
    await a.memory.create({ path: '/memories/x/y.md', content: 'mine' })
    await a.memory.create({ path: '/memories/x/z.md', content: 'mine too' })
    await a.sync.syncNow()
    const listed = a.sync.status()
    expect(
      listed.conflicts
        .filter((c) => c.kind === 'path')
        .map((c) => c.path)
        .sort()
    ).toEqual(['/memories/x/y.md', '/memories/x/z.md'])
    expect(listed.skipped.map((s) => s.path).sort()).toEqual([
      '/memories/x',
      '/memories/x/y.md',
      '/memories/x/z.md'
    ])
    for (let i = 0; i < 4; i += 1)
      expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(a.sync.status().conflicts).toHaveLength(2)
    expect(a.sync.status().skipped).toEqual(listed.skipped)
  })

  test('memories whose names the folder refuses are listed once and not downloaded again', async () => {
    const { a, fake, storeId } = await two.start()
    const other = otherClient(fake.url).beta.memoryStores.memories
    const key = anthropicKey()
    for (const path of ['/con.md', '/a:b.md', `/notes-${key}.md`, '/fine.md'])
      await other.create(storeId, { path, content: 'x' })
    const first = await a.sync.syncNow()
    expect([...(await a.files()).keys()]).toEqual(['/memories/fine.md'])
    expect(first?.skipped).toHaveLength(3)
    expect(JSON.stringify(a.sync.status())).not.toContain(key)
    expect(await counted(fake, () => a.sync.syncNow())).toEqual({ total: 1, list: 1 })
    expect(a.sync.status().skipped).toEqual(first?.skipped)
  })

  test('a memory the store lists but cannot be read is not a deletion: the file here stays', async () => {
    const { a, fake } = await two.start()
    await a.memory.create({ path: '/memories/keep.md', content: 'precious' })
    await a.memory.create({ path: '/memories/also.md', content: 'also' })
    await a.sync.syncNow()
    // The store now lists keep.md with a size no memory has, and an item with no id or path.
    fake.memoryStores.tamper(
      allOf(
        listedAs('/keep.md', (m) => ({ ...m, content_size_bytes: 5_000_000_000 })),
        alsoListed({ type: 'memory' })
      )
    )
    await a.memory.delete('/memories/also.md')
    const report = await a.sync.syncNow()
    expect((await a.files()).get('/memories/keep.md')).toBe('precious')
    expect(report?.skipped.map((s) => s.path)).toContain('/memories/keep.md')
    // A delete made here still goes there: the store deletes that version by id, under its hash.
    expect(report?.deleted).toBe(1)
    fake.memoryStores.tamper(null)
    expect(await a.sync.syncNow()).toMatchObject({ deleted: 0, skipped: [] })
    expect([...(await a.files()).keys()]).toEqual(['/memories/keep.md'])
  })

  test('a kept-both conflict is seen on both devices, and answering it on one clears the other', async () => {
    const { a, b } = await two.start()
    await a.memory.create({ path: '/memories/plan.md', content: 'v1\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    await a.memory.write({ path: '/memories/plan.md', content: 'laptop\n' })
    await b.memory.write({ path: '/memories/plan.md', content: 'desktop\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect(b.sync.status().conflicts).toMatchObject([
      { kind: 'kept-both', path: '/memories/plan.md', copy: '/memories/plan (from desktop).md' }
    ])
    await a.sync.syncNow()
    expect(a.sync.status().conflicts).toMatchObject([
      {
        kind: 'kept-both',
        path: '/memories/plan.md',
        copy: '/memories/plan (from desktop).md',
        from: 'desktop'
      }
    ])
    // The laptop keeps the desktop's version: it replaces the path, the copy goes.
    await a.sync.resolve({ path: '/memories/plan.md', keep: 'mine' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect(b.sync.status().conflicts).toEqual([])
    expect(await b.files()).toEqual(new Map([['/memories/plan.md', 'desktop\n']]))
    expect(await a.files()).toEqual(await b.files())
  })

  test('under "ask before every change", a merge and a kept-both copy wait for approval', async () => {
    const { a, device } = await two.start()
    const c = await device('careful', {
      approvalMode: () => 'ask-all' as const
    })
    await a.memory.create({ path: '/memories/m.md', content: 'l1\nl2\nl3\n' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    await c.sync.approveWaiting()
    expect((await c.files()).get('/memories/m.md')).toBe('l1\nl2\nl3\n')

    await a.memory.write({ path: '/memories/m.md', content: 'l1\nl2\nthree\n' })
    await c.memory.write({ path: '/memories/m.md', content: 'one\nl2\nl3\n' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/m.md', command: 'str_replace' }])
    expect((await c.files()).get('/memories/m.md')).toBe('one\nl2\nl3\n')
    await c.sync.approveWaiting()
    expect((await c.files()).get('/memories/m.md')).toBe('one\nl2\nthree\n')
  })
})

describe('sync: a device name with an emoji', () => {
  const two = useTwoDevices()

  test('kept copies get a name the folder accepts, and the conflict is listed and resolvable', async () => {
    const { a, device } = await two.start()
    const b = await device('Laptop \u{1F4BB}\uFE0F')
    await a.memory.create({ path: '/memories/plan.md', content: 'v1\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    await a.memory.write({ path: '/memories/plan.md', content: 'from a\n' })
    await b.memory.write({ path: '/memories/plan.md', content: 'from b\n' })
    await a.sync.syncNow()
    const report = await b.sync.syncNow()
    expect(report?.skipped).toEqual([])
    expect(b.sync.status().conflicts).toMatchObject([
      {
        kind: 'kept-both',
        path: '/memories/plan.md',
        copy: '/memories/plan (from Laptop \u{1F4BB}).md'
      }
    ])
    await b.sync.resolve({ path: '/memories/plan.md', keep: 'mine' })
    await b.sync.syncNow()
    await a.sync.syncNow()
    expect(await a.files()).toEqual(new Map([['/memories/plan.md', 'from b\n']]))
    expect(await b.files()).toEqual(await a.files())
  })
})
