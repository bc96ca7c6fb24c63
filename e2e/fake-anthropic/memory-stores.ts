import { createHash, randomBytes } from 'node:crypto'
import { contentProblem, page, pathProblem } from './memory-store-rules'
import type { ErrorReply, RecordedRequest } from './script'

/*
 * Anthropic's Memory Stores (beta) as the fake speaks them: stores, memories with paths and
 * content hashes, versions (created / modified / deleted, redactable), cursors, `view: basic`,
 * and the API's 409s: `memory_precondition_failed_error` when a precondition no longer holds,
 * `memory_path_conflict_error` when a path (or an ancestor or descendant of it) is taken.
 */

export { MAX_CONTENT_BYTES } from './memory-store-rules'
const MAX_LIMIT = 100
const MAX_FULL_LIMIT = 20

export interface StoredMemory {
  id: string
  path: string
  content: string
  sha256: string
  versionId: string
  createdAt: string
  updatedAt: string
}

export interface StoredVersion {
  id: string
  memoryId: string
  operation: 'created' | 'modified' | 'deleted'
  path: string | null
  content: string | null
  sha256: string | null
  createdAt: string
  actor: { type: 'api_actor'; api_key_id: string }
  redactedAt: string | null
}

interface Store {
  id: string
  name: string
  description: string
  metadata: Record<string, string>
  createdAt: string
  updatedAt: string
  archivedAt: string | null
  memories: Map<string, StoredMemory>
  versions: StoredVersion[]
}

/** What a route answers: a JSON body, or an API error. */
export type Answer =
  | { status: number; body: unknown }
  | { status: number; error: { type: string; message: string; [extra: string]: unknown } }

/** No answer at all: the request stays open until the client gives up (a hostile store only). */
export interface Held {
  hold: true
}

/** Which route a request reached, as a tamper sees it. */
export interface StoreRoute {
  method: string
  /** `memories`: the list (or a create); `memory`: one memory; `versions` / `version` likewise. */
  kind: 'stores' | 'store' | 'memories' | 'memory' | 'versions' | 'version'
  storeId: string | null
  itemId: string | null
  query: Record<string, string>
}

/**
 * A hostile or broken store: sees every answer the strict fake made (state already changed) and
 * may replace it. Returning undefined keeps the answer.
 */
export type Tamper = (route: StoreRoute, answer: Answer) => Answer | Held | undefined

export interface MemoryStoresFake {
  /** Answers a request under /v1/memory_stores, or null when the path is not one of its routes. */
  handle(record: RecordedRequest, apiKey: string): Answer | Held | ErrorReply | null
  /** From now on every answer passes through `tamper` (null: the strict store again). */
  tamper(tamper: Tamper | null): void
  /** The next memory-store requests answer these faults, in order (e.g. 429 with retry-after). */
  fail(...replies: ErrorReply[]): void
  /** The request `n` requests from now (0: the next) answers this fault: a round cut mid-way. */
  failAfter(n: number, reply: ErrorReply): void
  /** Back online with no fault queued and nothing tampered. */
  heal(): void
  /** Offline: every memory-store request has its connection dropped until set back. */
  setOffline(offline: boolean): void
  /** A store's live memories, by path (for assertions). */
  memories(storeId: string): StoredMemory[]
  versions(storeId: string): StoredVersion[]
  stores(): string[]
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`
const now = (): string => new Date().toISOString()

export function createMemoryStoresFake(): MemoryStoresFake {
  const stores = new Map<string, Store>()
  const faults: ErrorReply[] = []
  let later: Array<{ n: number; reply: ErrorReply }> = []
  let offline = false
  let tampering: Tamper | null = null

  const err = (status: number, type: string, message: string, extra = {}): Answer => ({
    status,
    error: { type, message, ...extra }
  })
  const notFound = (what: string): Answer => err(404, 'not_found_error', `${what} not found`)
  const invalid = (message: string): Answer => err(400, 'invalid_request_error', message)

  function storeBody(store: Store) {
    return {
      type: 'memory_store',
      id: store.id,
      name: store.name,
      description: store.description,
      metadata: store.metadata,
      created_at: store.createdAt,
      updated_at: store.updatedAt,
      archived_at: store.archivedAt
    }
  }

  function memoryBody(store: Store, memory: StoredMemory, view: string) {
    return {
      type: 'memory',
      id: memory.id,
      memory_store_id: store.id,
      path: memory.path,
      content: view === 'full' ? memory.content : null,
      content_sha256: memory.sha256,
      content_size_bytes: Buffer.byteLength(memory.content),
      memory_version_id: memory.versionId,
      created_at: memory.createdAt,
      updated_at: memory.updatedAt
    }
  }

  function versionBody(store: Store, version: StoredVersion, view: string) {
    const redacted = version.redactedAt !== null
    return {
      type: 'memory_version',
      id: version.id,
      memory_id: version.memoryId,
      memory_store_id: store.id,
      operation: version.operation,
      path: redacted ? null : version.path,
      content: view === 'full' && !redacted ? version.content : null,
      content_sha256: redacted ? null : version.sha256,
      content_size_bytes:
        redacted || version.content === null ? null : Buffer.byteLength(version.content),
      created_at: version.createdAt,
      created_by: version.actor,
      redacted_at: version.redactedAt,
      redacted_by: redacted ? version.actor : null
    }
  }

  /** The live memory whose path equals, contains or lies under `path` (other than `except`). */
  function pathTaken(store: Store, path: string, except?: string): Answer | null {
    for (const memory of store.memories.values()) {
      if (memory.id === except) continue
      const p = memory.path
      if (p === path || path.startsWith(`${p}/`) || p.startsWith(`${path}/`)) {
        return err(
          409,
          'memory_path_conflict_error',
          `The path ${path} conflicts with the memory at ${p}.`,
          { conflicting_path: p, conflicting_memory_id: memory.id }
        )
      }
    }
    return null
  }

  function addVersion(
    store: Store,
    memory: StoredMemory,
    operation: StoredVersion['operation'],
    keyId: string
  ): StoredVersion {
    const deleted = operation === 'deleted'
    const version: StoredVersion = {
      id: id('memver'),
      memoryId: memory.id,
      operation,
      path: memory.path,
      content: deleted ? null : memory.content,
      sha256: deleted ? null : memory.sha256,
      createdAt: now(),
      actor: { type: 'api_actor', api_key_id: keyId },
      redactedAt: null
    }
    store.versions.push(version)
    memory.versionId = version.id
    return version
  }

  function listMemories(store: Store, query: Record<string, string>): Answer {
    const view = query.view ?? 'basic'
    if (view !== 'basic' && view !== 'full') return invalid('view must be "basic" or "full"')
    const prefix = query.path_prefix ?? '/'
    if (!prefix.startsWith('/') || !prefix.endsWith('/'))
      return invalid('path_prefix must start and end with "/"')
    const depth = Number(query.depth ?? 0)
    if (!Number.isInteger(depth) || depth < 0) return invalid('depth must be a whole number')
    type Item = { key: string; body: unknown }
    const items: Item[] = []
    const prefixes = new Set<string>()
    for (const memory of store.memories.values()) {
      if (!memory.path.startsWith(prefix)) continue
      const rest = memory.path.slice(prefix.length).split('/')
      if (depth > 0 && rest.length > depth) {
        const marker = prefix + rest.slice(0, depth).join('/') + '/'
        if (!prefixes.has(marker)) {
          prefixes.add(marker)
          items.push({ key: marker, body: { type: 'memory_prefix', path: marker } })
        }
        continue
      }
      items.push({ key: memory.path, body: memoryBody(store, memory, view) })
    }
    items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    const { data, next_page } = page(
      items,
      (item) => item.key,
      query,
      view === 'full' ? MAX_FULL_LIMIT : MAX_LIMIT
    )
    return { status: 200, body: { data: data.map((item) => item.body), next_page } }
  }

  function handle(record: RecordedRequest, apiKey: string): Answer | Held | ErrorReply | null {
    const answer = answerFor(record, apiKey)
    if (!tampering || answer === null || 'kind' in answer) return answer
    const [, , storeId, kind, itemId] = record.path.split('/').filter(Boolean)
    const route: StoreRoute = {
      method: record.method,
      kind: !storeId
        ? 'stores'
        : !kind
          ? 'store'
          : kind === 'memories'
            ? itemId
              ? 'memory'
              : 'memories'
            : itemId
              ? 'version'
              : 'versions',
      storeId: storeId ?? null,
      itemId: itemId ?? null,
      query: record.query
    }
    return tampering(route, answer) ?? answer
  }

  function answerFor(record: RecordedRequest, apiKey: string): Answer | ErrorReply | null {
    const parts = record.path.split('/').filter(Boolean)
    if (parts[0] !== 'v1' || parts[1] !== 'memory_stores') return null
    if (offline) return { kind: 'error', status: 0, dropConnection: true }
    const due = later.find((f) => f.n === 0)
    later = later.filter((f) => f.n > 0).map((f) => ({ ...f, n: f.n - 1 }))
    const fault = due?.reply ?? faults.shift()
    if (fault) return fault
    if (
      !record.betas.includes('agent-memory-2026-07-22') &&
      !record.betas.includes('managed-agents-2026-04-01')
    )
      return invalid(
        'This endpoint is in beta: send the anthropic-beta header agent-memory-2026-07-22.'
      )
    const keyId = `apikey_${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}`
    const { method, query } = record
    const body = (record.body ?? {}) as Record<string, unknown>
    const [, , storeId, kind, itemId, action] = parts

    if (!storeId) {
      if (method === 'POST') {
        if (typeof body.name !== 'string' || body.name.trim() === '')
          return invalid('name is required')
        const store: Store = {
          id: id('memstore'),
          name: body.name,
          description: typeof body.description === 'string' ? body.description : '',
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          createdAt: now(),
          updatedAt: now(),
          archivedAt: null,
          memories: new Map(),
          versions: []
        }
        stores.set(store.id, store)
        return { status: 200, body: storeBody(store) }
      }
      if (method === 'GET') {
        const all = [...stores.values()].filter(
          (s) => query.include_archived === 'true' || !s.archivedAt
        )
        const { data, next_page } = page(all, (s) => s.id, query, MAX_LIMIT)
        return { status: 200, body: { data: data.map(storeBody), next_page } }
      }
      return null
    }
    const store = stores.get(storeId)
    if (!store) return notFound(`Memory store ${storeId}`)
    if (!kind) {
      if (method === 'GET') return { status: 200, body: storeBody(store) }
      if (method === 'DELETE') {
        stores.delete(storeId)
        return { status: 200, body: { type: 'memory_store_deleted', id: storeId } }
      }
      return null
    }

    if (kind === 'memories') {
      if (!itemId) {
        if (method === 'GET') return listMemories(store, query)
        if (method !== 'POST') return null
        const problem = pathProblem(body.path) ?? contentProblem(body.content ?? '')
        if (problem) return invalid(problem)
        const path = body.path as string
        const taken = pathTaken(store, path)
        if (taken) return taken
        const content = (body.content as string | null) ?? ''
        const memory: StoredMemory = {
          id: id('mem'),
          path,
          content,
          sha256: sha256Hex(content),
          versionId: '',
          createdAt: now(),
          updatedAt: now()
        }
        store.memories.set(memory.id, memory)
        addVersion(store, memory, 'created', keyId)
        return { status: 200, body: memoryBody(store, memory, query.view ?? 'basic') }
      }
      const memory = store.memories.get(itemId)
      if (!memory) return notFound(`Memory ${itemId}`)
      if (method === 'GET')
        return { status: 200, body: memoryBody(store, memory, query.view ?? 'full') }
      if (method === 'DELETE') {
        const expected = query.expected_content_sha256
        if (expected !== undefined && expected !== memory.sha256)
          return err(
            409,
            'memory_precondition_failed_error',
            'The memory has changed: its content_sha256 does not match.'
          )
        store.memories.delete(memory.id)
        addVersion(store, memory, 'deleted', keyId)
        return { status: 200, body: { type: 'memory_deleted', id: memory.id } }
      }
      if (method !== 'POST') return null
      const nextPath = body.path ?? memory.path
      const nextContent = body.content ?? memory.content
      const problem = pathProblem(nextPath) ?? contentProblem(nextContent)
      if (problem) return invalid(problem)
      const precondition = body.precondition as
        { type?: string; content_sha256?: string } | undefined
      const same = nextPath === memory.path && nextContent === memory.content
      if (precondition !== undefined) {
        if (precondition.type !== 'content_sha256')
          return invalid('precondition.type must be content_sha256')
        if (precondition.content_sha256 !== memory.sha256 && !same)
          return err(
            409,
            'memory_precondition_failed_error',
            'The memory has changed: its content_sha256 does not match the precondition.'
          )
      }
      if (nextPath !== memory.path) {
        const taken = pathTaken(store, nextPath as string, memory.id)
        if (taken) return taken
      }
      if (!same) {
        memory.path = nextPath as string
        memory.content = nextContent as string
        memory.sha256 = sha256Hex(memory.content)
        memory.updatedAt = now()
        addVersion(store, memory, 'modified', keyId)
      }
      return { status: 200, body: memoryBody(store, memory, query.view ?? 'basic') }
    }

    if (kind === 'memory_versions') {
      const view = query.view ?? (itemId ? 'full' : 'basic')
      if (!itemId) {
        if (method !== 'GET') return null
        const list = store.versions.filter(
          (v) =>
            (!query.memory_id || v.memoryId === query.memory_id) &&
            (!query.operation || v.operation === query.operation) &&
            (!query['created_at[gte]'] || v.createdAt >= query['created_at[gte]']) &&
            (!query['created_at[lte]'] || v.createdAt <= query['created_at[lte]'])
        )
        // Newest first, as an audit log reads; the cursor is the version id (ids sort by time here).
        const ordered = list.map((v, i) => ({
          v,
          key: String(1e9 - store.versions.indexOf(v)).padStart(10, '0') + i
        }))
        ordered.sort((a, b) => (a.key < b.key ? -1 : 1))
        const { data, next_page } = page(
          ordered,
          (o) => o.key,
          query,
          view === 'full' ? MAX_FULL_LIMIT : MAX_LIMIT
        )
        return {
          status: 200,
          body: { data: data.map((o) => versionBody(store, o.v, view)), next_page }
        }
      }
      const version = store.versions.find((v) => v.id === itemId)
      if (!version) return notFound(`Memory version ${itemId}`)
      if (method === 'GET' && !action)
        return { status: 200, body: versionBody(store, version, view) }
      if (method === 'POST' && action === 'redact') {
        const live = store.memories.get(version.memoryId)
        if (live?.versionId === version.id)
          return err(
            409,
            'conflict_error',
            'The current version of a live memory cannot be redacted.'
          )
        version.redactedAt ??= now()
        return { status: 200, body: versionBody(store, version, 'basic') }
      }
      return null
    }
    return null
  }

  return {
    handle,
    tamper: (next) => void (tampering = next),
    fail: (...replies) => void faults.push(...replies),
    failAfter: (n, reply) => void later.push({ n, reply }),
    heal: () => {
      faults.length = 0
      later = []
      offline = false
      tampering = null
    },
    setOffline: (value) => void (offline = value),
    memories: (storeId) =>
      [...(stores.get(storeId)?.memories.values() ?? [])].sort((a, b) =>
        a.path < b.path ? -1 : 1
      ),
    versions: (storeId) => [...(stores.get(storeId)?.versions ?? [])],
    stores: () => [...stores.keys()]
  }
}
