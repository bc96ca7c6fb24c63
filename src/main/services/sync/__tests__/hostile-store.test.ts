import Anthropic from '@anthropic-ai/sdk'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { sha256Hex } from '../../../../../e2e/fake-anthropic'
import {
  allOf,
  alsoListed,
  cursorLoop,
  endlessPages,
  fetchedAs,
  hang,
  listedAs,
  phantomMemory,
  routes
} from '../../../../../e2e/fake-anthropic/memory-store-hostile'
import { createRemote, RemoteInvalid } from '../store/remote'
import { MAX_LIST_PAGES, MAX_LISTED, MEMORY_ANSWER_BYTES } from '../store/remote-schema'
import { STATE_FILE, SyncStateSchema } from '../state'
import { counted, useTwoDevices, type Device } from './two-devices'

// A hostile or broken store can't hurt the app: every round ends, quit and disconnect are not
// held up by a store that never answers, nothing it sends is believed unchecked, and what is
// read from it is bounded.

/**
 * A client whose every answer body is counted as it is read (what sync actually downloaded),
 * sent without a content-length (chunked), so only reading can tell how long a body is.
 */
function countingClient(url: string) {
  let read = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init)
    if (!response.body) return response
    const reader = response.body.getReader()
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read()
          if (done) return controller.close()
          read += value.byteLength
          controller.enqueue(value)
        },
        cancel: (reason) => reader.cancel(reason)
      },
      { highWaterMark: 0 }
    )
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(body, { status: response.status, headers })
  }
  return {
    client: new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0, fetch }),
    read: () => read
  }
}

async function stateFileIsValid(device: Device): Promise<void> {
  const text = await readFile(join(device.stateDir, STATE_FILE), 'utf8')
  expect(SyncStateSchema.safeParse(JSON.parse(text)).success).toBe(true)
}

describe('a hostile or broken store cannot hurt the app', () => {
  const two = useTwoDevices()

  /** Device b has put these files in the store (path under /memories → text). */
  async function seeded(files: Record<string, string>) {
    const setup = await two.start()
    for (const [path, content] of Object.entries(files))
      await setup.b.memory.create({ path: `/memories${path}`, content })
    await setup.b.sync.syncNow()
    return setup
  }

  describe('lists that never end', () => {
    test('a cursor that loops: the round ends with a clear error, and dispose resolves', async () => {
      const { a, fake } = await seeded({ '/one.md': '1' })
      fake.memoryStores.tamper(cursorLoop())
      const made = await counted(fake, () =>
        expect(a.sync.syncNow()).rejects.toThrow(/same page cursor twice/)
      )
      expect(made.list).toBeLessThanOrEqual(2)
      expect(a.sync.status()).toMatchObject({
        state: 'offline',
        error: expect.stringMatching(/same page cursor twice/)
      })
      expect(await a.files()).toEqual(new Map())
      await a.sync.dispose()
      await stateFileIsValid(a)
    })

    test('endless pages of new memories: listing stops past the store limit of 2,000', async () => {
      const { a, fake } = await seeded({ '/one.md': '1' })
      const endless = endlessPages(100)
      fake.memoryStores.tamper(endless)
      const made = await counted(fake, () =>
        expect(a.sync.syncNow()).rejects.toThrow(/listed more than 2,000 memories/)
      )
      expect(made.list).toBeLessThanOrEqual(MAX_LISTED / 100 + 1)
      expect(endless.served()).toBe(made.list)
      expect(await a.files()).toEqual(new Map())
      await a.sync.dispose()
    })

    test('endless empty pages: listing stops after a bounded number of pages', async () => {
      const { a, fake } = await seeded({})
      fake.memoryStores.tamper(endlessPages(0))
      const made = await counted(fake, () =>
        expect(a.sync.syncNow()).rejects.toThrow(new RegExp(`past ${MAX_LIST_PAGES} pages`))
      )
      expect(made.list).toBeLessThanOrEqual(MAX_LIST_PAGES)
      await a.sync.dispose()
    })

    test('a list answer that is not a list (a null body): the round ends with a clear error', async () => {
      const { a, fake } = await seeded({ '/one.md': '1' })
      fake.memoryStores.tamper((route) =>
        routes.isList(route) ? { status: 200, body: null } : undefined
      )
      await expect(a.sync.syncNow()).rejects.toThrow(/list answer was not a list/)
      fake.memoryStores.tamper(null)
      await a.sync.syncNow()
      expect(await a.files()).toEqual(new Map([['/memories/one.md', '1']]))
    })
  })

  describe('a store that never answers', () => {
    test('disconnect resolves while a list request hangs; the round rejects as aborted', async () => {
      const { a, fake } = await seeded({ '/one.md': '1' })
      const stuck = hang(routes.isList)
      fake.memoryStores.tamper(stuck)
      const round = a.sync.syncNow().then(
        () => null,
        (error: unknown) => error
      )
      await stuck.reached
      await a.sync.disconnect()
      expect(await round).toMatchObject({ name: 'AbortError' })
      expect(a.sync.status().state).toBe('off')
      await stateFileIsValid(a)
    })

    test('dispose resolves while a fetch hangs mid-round; the state file stays valid', async () => {
      const { a, fake } = await seeded({ '/one.md': '1', '/two.md': '2' })
      const stuck = hang(routes.isRetrieve)
      fake.memoryStores.tamper(stuck)
      const round = a.sync.syncNow().then(
        () => null,
        (error: unknown) => error
      )
      await stuck.reached
      await a.sync.dispose()
      expect(await round).toMatchObject({ name: 'AbortError' })
      expect(stuck.held()).toBe(1)
      await stateFileIsValid(a)
    })

    test("a round that outlives its deadline stops, and is tried again like an offline store's", async () => {
      const { fake, device } = await seeded({ '/one.md': '1' })
      fake.memoryStores.tamper(hang(routes.isList))
      const timers: string[] = []
      const d = await device('slow', {
        roundDeadlineMs: 200,
        setTimer: (_fn, _ms, job) => void timers.push(job)
      })
      await expect(d.sync.syncNow()).rejects.toThrow(/did not finish answering/)
      expect(d.sync.status()).toMatchObject({ state: 'offline', retryAt: expect.any(Number) })
      expect(timers).toEqual(['sync-retry'])
      await stateFileIsValid(d)
    })
  })

  describe('items that are not what they claim', () => {
    test('malformed items are reported and left out; the other files still sync', async () => {
      const { a, fake, storeId } = await seeded({
        '/good.md': 'good',
        '/object.md': 'object',
        '/array.md': 'array'
      })
      fake.memoryStores.tamper(
        allOf(
          alsoListed(
            null,
            42,
            { ...phantomMemory('/dots.md'), id: '..' },
            { ...phantomMemory('/slash.md'), id: 'mem_a/../b' },
            { ...phantomMemory('/up.md'), path: '/../../etc/passwd' },
            { type: 'memory', id: 'mem_incomplete' }
          ),
          fetchedAs('/object.md', (m) => ({ ...m, content: { text: 'object' } })),
          fetchedAs('/array.md', (m) => ({ ...m, content: ['array'] }))
        )
      )
      const listing = await createRemote(client(fake.url), storeId).listAll()
      expect([...listing.memories.values()].map((m) => m.path).sort()).toEqual([
        '/array.md',
        '/good.md',
        '/object.md'
      ])
      expect(listing.bad).toEqual([
        { id: null, path: null, reason: expect.stringMatching(/not a memory/) },
        { id: null, path: null, reason: expect.stringMatching(/not a memory/) },
        { id: null, path: '/dots.md', reason: expect.stringMatching(/id sync cannot use/) },
        { id: null, path: '/slash.md', reason: expect.stringMatching(/id sync cannot use/) },
        {
          id: expect.any(String),
          path: '/../../etc/passwd',
          reason: expect.stringMatching(/path its own rules refuse/)
        },
        { id: 'mem_incomplete', path: null, reason: expect.stringMatching(/malformed|path/) }
      ])

      const report = await a.sync.syncNow()
      expect(await a.files()).toEqual(new Map([['/memories/good.md', 'good']]))
      const skipped = report?.skipped.map((s) => s.path) ?? []
      expect(skipped).toEqual(expect.arrayContaining(['/memories/object.md', '/memories/array.md']))
    })

    test('content that is an object or an array is refused for that one memory', async () => {
      const { fake, storeId } = await seeded({ '/object.md': 'object' })
      fake.memoryStores.tamper(fetchedAs('/object.md', (m) => ({ ...m, content: { x: 1 } })))
      const remote = createRemote(client(fake.url), storeId)
      const [listed] = (await remote.listAll()).memories.values()
      const refused = await remote.content(listed!).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(RemoteInvalid)
      expect(refused).toMatchObject({
        memoryId: listed!.id,
        message: expect.stringMatching(/other than text/)
      })
    })
  })

  describe('sizes that lie', () => {
    test('listed at 10 bytes, 20 MB sent: refused without landing, and the bytes read are bounded', async () => {
      const { fake, device } = await seeded({ '/small.md': 'ten bytes!', '/ok.md': 'ok' })
      fake.memoryStores.tamper(
        fetchedAs('/small.md', (m) => ({ ...m, content: 'x'.repeat(20_000_000) }))
      )
      const counting = countingClient(fake.url)
      const d = await device('counted', { client: async () => counting.client })
      const report = await d.sync.syncNow()
      expect(await d.files()).toEqual(new Map([['/memories/ok.md', 'ok']]))
      expect(report?.skipped.map((s) => s.path)).toContain('/memories/small.md')
      // The list pages and the small fetch, plus at most one chunk past the budget.
      expect(counting.read()).toBeLessThan(MEMORY_ANSWER_BYTES + 1_000_000)
    })

    test('a 200 kB memory (over the store limit) the list calls small does not land', async () => {
      const big = 'y'.repeat(200_000)
      const { a, fake } = await seeded({ '/small.md': 'ten bytes!' })
      fake.memoryStores.tamper(
        allOf(
          listedAs('/small.md', (m) => ({ ...m, content_sha256: sha256Hex(big) })),
          fetchedAs('/small.md', (m) => ({ ...m, content: big, content_sha256: sha256Hex(big) }))
        )
      )
      const report = await a.sync.syncNow()
      expect(await a.files()).toEqual(new Map())
      expect(report?.skipped).toEqual([
        { path: '/memories/small.md', reason: expect.stringMatching(/over its own 100 kB limit/) }
      ])
    })

    test('listed over the limit (200 kB, 5 GB): never fetched, never counted in the store size', async () => {
      const { a, fake } = await seeded({ '/big.md': 'big', '/huge.md': 'huge', '/ok.md': 'ok' })
      fake.memoryStores.tamper(
        allOf(
          listedAs('/big.md', (m) => ({ ...m, content_size_bytes: 200_000 })),
          listedAs('/huge.md', (m) => ({ ...m, content_size_bytes: 5_000_000_000 }))
        )
      )
      let report: Awaited<ReturnType<typeof a.sync.syncNow>> = null
      const made = await counted(fake, async () => (report = await a.sync.syncNow()))
      expect(made.retrieve).toBe(1)
      expect(await a.files()).toEqual(new Map([['/memories/ok.md', 'ok']]))
      expect(report!.skipped.map((s) => s.path).sort()).toEqual([
        '/memories/big.md',
        '/memories/huge.md'
      ])
      expect(a.sync.status().storeSize).toEqual({ count: 1, bytes: 2 })
    })

    test('a size that is not a whole number of bytes is a bad item', async () => {
      const { fake, storeId } = await seeded({ '/a.md': 'a', '/b.md': 'b' })
      fake.memoryStores.tamper(
        allOf(
          listedAs('/a.md', (m) => ({ ...m, content_size_bytes: -1 })),
          listedAs('/b.md', (m) => ({ ...m, content_size_bytes: 1.5 }))
        )
      )
      const listing = await createRemote(client(fake.url), storeId).listAll()
      expect(listing.memories.size).toBe(0)
      expect(listing.bad.map((b) => [b.path, b.reason])).toEqual([
        ['/a.md', expect.stringMatching(/not a whole number/)],
        ['/b.md', expect.stringMatching(/not a whole number/)]
      ])
    })
  })

  describe('hashes that lie', () => {
    test('content that does not match its content_sha256 is refused; the rest lands', async () => {
      const { a, fake } = await seeded({ '/h.md': 'true text', '/ok.md': 'ok' })
      fake.memoryStores.tamper(fetchedAs('/h.md', (m) => ({ ...m, content: 'tampered text' })))
      const report = await a.sync.syncNow()
      expect(await a.files()).toEqual(new Map([['/memories/ok.md', 'ok']]))
      expect(report?.skipped).toEqual([
        {
          path: '/memories/h.md',
          reason: expect.stringMatching(/does not match its own content_sha256/)
        }
      ])
    })

    test('a fetched version other than the one listed is refused', async () => {
      const { a, fake } = await seeded({ '/h.md': 'true text' })
      fake.memoryStores.tamper(
        listedAs('/h.md', (m) => ({ ...m, content_sha256: sha256Hex('another text') }))
      )
      const report = await a.sync.syncNow()
      expect(await a.files()).toEqual(new Map())
      expect(report?.skipped).toEqual([
        {
          path: '/memories/h.md',
          reason: expect.stringMatching(/other than the version it listed/)
        }
      ])
    })
  })

  function client(url: string): Anthropic {
    return new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0 })
  }
})
