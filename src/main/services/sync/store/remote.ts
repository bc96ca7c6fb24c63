import Anthropic, { APIError } from '@anthropic-ai/sdk'
import { discard, readJson } from './capped-body'
import {
  LIST_ANSWER_BYTES,
  LIST_PAGE_SIZE,
  MAX_LIST_PAGES,
  MAX_LISTED,
  MEMORY_ANSWER_BYTES,
  overLimit,
  readFetched,
  readItem,
  readMemory,
  readPage,
  type Bad
} from './remote-schema'
import { MAX_REMOTE_BYTES } from './paths'

// The Memory Store as the sync engine sees it: a thin layer over the SDK's beta resources that
// turns its errors into the few cases sync acts on (409s, unreachable, give up on this item).
// Nothing the store answers is believed unchecked: each memory is validated here (a bad one is
// reported and left out), lists are bounded, bodies are read up to a budget, hashes are checked,
// and every request carries the round's signal (quit, disconnect and the round's deadline).

export interface RemoteMemory {
  id: string
  path: string
  sha256: string
  size: number
  versionId: string
}

/** The store could not be reached, or asked to wait (429, 5xx, overloaded): try the round later. */
export class RemoteUnavailable extends Error {
  constructor(
    message: string,
    /** From `retry-after` (seconds → ms), when the API gave one. */
    readonly retryAfterMs: number | null
  ) {
    super(message)
  }
}

/** A 409: the precondition no longer holds, or the path (or an ancestor/descendant) is taken. */
export class RemoteConflict extends Error {
  constructor(
    readonly kind: 'precondition' | 'path',
    message: string,
    readonly conflictingPath?: string
  ) {
    super(message)
  }
}

/** Anything else the API refused for this one memory (400, 404, 413...). */
export class RemoteRefused extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

/** One listed item sync will not take, and why (its id and path when they could be read). */
export type BadRemote = Bad

export interface Listing {
  memories: Map<string, RemoteMemory>
  bad: BadRemote[]
}

/**
 * This one memory's answer can't be trusted or taken (bad hash, over the size limit, malformed):
 * refused until its version changes.
 */
export class RemoteInvalid extends Error {
  constructor(
    message: string,
    readonly memoryId: string
  ) {
    super(message)
  }
}

/** The store's answers make no sense as a whole (a cursor loop, a list without end): the round stops. */
export class RemoteBroken extends Error {}

/** The round was stopped on purpose (quit, sync turned off): nothing to retry or report. */
export class RemoteAborted extends Error {
  override name = 'AbortError'
}

export interface Remote {
  /**
   * Every memory, `view: basic` (hashes and sizes, no content), one request per page. A bad item
   * is reported in `bad` and left out; a list that loops or goes on past the store's own limit
   * throws (never a partial list: a memory missing from it would look deleted).
   */
  listAll(): Promise<Listing>
  /** The listed memory's text, checked against the listing; RemoteInvalid when it can't be taken. */
  content(listed: RemoteMemory): Promise<{ memory: RemoteMemory; content: string }>
  create(path: string, content: string): Promise<RemoteMemory>
  update(
    id: string,
    change: { content?: string; path?: string },
    expectSha: string
  ): Promise<RemoteMemory>
  delete(id: string, expectSha: string): Promise<void>
  /** Blanks one past version's path and content in the store (a secret that reached it). */
  redact(versionId: string): Promise<void>
}

export function createRemote(client: Anthropic, storeId: string, signal?: AbortSignal): Remote {
  const at: StoreAt = {
    memories: client.beta.memoryStores.memories,
    storeId,
    signal,
    options: signal ? { signal } : {}
  }
  const { memories, options } = at
  return {
    listAll: () => call(signal, () => listAll(at)),
    content: (listed) => call(signal, () => fetchContent(at, listed)),
    create: (path, content) =>
      call(signal, async () =>
        written(await memories.create(storeId, { path, content }, options).asResponse(), signal)
      ),
    update: (id, change, expectSha) =>
      call(signal, async () =>
        written(
          await memories
            .update(
              id,
              {
                memory_store_id: storeId,
                ...change,
                precondition: { type: 'content_sha256', content_sha256: expectSha }
              },
              options
            )
            .asResponse(),
          signal
        )
      ),
    delete: (id, expectSha) =>
      call(signal, async () => {
        await discard(
          await memories
            .delete(id, { memory_store_id: storeId, expected_content_sha256: expectSha }, options)
            .asResponse()
        )
      }),
    redact: (versionId) =>
      call(signal, async () => {
        await discard(
          await client.beta.memoryStores.memoryVersions
            .redact(versionId, { memory_store_id: storeId }, options)
            .asResponse()
        )
      })
  }
}

/** One store's memories, as every request to them is made (the round's signal on each). */
interface StoreAt {
  memories: Anthropic['beta']['memoryStores']['memories']
  storeId: string
  signal: AbortSignal | undefined
  options: { signal?: AbortSignal }
}

/** A create's or update's answer: the memory as it now is, or the round stops. */
async function written(response: Response, signal: AbortSignal | undefined): Promise<RemoteMemory> {
  const body = await readJson(response, MEMORY_ANSWER_BYTES, signal)
  const memory = body.ok
    ? readMemory(body.json)
    : body.problem === 'too-large'
      ? 'the answer was far too large'
      : 'the answer was not JSON'
  if (typeof memory === 'string')
    throw new RemoteBroken(`The Memory Store's answer to a change made no sense: ${memory}.`)
  return memory
}

/** Every memory in the store, page by page; a list that never ends or runs past the cap stops. */
async function listAll({ memories, storeId, signal, options }: StoreAt): Promise<Listing> {
  const listing: Listing = { memories: new Map(), bad: [] }
  const paths = new Set<string>()
  const cursors = new Set<string>()
  let cursor: string | null = null
  let listed = 0
  for (let pages = 0; ; pages += 1) {
    if (pages === MAX_LIST_PAGES)
      throw new RemoteBroken(
        `The Memory Store's list went on past ${MAX_LIST_PAGES} pages: it was stopped, and nothing was synced.`
      )
    const response = await memories
      .list(
        storeId,
        { view: 'basic', limit: LIST_PAGE_SIZE, ...(cursor ? { page: cursor } : {}) },
        options
      )
      .asResponse()
    const body = await readJson(response, LIST_ANSWER_BYTES, signal)
    const page = body.ok ? readPage(body.json) : null
    if (!page)
      throw new RemoteBroken(
        "The Memory Store's list answer was not a list of memories: nothing was synced."
      )
    listed += page.data.length
    if (listed > MAX_LISTED)
      throw new RemoteBroken(
        'The store listed more than 2,000 memories (its own limit): the list was stopped, and nothing was synced.'
      )
    for (const raw of page.data) addListed(listing, paths, raw)
    if (!page.next) return listing
    if (cursors.has(page.next))
      throw new RemoteBroken(
        "The Memory Store's list sent the same page cursor twice (it would never end): it was stopped, and nothing was synced."
      )
    cursors.add(page.next)
    cursor = page.next
  }
}

/** One listed item into the listing: a memory, or a bad one (unreadable, or listed twice). */
function addListed(listing: Listing, paths: Set<string>, raw: unknown): void {
  const item = readItem(raw)
  if (item.kind === 'other') return
  if (item.kind === 'bad') {
    listing.bad.push(item.bad)
    return
  }
  const m = item.memory
  if (listing.memories.has(m.id) || paths.has(m.path)) {
    listing.bad.push({ id: m.id, path: m.path, reason: 'the store listed it twice' })
    return
  }
  listing.memories.set(m.id, m)
  paths.add(m.path)
}

/** The listed memory's text, checked against the listing; RemoteInvalid when it can't be taken. */
async function fetchContent(
  { memories, storeId, signal, options }: StoreAt,
  listed: RemoteMemory
): Promise<{ memory: RemoteMemory; content: string }> {
  const refuse = (reason: string): never => {
    throw new RemoteInvalid(`not taken from the store: ${reason}`, listed.id)
  }
  if (listed.size > MAX_REMOTE_BYTES) refuse(overLimit(listed.size))
  const response = await memories
    .retrieve(listed.id, { memory_store_id: storeId, view: 'full' }, options)
    .asResponse()
  const body = await readJson(response, MEMORY_ANSWER_BYTES, signal)
  if (!body.ok)
    return refuse(
      body.problem === 'too-large'
        ? `its answer ran past ${MEMORY_ANSWER_BYTES.toLocaleString('en-US')} bytes (it is listed at ${listed.size.toLocaleString('en-US')})`
        : 'its answer was not JSON'
    )
  const fetched = readFetched(body.json, listed)
  return typeof fetched === 'string' ? refuse(fetched) : fetched
}

/** Every store this key can use, archived ones left out. */
export function listStores(
  client: Anthropic
): Promise<Array<{ id: string; name: string; description: string }>> {
  return call(undefined, async () => {
    const out: Array<{ id: string; name: string; description: string }> = []
    const cursors = new Set<string>()
    let page = await client.beta.memoryStores.list({ limit: 100 })
    // Bounded as the memory list is: a store list that loops or never ends is cut short.
    for (let pages = 1; ; pages += 1) {
      for (const store of page.data)
        out.push({ id: store.id, name: store.name, description: store.description ?? '' })
      const next = page.next_page
      if (!next || !page.hasNextPage() || cursors.has(next) || pages === MAX_LIST_PAGES) return out
      cursors.add(next)
      page = await page.getNextPage()
    }
  })
}

/** Runs one request: an abort answers with the signal's reason, an API error is classified. */
async function call<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  try {
    signal?.throwIfAborted()
    return await run()
  } catch (error) {
    if (signal?.aborted) throw aborted(signal)
    throw classify(error)
  }
}

/** The reason the round was stopped (the service's own errors), else a plain RemoteAborted. */
function aborted(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (
    reason instanceof RemoteAborted ||
    reason instanceof RemoteUnavailable ||
    reason instanceof RemoteBroken
  )
    return reason
  return new RemoteAborted(reason instanceof Error ? reason.message : 'Sync stopped.')
}

function classify(error: unknown): Error {
  if (!(error instanceof APIError)) return error instanceof Error ? error : new Error(String(error))
  const status = error.status
  if (status === undefined || status === 408 || status === 429 || status >= 500) {
    return new RemoteUnavailable(
      status === undefined ? 'The Memory Store could not be reached.' : error.message,
      retryAfterMs(error.headers)
    )
  }
  if (status === 409) {
    const body = (error.error as { error?: { type?: string; conflicting_path?: string } })?.error
    if (body?.type === 'memory_path_conflict_error')
      return new RemoteConflict('path', error.message, body.conflicting_path)
    return new RemoteConflict('precondition', error.message)
  }
  return new RemoteRefused(status, error.message)
}

function retryAfterMs(headers: Headers | undefined): number | null {
  const ms = Number(headers?.get('retry-after-ms'))
  if (Number.isFinite(ms) && ms > 0) return ms
  const value = headers?.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}
