import Anthropic from '@anthropic-ai/sdk'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../../../../../e2e/fake-anthropic'
import { openMemoryStore, type MemoryStore } from '../../memory'
import { manualTimers } from '../../memory/__tests__/helpers'
import { createSyncService, type SyncService, type SyncServiceDeps } from '../service'

// Two devices, each a real memory engine on its own temp folder, syncing through the fake store.

export interface Device {
  name: string
  memory: MemoryStore
  sync: SyncService
  stateDir: string
  /** The real memory folder on disk. */
  root: string
  /** Files by virtual path → text, read through the engine. */
  files(): Promise<Map<string, string>>
}

export function useTwoDevices() {
  let fake: FakeAnthropic | undefined
  const dirs: string[] = []
  const devices: Device[] = []
  afterEach(async () => {
    for (const d of devices.splice(0)) {
      await d.sync.dispose()
      await d.memory.dispose()
    }
    await fake?.close()
    fake = undefined
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })

  async function device(
    name: string,
    storeId: string,
    url: string,
    extra: Partial<SyncServiceDeps> = {}
  ): Promise<Device> {
    const dir = await mkdtemp(join(tmpdir(), `cairn-sync-${name}-`))
    dirs.push(dir)
    const memory = await openMemoryStore({
      root: join(dir, 'memories'),
      stateDir: join(dir, 'memory-state'),
      timers: manualTimers().timers
    })
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0 })
    const stateDir = join(dir, 'sync-state')
    const sync = createSyncService({
      memory,
      stateDir,
      client: async () => client,
      deviceName: name,
      // Rounds run when the test says so.
      setTimer: () => null,
      clearTimer: () => undefined,
      ...extra
    })
    await sync.configure({ storeId })
    const d: Device = {
      name,
      memory,
      sync,
      stateDir,
      root: join(dir, 'memories'),
      async files() {
        const out = new Map<string, string>()
        let cursor: string | undefined
        do {
          const page = await memory.list({
            path: '/memories',
            limit: 2000,
            ...(cursor ? { cursor } : {})
          })
          for (const e of page.entries)
            if (e.kind === 'file') out.set(e.path, (await memory.read(e.path)).content)
          cursor = page.nextCursor
        } while (cursor)
        return out
      }
    }
    devices.push(d)
    return d
  }

  return {
    async start() {
      fake = await startFakeAnthropic()
      const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
      const store = await client.beta.memoryStores.create({ name: 'Cairn memory' })
      const a = await device('laptop', store.id, fake.url)
      const b = await device('desktop', store.id, fake.url)
      return {
        fake,
        storeId: store.id,
        a,
        b,
        device: (n: string, extra?: Partial<SyncServiceDeps>) =>
          device(n, store.id, fake!.url, extra)
      }
    }
  }
}

/** Requests made while `run` ran, by method and kind. */
export async function counted(fake: FakeAnthropic, run: () => Promise<unknown>) {
  const before = fake.memoryStoreRequests().length
  await run()
  const made = fake.memoryStoreRequests().slice(before)
  const kind = (r: (typeof made)[number]) =>
    r.method === 'GET' && /\/memories$/.test(r.path)
      ? 'list'
      : r.method === 'GET'
        ? 'retrieve'
        : r.method === 'DELETE'
          ? 'delete'
          : /\/memories$/.test(r.path)
            ? 'create'
            : 'update'
  const by: Record<string, number> = {}
  for (const r of made) by[kind(r)] = (by[kind(r)] ?? 0) + 1
  return { total: made.length, ...by } as { total: number } & Record<string, number>
}
