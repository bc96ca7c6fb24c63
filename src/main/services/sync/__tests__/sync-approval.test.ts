import { describe, expect, test } from 'vitest'
import { useTwoDevices } from './two-devices'

// Changes from another device obey the Approval setting: under "ask", they wait (listed in the
// status) until the user approves them, and only the approved versions land.

describe('pulled changes and the Approval setting', () => {
  const two = useTwoDevices()

  test('ask before changes that overwrite: an edit waits, a new file lands; approving applies it', async () => {
    const { a, device } = await two.start()
    const c = await device('cautious', {
      approvalMode: () => 'ask-destructive' as const
    })
    await a.memory.create({ path: '/memories/plan.md', content: 'v1\n' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    // A new file is not destructive: it landed at once.
    expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')

    await a.memory.write({ path: '/memories/plan.md', content: 'v2\n' })
    await a.memory.create({ path: '/memories/other.md', content: 'x' })
    await a.sync.syncNow()
    const report = await c.sync.syncNow()
    expect(report?.waiting).toMatchObject([{ path: '/memories/plan.md', command: 'str_replace' }])
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/plan.md', command: 'str_replace' }])
    expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')
    expect((await c.files()).get('/memories/other.md')).toBe('x')
    // Still waiting after another round: nothing lands by itself.
    await c.sync.syncNow()
    expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')

    const after = await c.sync.approveWaiting()
    expect(after.waiting).toEqual([])
    expect((await c.files()).get('/memories/plan.md')).toBe('v2\n')
  })

  test('ask before every change: a new file and a delete both wait; a newer version asks again', async () => {
    const { a, device } = await two.start()
    const c = await device('careful', {
      approvalMode: () => 'ask-all' as const
    })
    await a.memory.create({ path: '/memories/n.md', content: 'one' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/n.md', command: 'create' }])
    expect(await c.files()).toEqual(new Map())
    // The store moves on before the user answers: the approval was for the older version.
    await a.memory.write({ path: '/memories/n.md', content: 'two' })
    await a.sync.syncNow()
    await c.sync.approveWaiting()
    expect(await c.files()).toEqual(new Map())
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/n.md', command: 'create' }])
    await c.sync.approveWaiting()
    expect(await c.files()).toEqual(new Map([['/memories/n.md', 'two']]))

    await a.memory.delete('/memories/n.md')
    await a.sync.syncNow()
    await c.sync.syncNow()
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/n.md', command: 'delete' }])
    expect((await c.files()).get('/memories/n.md')).toBe('two')
    await c.sync.approveWaiting()
    expect(await c.files()).toEqual(new Map())
  })
})
