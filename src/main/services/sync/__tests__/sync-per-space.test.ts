import Anthropic from '@anthropic-ai/sdk'
import { access, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { SyncStatus } from '@shared/memory/sync'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { startFakeAnthropic } from '../../../../../e2e/fake-anthropic'
import { heldTimers } from '../../background-timers'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { createServices } from '../../index'
import { memoryKeychain } from '../../secrets/__tests__/memory-keychain'
import { useServicesOnFake } from '../../__tests__/services-on-fake'
import { openMemoryStore } from '../../memory'
import { manualTimers } from '../../memory/__tests__/helpers'
import { createSyncService } from '../service'

// Sync per memory space, as createServices runs it: each space pairs with its own Memory Store,
// its statuses name it, launch resumes only the spaces whose sync is on, and a user who synced
// before spaces existed keeps their pairing.

const KEY = 'sk-ant-sync-spaces'
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false
  )

describe('sync per memory space', () => {
  const tmp = useTempDir('cairn-sync-spaces-')
  const start = useServicesOnFake('sync-spaces')
  // Rounds run when the test says so (syncNow), never on a timer.
  const boot = (userDataDir = tmp(), background = heldTimers()) =>
    start({ userDataDir, apiKey: KEY, deps: { background, deviceName: 'laptop' } })

  test('two spaces with two stores: a change in one folder reaches only its store; statuses name their space', async () => {
    const { services, fake } = await boot()
    const seen: SyncStatus[] = []
    services.sync.onStatus((status) => seen.push(status))
    const project = await services.projects.create({ name: 'Client site' })

    const home = await services.sync
      .in(DEFAULT_SPACE_ID)
      .configureStore({ create: { name: 'Home' } })
    const client = await services.sync.in(project.id).configureStore({ create: { name: 'Client' } })
    expect(home).toMatchObject({ space: DEFAULT_SPACE_ID, storeName: 'Home', state: 'idle' })
    expect(client).toMatchObject({ space: project.id, storeName: 'Client', state: 'idle' })
    expect(home.storeId).not.toBe(client.storeId)

    await services.spaces
      .service(project.id)
      .create({ path: '/memories/plan.md', content: 'ship it\n' })
    await services.sync.in(project.id).syncNow()
    await services.sync.in(DEFAULT_SPACE_ID).syncNow()
    expect(fake.memoryStores.memories(client.storeId!).map((m) => m.path)).toEqual(['/plan.md'])
    expect(fake.memoryStores.memories(home.storeId!)).toEqual([])

    await services.spaces
      .service(DEFAULT_SPACE_ID)
      .create({ path: '/memories/recipe.md', content: 'salt\n' })
    await services.sync.in(DEFAULT_SPACE_ID).syncNow()
    await services.sync.in(project.id).syncNow()
    expect(fake.memoryStores.memories(home.storeId!).map((m) => m.path)).toEqual(['/recipe.md'])
    expect(fake.memoryStores.memories(client.storeId!).map((m) => m.path)).toEqual(['/plan.md'])

    // Every event names the space whose store it is about.
    const storeOf = new Map([
      [DEFAULT_SPACE_ID, home.storeId],
      [project.id, client.storeId]
    ])
    expect(new Set(seen.map((s) => s.space))).toEqual(new Set([DEFAULT_SPACE_ID, project.id]))
    for (const status of seen.filter((s) => s.storeId))
      expect(status.storeId).toBe(storeOf.get(status.space))
    // The project's sidecar is in its own state folder; "No project"'s where it always was.
    const space = services.spaceList.get(project.id)!
    expect(await exists(join(space.stateDir, 'sync-state', 'sync-config.json'))).toBe(true)
    expect(await exists(join(tmp(), 'sync-state', 'sync-config.json'))).toBe(true)
  })

  test('launch resumes sync only where it is on, opening no memory for the others', async () => {
    const dataDir = tmp()
    const first = await boot(dataDir)
    const synced = await first.services.projects.create({ name: 'Synced' })
    const quiet = await first.services.projects.create({ name: 'Quiet' })
    const { storeId } = await first.services.sync
      .in(synced.id)
      .configureStore({ create: { name: 'Synced' } })
    await first.closeServices()

    const { services } = await boot(dataDir)
    expect(services.sync.in(synced.id).status()).toMatchObject({ state: 'idle', storeId })
    expect(services.spaces.isOpen(quiet.id)).toBe(false)
    expect(services.sync.in(DEFAULT_SPACE_ID).status().state).toBe('off')
    expect(await readdir(join(dataDir, 'spaces', quiet.id, 'state'))).not.toContain('sync-state')
  })

  test('a deleted project stops syncing, and its delete is not held up by sync', async () => {
    const timers = heldTimers()
    const { services, fake } = await boot(tmp(), timers)
    const project = await services.projects.create({ name: 'Gone soon' })
    const { storeId } = await services.sync
      .in(project.id)
      .configureStore({ create: { name: 'Gone' } })
    await services.spaces.service(project.id).create({ path: '/memories/a.md', content: 'a\n' })
    await services.sync.in(project.id).syncNow()
    expect(fake.memoryStores.memories(storeId!)).toHaveLength(1)
    const syncJobs = () => timers.pending().filter((job) => job.startsWith('sync'))
    expect(syncJobs()).toEqual(['sync-interval'])

    const seen: SyncStatus[] = []
    services.sync.onStatus((status) => seen.push(status))
    await services.projects.delete({ id: project.id, memory: 'delete' })
    expect(() => services.sync.in(project.id)).toThrow(/no memory space/)
    expect(seen.filter((s) => s.space === project.id)).toEqual([])
    // Its next round is not waiting anywhere: nothing will try the gone space again.
    expect(syncJobs()).toEqual([])
    expect(services.spaces.isOpen(project.id)).toBe(false)
  })

  test('a project deleted while its sync round waits on the store is deleted now, not at the next start', async () => {
    const { services, fake } = await boot()
    const project = await services.projects.create({ name: 'Busy' })
    await services.sync.in(project.id).configureStore({ create: { name: 'Busy' } })
    await services.spaces.service(project.id).create({ path: '/memories/a.md', content: 'a\n' })
    // The store takes the round's upload and never answers it: a round in flight.
    let reached!: () => void
    const held = new Promise<void>((resolve) => (reached = resolve))
    fake.memoryStores.tamper((route) => {
      if (route.method !== 'POST' || route.kind !== 'memories') return undefined
      reached()
      return { hold: true }
    })
    const round = services.sync
      .in(project.id)
      .syncNow()
      .catch(() => undefined)
    await held

    await expect(
      services.projects.delete({ id: project.id, memory: 'delete' })
    ).resolves.toMatchObject({ chatsMoved: 0 })
    await round
    expect(services.spaces.isOpen(project.id)).toBe(false)
    expect(await exists(join(tmp(), 'spaces', project.id))).toBe(false)
  })

  test('upgrade: the pairing made before spaces (<data>/sync-state) carries on in "No project"', async () => {
    const dataDir = tmp()
    const fake = await startFakeAnthropic({ apiKey: KEY })
    try {
      // What Cairn did before spaces: one sync on <data>/memories, its sidecar in <data>/sync-state.
      const memory = await openMemoryStore({
        root: join(dataDir, 'memories'),
        stateDir: join(dataDir, 'memory-state'),
        timers: manualTimers().timers
      })
      const client = new Anthropic({ apiKey: KEY, baseURL: fake.url, maxRetries: 0 })
      const before = createSyncService({
        memory,
        stateDir: join(dataDir, 'sync-state'),
        client: async () => client,
        deviceName: 'laptop',
        setTimer: () => null,
        clearTimer: () => undefined
      })
      const { storeId } = await before.configureStore({ create: { name: 'Everything' } })
      await memory.create({ path: '/memories/notes.md', content: 'one\n' })
      await before.syncNow()
      const { lastSyncAt } = before.status()
      await before.dispose()
      await memory.dispose()

      const services = await createServices({
        userDataDir: dataDir,
        keychain: memoryKeychain().keychain,
        keychainService: 'Cairn-sync-upgrade-test',
        openPath: async () => '',
        logger: captureLogger().logger,
        env: { ANTHROPIC_API_KEY: KEY },
        app: { name: 'Cairn', version: 'test', platform: process.platform, electronVersion: null },
        anthropic: { baseURL: fake.url },
        background: heldTimers()
      })
      try {
        const sync = services.sync.in(DEFAULT_SPACE_ID)
        expect(sync.status()).toMatchObject({
          space: DEFAULT_SPACE_ID,
          state: 'idle',
          storeId,
          storeName: 'Everything',
          lastSyncAt,
          deviceName: 'laptop'
        })
        // The same store, from where it left off: the new file goes up, the old one is not
        // sent again or kept twice.
        await services.spaces
          .service(DEFAULT_SPACE_ID)
          .create({ path: '/memories/later.md', content: 'two\n' })
        const report = await sync.syncNow()
        expect(report?.conflicts).toEqual([])
        expect(
          fake.memoryStores
            .memories(storeId!)
            .map((m) => m.path)
            .sort()
        ).toEqual(['/later.md', '/notes.md'])
        expect(
          fake.memoryStores.versions(storeId!).filter((v) => v.operation === 'created')
        ).toHaveLength(2)
      } finally {
        await services.dispose()
      }
    } finally {
      await fake.close()
    }
  })
})
