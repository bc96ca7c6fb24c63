import { randomBytes } from 'node:crypto'
import { sha256Hex, type Answer, type Held, type StoreRoute, type Tamper } from './memory-stores'

// Hostile and broken Memory Stores, as tampers for `fake.memoryStores.tamper(...)`: cursors that
// loop, pages without end, sizes and hashes that lie, items that are not memories, requests that
// never answer. The strict fake stays as it is; these change only what it answers.

type Json = Record<string, unknown>

const isList = (route: StoreRoute): boolean => route.method === 'GET' && route.kind === 'memories'
const isRetrieve = (route: StoreRoute): boolean => route.method === 'GET' && route.kind === 'memory'
const bodyOf = (answer: Answer): Json | null =>
  'body' in answer && answer.body !== null && typeof answer.body === 'object'
    ? (answer.body as Json)
    : null

/** A memory as the list shows it (`view: basic`), for a memory the store does not hold. */
export function phantomMemory(path: string, content = ''): Json {
  return {
    type: 'memory',
    id: `mem_${randomBytes(12).toString('hex')}`,
    memory_store_id: 'memstore_phantom',
    path,
    content: null,
    content_sha256: sha256Hex(content),
    content_size_bytes: Buffer.byteLength(content),
    memory_version_id: `memver_${randomBytes(12).toString('hex')}`,
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString()
  }
}

/** The tampers in order, each on what the one before made of the answer (a hold ends it). */
export function allOf(...tampers: Tamper[]): Tamper {
  return (route, answer) => {
    let current: Answer | undefined
    for (const tamper of tampers) {
      const changed = tamper(route, current ?? answer)
      if (changed && 'hold' in changed) return changed
      if (changed) current = changed
    }
    return current
  }
}

/** Every list page names the same next page: a client that follows it never ends. */
export function cursorLoop(cursor = 'bG9vcA'): Tamper {
  return (route, answer) => {
    const body = bodyOf(answer)
    if (!isList(route) || !body) return undefined
    return { status: 200, body: { ...body, next_page: cursor } }
  }
}

/**
 * Pages without end: each holds `perPage` memories the store never had and a cursor never seen
 * before. `served` counts the pages answered so far.
 */
export function endlessPages(perPage: number): Tamper & { served: () => number } {
  let served = 0
  const tamper: Tamper = (route) => {
    if (!isList(route)) return undefined
    served += 1
    const data = Array.from({ length: perPage }, (_, i) =>
      phantomMemory(`/endless/${served}/${i}.md`, `page ${served} item ${i}`)
    )
    return {
      status: 200,
      body: { data, next_page: `page-${served}-${randomBytes(8).toString('hex')}` }
    }
  }
  return Object.assign(tamper, { served: () => served })
}

/** The listed memory at `path` (as the list shows it) replaced by whatever `edit` makes of it. */
export function listedAs(path: string, edit: (item: Json) => unknown): Tamper {
  return (route, answer) => {
    const body = bodyOf(answer)
    if (!isList(route) || !body || !Array.isArray(body.data)) return undefined
    const data = (body.data as Json[]).map((item) => (item?.path === path ? edit(item) : item))
    return { status: 200, body: { ...body, data } }
  }
}

/** These items appended to the list's last page (things that are not memories, bad ids...). */
export function alsoListed(...items: unknown[]): Tamper {
  return (route, answer) => {
    const body = bodyOf(answer)
    if (!isList(route) || !body || !Array.isArray(body.data) || body.next_page) return undefined
    return { status: 200, body: { ...body, data: [...body.data, ...items] } }
  }
}

/** The answer when the memory at `path` is fetched (`view: full`), replaced by `edit`'s. */
export function fetchedAs(path: string, edit: (memory: Json) => unknown): Tamper {
  return (route, answer) => {
    const body = bodyOf(answer)
    if (!isRetrieve(route) || !body || body.path !== path) return undefined
    return { status: 200, body: edit(body) }
  }
}

/** Requests that match never answer; `reached` resolves when the first one arrives. */
export function hang(
  match: (route: StoreRoute) => boolean
): Tamper & { reached: Promise<void>; held: () => number } {
  let held = 0
  let arrived: () => void = () => undefined
  const reached = new Promise<void>((resolve) => (arrived = resolve))
  const tamper: Tamper = (route): Held | undefined => {
    if (!match(route)) return undefined
    held += 1
    arrived()
    return { hold: true }
  }
  return Object.assign(tamper, { reached, held: () => held })
}

export const routes = { isList, isRetrieve }
