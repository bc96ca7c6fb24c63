// bench:hostile-store — what a hostile Memory Store costs sync: list requests, time and heap for
// endless distinct pages (the unbounded loop sync used to run, for a few seconds, against the
// bounded listAll), requests for a cursor loop, and bytes read for a memory listed at 10 bytes
// that is sent as 20 MB. The fake store runs in this process; heap figures are after a full GC.
// Usage: node bench/run.ts bench/hostile-store.bench.ts [baseline seconds, default 8]
import Anthropic from '@anthropic-ai/sdk'
import { performance } from 'node:perf_hooks'
import { startFakeAnthropic } from '../e2e/fake-anthropic'
import { cursorLoop, endlessPages, fetchedAs } from '../e2e/fake-anthropic/memory-store-hostile'
import { createRemote } from '../src/main/services/sync/store/remote'
import {
  LIST_ANSWER_BYTES,
  MAX_LIST_PAGES,
  MAX_LISTED,
  MEMORY_ANSWER_BYTES
} from '../src/main/services/sync/store/remote-schema'

const BASELINE_SECONDS = Number(process.argv[2] ?? 8)
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)
const heapMb = (): number => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / (1024 * 1024)
}
const mb = (value: number): string => `${value.toFixed(1)} MB`

const fake = await startFakeAnthropic()
const client = new Anthropic({ apiKey: 'sk-ant-bench', baseURL: fake.url, maxRetries: 0 })
const store = await client.beta.memoryStores.create({ name: 'bench' })
const lists = (): number =>
  fake.memoryStoreRequests().filter((r) => r.method === 'GET' && r.path.endsWith('/memories'))
    .length

/** The list loop sync ran before issue 35: every page followed, every item kept, no end. */
async function unboundedFor(seconds: number) {
  const all = new Map<string, unknown>()
  const until = performance.now() + seconds * 1000
  let page = await client.beta.memoryStores.memories.list(store.id, { view: 'basic', limit: 100 })
  for (;;) {
    for (const item of page.data) if (item.type === 'memory') all.set(item.id, item)
    if (!page.hasNextPage() || performance.now() > until) return all
    page = await page.getNextPage()
  }
}

async function measure(label: string, run: () => Promise<unknown>) {
  fake.memoryStores.tamper(endlessPages(100))
  const requestsBefore = lists()
  const heapBefore = heapMb()
  // The peak is sampled while it runs (no GC forced): what the round held at its worst.
  let peak = heapBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed / (1024 * 1024))
  }, 10)
  const start = performance.now()
  const kept = await run().catch((error: unknown) => error)
  const ms = performance.now() - start
  clearInterval(sampler)
  const heapAfter = kept instanceof Error ? heapMb() : process.memoryUsage().heapUsed / 1048576
  const requests = lists() - requestsBefore
  const ended = kept instanceof Error ? `ended: ${kept.message}` : 'still going when stopped'
  console.log(
    `${label}: ${requests} list requests in ${(ms / 1000).toFixed(1)} s; heap peak +${mb(peak - heapBefore)}, held at the end +${mb(heapAfter - heapBefore)}; ${ended}`
  )
  fake.memoryStores.tamper(null)
  return { kept, requests }
}

console.log('Endless distinct pages of 100 new memories each')
const before = await measure(`  before (unbounded loop, stopped after ${BASELINE_SECONDS} s)`, () =>
  unboundedFor(BASELINE_SECONDS)
)
// Keep the baseline's map alive through its measurement, then let it go.
void before.kept
const after = await measure('  after (listAll)', () => createRemote(client, store.id).listAll())
console.log(
  `  bound: at most ${MAX_LISTED} memories, ${MAX_LIST_PAGES} pages, one page read at a time (≤ ${mb(LIST_ANSWER_BYTES / 1024 / 1024)}); ratio of requests ${(before.requests / Math.max(1, after.requests)).toFixed(0)}:1`
)

console.log('Endless empty pages')
fake.memoryStores.tamper(endlessPages(0))
let from = lists()
await createRemote(client, store.id)
  .listAll()
  .catch(() => undefined)
console.log(`  after: ${lists() - from} list requests (bound ${MAX_LIST_PAGES})`)

console.log('A cursor that loops')
fake.memoryStores.tamper(cursorLoop())
from = lists()
await createRemote(client, store.id)
  .listAll()
  .catch(() => undefined)
console.log(`  after: ${lists() - from} list requests`)
fake.memoryStores.tamper(null)

console.log('A memory listed at 10 bytes, sent as 20 MB')
let read = 0
const counting = client.withOptions({
  fetch: async (input, init) => {
    const response = await fetch(input, init)
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
    // Chunked, as a store may send it: only reading tells how long the body is.
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(body, { status: response.status, headers })
  }
})
const made = await client.beta.memoryStores.memories.create(store.id, {
  path: '/small.md',
  content: 'ten bytes!'
})
fake.memoryStores.tamper(fetchedAs('/small.md', (m) => ({ ...m, content: 'x'.repeat(20_000_000) })))
await counting.beta.memoryStores.memories.retrieve(made.id, { memory_store_id: store.id })
console.log(`  before (the SDK's retrieve): ${mb(read / 1024 / 1024)} read`)
read = 0
const remote = createRemote(counting, store.id)
const listing = await remote.listAll()
const listed = [...listing.memories.values()][0]!
read = 0
const refused = await remote.content(listed).catch((error: unknown) => error)
console.log(
  `  after (content): ${mb(read / 1024 / 1024)} read (budget ${mb(MEMORY_ANSWER_BYTES / 1024 / 1024)}), ${refused instanceof Error ? refused.message : 'taken'}`
)
await fake.close()
