import { createHash } from 'node:crypto'
import { z } from 'zod'
import { localPathOf, MAX_REMOTE_BYTES, notSyncable } from './paths'

// What the store answers, checked before sync believes it: ids the SDK can put in a URL, paths
// the store's own rules allow, sha256 hashes, sizes within the store's limit, text as text. An
// answer that fails is one bad item, never a broken round.

/** The store holds at most this many memories; a list that goes past it is not believed. */
export const MAX_LISTED = 2_000
export const LIST_PAGE_SIZE = 100
/** 2,000 memories are 20 full pages; a few short pages more are allowed, then the list stops. */
export const MAX_LIST_PAGES = 25
/** One memory's JSON answer: its content (each byte escaped at worst as `\u00XX`) and the rest. */
export const MEMORY_ANSWER_BYTES = MAX_REMOTE_BYTES * 6 + 64 * 1024
/** One list page: 100 items with paths of up to 1,024 bytes, escaped. */
export const LIST_ANSWER_BYTES = 2 * 1024 * 1024

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,254}$/
const id = z.string().regex(ID)
const sha = z.string().regex(/^[0-9a-f]{64}$/)

const Memory = z.object({
  type: z.literal('memory'),
  id,
  path: z.string(),
  content_sha256: sha,
  content_size_bytes: z.number().int().min(0),
  memory_version_id: id
})
type Memory = z.infer<typeof Memory>

const Page = z.object({
  data: z.array(z.unknown()),
  next_page: z.string().max(4096).nullable().optional()
})

export interface Checked {
  id: string
  path: string
  sha256: string
  size: number
  versionId: string
}

/** A listed item the store sent that sync will not take (`id`/`path` when they can be read). */
export interface Bad {
  id: string | null
  path: string | null
  reason: string
}

export type ItemResult =
  { kind: 'memory'; memory: Checked } | { kind: 'other' } | { kind: 'bad'; bad: Bad }

export function readPage(json: unknown): { data: unknown[]; next: string | null } | null {
  const page = Page.safeParse(json)
  if (!page.success) return null
  return { data: page.data.data, next: page.data.next_page || null }
}

/** One item of a list page: a memory sync can use, something else (a folder prefix), or bad. */
export function readItem(item: unknown): ItemResult {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return {
      kind: 'bad',
      bad: { id: null, path: null, reason: 'the store listed something that is not a memory' }
    }
  const type = (item as { type?: unknown }).type
  if (typeof type === 'string' && type !== 'memory') return { kind: 'other' }
  const memory = Memory.safeParse(item)
  if (!memory.success) return { kind: 'bad', bad: badOf(item, describe(memory.error)) }
  const problem = memoryProblem(memory.data)
  if (problem) return { kind: 'bad', bad: badOf(item, problem) }
  return { kind: 'memory', memory: checked(memory.data) }
}

/** The memory in a create or update answer (`view: basic`), or why it can't be believed. */
export function readMemory(json: unknown): Checked | string {
  const memory = Memory.safeParse(json)
  if (!memory.success) return describe(memory.error)
  return memoryProblem(memory.data) ?? checked(memory.data)
}

/** A fetched memory (`view: full`) held against what the list said of it. */
export function readFetched(
  json: unknown,
  listed: Checked
): { memory: Checked; content: string } | string {
  const memory = Memory.safeParse(json)
  if (!memory.success) return describe(memory.error)
  const content = (json as { content?: unknown }).content
  if (typeof content !== 'string') return 'the store sent its content as something other than text'
  if (memory.data.id !== listed.id) return 'the store answered with another memory'
  const bytes = Buffer.byteLength(content)
  if (bytes > MAX_REMOTE_BYTES) return overLimit(bytes)
  const problem = memoryProblem(memory.data)
  if (problem) return problem
  const actual = createHash('sha256').update(content, 'utf8').digest('hex')
  if (actual !== memory.data.content_sha256)
    return "the store's content does not match its own content_sha256"
  if (actual !== listed.sha256) return 'the store sent content other than the version it listed'
  if (bytes !== memory.data.content_size_bytes) return "the store's content does not match its size"
  return { memory: checked(memory.data), content }
}

export function overLimit(bytes: number): string {
  return `the store has it at ${bytes.toLocaleString('en-US')} bytes, over its own 100 kB limit`
}

function memoryProblem(memory: Memory): string | null {
  if (memory.content_size_bytes > MAX_REMOTE_BYTES) return overLimit(memory.content_size_bytes)
  if (!memory.path.startsWith('/')) return 'the store gave it a path that does not start with "/"'
  const reason = notSyncable(localPathOf(memory.path), 0)
  return reason
    ? `the store gave it a path its own rules refuse (${reason.replace(/^not synced: /, '')})`
    : null
}

function checked(memory: Memory): Checked {
  return {
    id: memory.id,
    path: memory.path,
    sha256: memory.content_sha256,
    size: memory.content_size_bytes,
    versionId: memory.memory_version_id
  }
}

function badOf(item: object, reason: string): Bad {
  const { id: rawId, path } = item as { id?: unknown; path?: unknown }
  return {
    id: typeof rawId === 'string' && ID.test(rawId) ? rawId : null,
    path: typeof path === 'string' ? printable(path) : null,
    reason
  }
}

/** A path shown to the user as the store sent it, without control characters, at most 1,024 long. */
function printable(path: string): string {
  // eslint-disable-next-line no-control-regex
  return path.slice(0, 1024).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\uFFFD')
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0]
  const field = issue?.path.join('.') || 'the answer'
  switch (field) {
    case 'id':
    case 'memory_version_id':
      return `the store gave it an id sync cannot use (${field})`
    case 'content_sha256':
      return 'the store gave it no valid content_sha256'
    case 'content_size_bytes':
      return 'the store gave it a size that is not a whole number of bytes'
    case 'path':
      return 'the store gave it no path'
    default:
      return `the store's answer is malformed (${field})`
  }
}
