import { describe, expect, test } from 'vitest'
import { counted, useTwoDevices } from './two-devices'

describe('sync through a Memory Store: two devices, real engines, the fake store', () => {
  const two = useTwoDevices()

  test('create, edit, rename and delete travel both ways', async () => {
    const { a, b, fake, storeId } = await two.start()
    await a.memory.create({ path: '/memories/notes/todo.md', content: 'buy milk\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    expect(await b.files()).toEqual(new Map([['/memories/notes/todo.md', 'buy milk\n']]))

    await b.memory.write({ path: '/memories/notes/todo.md', content: 'buy milk\nand bread\n' })
    await b.sync.syncNow()
    await a.sync.syncNow()
    expect((await a.memory.read('/memories/notes/todo.md')).content).toBe('buy milk\nand bread\n')

    await a.memory.rename({ from: '/memories/notes/todo.md', to: '/memories/todo.md' })
    const renamed = await counted(fake, () => a.sync.syncNow())
    expect(renamed).toMatchObject({ list: 1, update: 1, total: 2 })
    const before = fake.memoryStores.memories(storeId)
    expect(before.map((m) => m.path)).toEqual(['/todo.md'])
    await b.sync.syncNow()
    expect([...(await b.files()).keys()]).toEqual(['/memories/todo.md'])
    // The memory kept its id: a rename is an update of its path.
    expect(
      fake.memoryStores.versions(storeId).filter((v) => v.operation === 'created')
    ).toHaveLength(1)

    await b.memory.delete('/memories/todo.md')
    await b.sync.syncNow()
    await a.sync.syncNow()
    expect(await a.files()).toEqual(new Map())
    expect(fake.memoryStores.memories(storeId)).toEqual([])

    // What came from the other device says so in the activity.
    const page = await a.memory.activity({})
    expect(page.entries.some((e) => e.actor.kind === 'external' && 'device' in e.actor)).toBe(true)
  })

  test('both changed the same lines: both versions are kept, nothing lost', async () => {
    const { a, b } = await two.start()
    await a.memory.create({ path: '/memories/plan.md', content: 'one\ntwo\nthree\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    await a.memory.write({ path: '/memories/plan.md', content: 'one\nTWO from laptop\nthree\n' })
    await b.memory.write({ path: '/memories/plan.md', content: 'one\ntwo from desktop\nthree\n' })
    await a.sync.syncNow()
    const report = await b.sync.syncNow()
    expect(report?.conflicts).toMatchObject([{ kind: 'kept-both', path: '/memories/plan.md' }])
    await a.sync.syncNow()
    const onA = await a.files()
    const onB = await b.files()
    expect(onA).toEqual(onB)
    // The store's version (the laptop's, sent first) stays at the path; the desktop's own version
    // is kept beside it under the desktop's name, on both devices.
    expect(onB.get('/memories/plan.md')).toBe('one\nTWO from laptop\nthree\n')
    expect(onB.get('/memories/plan (from desktop).md')).toBe('one\ntwo from desktop\nthree\n')
    expect(b.sync.status().conflicts).toMatchObject([
      { kind: 'kept-both', path: '/memories/plan.md', copy: '/memories/plan (from desktop).md' }
    ])
  })

  test('both changed different lines: merged cleanly from the common base', async () => {
    const { a, b } = await two.start()
    await a.memory.create({ path: '/memories/m.md', content: 'a\nb\nc\nd\ne\n' })
    await a.sync.syncNow()
    await b.sync.syncNow()
    await a.memory.write({ path: '/memories/m.md', content: 'A\nb\nc\nd\ne\n' })
    await b.memory.write({ path: '/memories/m.md', content: 'a\nb\nc\nd\nE\n' })
    await a.sync.syncNow()
    const report = await b.sync.syncNow()
    expect(report?.conflicts).toMatchObject([{ kind: 'merged' }])
    await a.sync.syncNow()
    expect((await a.files()).get('/memories/m.md')).toBe('A\nb\nc\nd\nE\n')
    expect(await a.files()).toEqual(await b.files())
  })

  test('an unchanged folder syncs with list pages only; 1,000 files cost one request each', async () => {
    const { a, b, fake } = await two.start()
    for (let i = 0; i < 1000; i += 1)
      await a.memory.create({
        path: `/memories/f/${String(i).padStart(4, '0')}.md`,
        content: `file ${i}\n`
      })
    const push = await counted(fake, () => a.sync.syncNow())
    const pull = await counted(fake, () => b.sync.syncNow())
    const idleA = await counted(fake, () => a.sync.syncNow())
    const idleB = await counted(fake, () => b.sync.syncNow())
    for (let i = 0; i < 10; i += 1)
      await a.memory.write({
        path: `/memories/f/${String(i * 7).padStart(4, '0')}.md`,
        content: `changed ${i}\n`
      })
    const tenA = await counted(fake, () => a.sync.syncNow())
    const tenB = await counted(fake, () => b.sync.syncNow())
    console.log('sync request counts', { push, pull, idleA, idleB, tenA, tenB })
    // list pages of 100: 1 (empty store) then 10.
    expect(push).toEqual({ total: 1001, list: 1, create: 1000 })
    expect(pull).toEqual({ total: 1010, list: 10, retrieve: 1000 })
    expect(idleA).toEqual({ total: 10, list: 10 })
    expect(idleB).toEqual({ total: 10, list: 10 })
    expect(tenA).toEqual({ total: 20, list: 10, update: 10 })
    expect(tenB).toEqual({ total: 20, list: 10, retrieve: 10 })
    expect((await b.files()).size).toBe(1000)
  }, 120_000)
})
