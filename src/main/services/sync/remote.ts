import Anthropic, { APIError } from '@anthropic-ai/sdk'

// The Memory Store as the sync engine sees it: a thin layer over the SDK's beta resources that
// turns its errors into the few cases sync acts on (409s, unreachable, give up on this item).

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

const LIST_LIMIT = 100

export interface Remote {
  /** Every memory, `view: basic` (hashes and sizes, no content), one request per page. */
  listAll(): Promise<Map<string, RemoteMemory>>
  content(id: string): Promise<{ memory: RemoteMemory; content: string }>
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

export function createRemote(client: Anthropic, storeId: string): Remote {
  const memories = client.beta.memoryStores.memories
  const basic = (m: {
    id: string
    path: string
    content_sha256: string
    content_size_bytes: number
    memory_version_id: string
  }): RemoteMemory => ({
    id: m.id,
    path: m.path,
    sha256: m.content_sha256,
    size: m.content_size_bytes,
    versionId: m.memory_version_id
  })
  return {
    listAll: () =>
      call(async () => {
        const all = new Map<string, RemoteMemory>()
        let page = await memories.list(storeId, { view: 'basic', limit: LIST_LIMIT })
        for (;;) {
          for (const item of page.data) if (item.type === 'memory') all.set(item.id, basic(item))
          if (!page.hasNextPage()) return all
          page = await page.getNextPage()
        }
      }),
    content: (id) =>
      call(async () => {
        const m = await memories.retrieve(id, { memory_store_id: storeId, view: 'full' })
        return { memory: basic(m), content: m.content ?? '' }
      }),
    create: (path, content) =>
      call(async () => basic(await memories.create(storeId, { path, content }))),
    update: (id, change, expectSha) =>
      call(async () =>
        basic(
          await memories.update(id, {
            memory_store_id: storeId,
            ...change,
            precondition: { type: 'content_sha256', content_sha256: expectSha }
          })
        )
      ),
    delete: (id, expectSha) =>
      call(async () => {
        await memories.delete(id, { memory_store_id: storeId, expected_content_sha256: expectSha })
      }),
    redact: (versionId) =>
      call(async () => {
        await client.beta.memoryStores.memoryVersions.redact(versionId, {
          memory_store_id: storeId
        })
      })
  }
}

/** Every store this key can use, archived ones left out. */
export function listStores(
  client: Anthropic
): Promise<Array<{ id: string; name: string; description: string }>> {
  return call(async () => {
    const out: Array<{ id: string; name: string; description: string }> = []
    for await (const store of client.beta.memoryStores.list({ limit: 100 }))
      out.push({ id: store.id, name: store.name, description: store.description ?? '' })
    return out
  })
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw classify(error)
  }
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
