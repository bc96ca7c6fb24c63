import Anthropic from '@anthropic-ai/sdk'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { MAX_DECLINED, decline } from '../round/round'
import { createSyncService } from '../service'
import { emptyState, loadState, STATE_FILE } from '../state'
import type { MemoryWriteApproval } from '@shared/app/settings'
import { useTwoDevices, type Device } from './two-devices'

// Declining changes held for approval: this device keeps its files, those exact versions are not
// offered again (even after a restart), and a later version from the other device is.

const ask: { approvalMode: () => MemoryWriteApproval } = {
  approvalMode: () => 'ask-destructive'
}

describe('declining changes from another device', () => {
  const two = useTwoDevices()

  /** Device a edits plan.md after c has v1; c (asking before edits) holds the edit. */
  async function heldEdit() {
    const started = await two.start()
    const { a, device } = started
    const c = await device('cautious', ask)
    await a.memory.create({ path: '/memories/plan.md', content: 'v1\n' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    await a.memory.write({ path: '/memories/plan.md', content: 'v2\n' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/plan.md', command: 'str_replace' }])
    return { ...started, c }
  }

  /** The same device after a restart: a new service on the same memory and sync state folder. */
  async function restarted(c: Device, url: string, storeId: string, approval = ask) {
    await c.sync.dispose()
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0 })
    const sync = createSyncService({
      memory: c.memory,
      stateDir: c.stateDir,
      client: async () => client,
      deviceName: c.name,
      setTimer: () => null,
      clearTimer: () => undefined,
      ...approval
    })
    await sync.configure({ storeId })
    return sync
  }

  test('a declined change is not applied, not listed, and stays declined after a restart', async () => {
    const { c, fake, storeId } = await heldEdit()
    const onDisk = await readFile(join(c.root, 'plan.md'), 'utf8')
    const before = fake.memoryStoreRequests().length

    const after = await c.sync.declineWaiting()
    expect(after.waiting).toEqual([])
    expect(after.declined).toBe(1)
    // Declining writes nothing to the store (and nothing to the memory folder).
    expect(
      fake
        .memoryStoreRequests()
        .slice(before)
        .filter((r) => r.method !== 'GET')
    ).toEqual([])
    expect(await readFile(join(c.root, 'plan.md'), 'utf8')).toBe(onDisk)

    const report = await c.sync.syncNow()
    expect(report?.pulled).toBe(0)
    expect(c.sync.status()).toMatchObject({ waiting: [], declined: 1 })
    expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')

    const again = await restarted(c, fake.url, storeId)
    try {
      await again.syncNow()
      expect(again.status()).toMatchObject({ waiting: [], declined: 1 })
      // Approving everything waiting cannot bring a declined version back.
      await again.approveWaiting()
      expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')
    } finally {
      await again.dispose()
    }
    // Nor does turning the Approval setting off afterwards: declined versions never land.
    const relaxed = await restarted(c, fake.url, storeId, {
      approvalMode: () => 'automatic' as const
    })
    try {
      expect((await relaxed.syncNow())?.pulled).toBe(0)
      expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')
    } finally {
      await relaxed.dispose()
    }
  })

  test('the other device changes that memory again: the new version is offered again', async () => {
    const { a, c } = await heldEdit()
    await c.sync.declineWaiting()
    await a.memory.write({ path: '/memories/plan.md', content: 'v3\n' })
    await a.sync.syncNow()
    await c.sync.syncNow()
    expect(c.sync.status()).toMatchObject({
      waiting: [{ path: '/memories/plan.md', command: 'str_replace' }],
      declined: 0
    })
    expect((await c.files()).get('/memories/plan.md')).toBe('v1\n')
    await c.sync.approveWaiting()
    expect((await c.files()).get('/memories/plan.md')).toBe('v3\n')
  })

  test('a local edit after declining follows the normal sync: nothing is lost', async () => {
    const { a, c } = await heldEdit()
    await c.sync.declineWaiting()
    await c.memory.write({ path: '/memories/plan.md', content: 'mine\n' })
    // Both changed now: reconciling changes this folder, so it asks (a new question: the pair).
    await c.sync.syncNow()
    expect(c.sync.status().waiting).toEqual([{ path: '/memories/plan.md', command: 'str_replace' }])
    expect((await c.files()).get('/memories/plan.md')).toBe('mine\n')
    await c.sync.approveWaiting()
    await a.sync.syncNow()
    const here = [...(await c.files()).values()]
    const there = [...(await a.files()).values()]
    // Both versions survive on both devices: the local edit was not overwritten by the declined
    // one, and the declined one was not deleted from the store.
    for (const files of [here, there]) {
      expect(files.join('')).toContain('mine')
      expect(files.join('')).toContain('v2')
    }
    expect(c.sync.status().conflicts.length).toBeGreaterThan(0)
  })

  test('declining with nothing waiting changes nothing', async () => {
    const { b } = await two.start()
    const after = await b.sync.declineWaiting()
    expect(after.waiting).toEqual([])
    expect((await loadState(b.stateDir, after.storeId!)).declined).toEqual([])
  })
})

describe('the declined list in the sidecar', () => {
  test('an old state file without the field loads, with nothing declined', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cairn-declined-'))
    try {
      const { declined: _dropped, ...old } = emptyState('memstore_1')
      await writeFile(join(dir, STATE_FILE), JSON.stringify({ ...old, lastSyncAt: 42 }))
      const loaded = await loadState(dir, 'memstore_1')
      // Loaded as it was (not started over): the other fields survive.
      expect(loaded).toMatchObject({ storeId: 'memstore_1', lastSyncAt: 42, declined: [] })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('keeps the last MAX_DECLINED keys, oldest dropped first, without duplicates', () => {
    const state = emptyState('memstore_1')
    const change = (i: number) =>
      ({
        path: `/memories/${i}.md`,
        command: 'str_replace',
        memoryId: `mem_${i}`,
        sha256: `h${i}`
      }) as const
    decline(state, [change(0), change(0)])
    expect(state.declined).toEqual(['str_replace:mem_0:h0'])
    decline(
      state,
      Array.from({ length: MAX_DECLINED + 5 }, (_, i) => change(i + 1))
    )
    expect(state.declined).toHaveLength(MAX_DECLINED)
    expect(state.declined[0]).toBe('str_replace:mem_6:h6')
    expect(state.declined.at(-1)).toBe(`str_replace:mem_${MAX_DECLINED + 5}:h${MAX_DECLINED + 5}`)
  })
})
