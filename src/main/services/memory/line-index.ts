import { setImmediate as nextTurn } from 'node:timers/promises'
import { MAX_LINES } from './format'

// Where each line of a big file starts, so a view reads only the bytes of the lines it shows.
// Built once per file version in chunks that give the event loop a turn between them, and kept
// for the last few files by (device, inode, size, mtime, ctime): any change makes a new key.
// It stops past MAX_LINES: such a file is refused by view anyway.

export interface ByteSource {
  size: number
  /** Up to `length` bytes from `position`. */
  read(position: number, length: number, into?: Buffer): Promise<Buffer>
}

export interface LineIndex {
  /** Lines as the tool counts them (split on \n); MAX_LINES + 1 when there are more. */
  total: number
  /** Byte offset where line n (1-based) starts is `starts[n - 1]`. */
  starts: Float64Array
  size: number
}

const CHUNK = 1024 * 1024
const KEEP = 4
const cache = new Map<string, LineIndex>()

export async function lineIndexOf(source: ByteSource, key?: string): Promise<LineIndex> {
  const cached = key === undefined ? undefined : cache.get(key)
  if (cached && key !== undefined) {
    cache.delete(key) // most recently used last
    cache.set(key, cached)
    return cached
  }
  const index = await build(source)
  if (key !== undefined) {
    cache.set(key, index)
    while (cache.size > KEEP) cache.delete(cache.keys().next().value as string)
  }
  return index
}

/** For tests and after the app's own writes: forget every index. */
export function clearLineIndexes(): void {
  cache.clear()
}

async function build(source: ByteSource): Promise<LineIndex> {
  let starts = new Float64Array(1024)
  let total = 1 // line 1 starts at 0
  const scratch = Buffer.allocUnsafe(Math.min(CHUNK, source.size)) // one buffer: no GC churn
  for (let at = 0; at < source.size && total <= MAX_LINES;) {
    const chunk = await source.read(at, Math.min(CHUNK, source.size - at), scratch)
    if (chunk.length === 0) break
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) {
      if (total === starts.length) {
        const grown = new Float64Array(starts.length * 2)
        grown.set(starts)
        starts = grown
      }
      starts[total++] = at + i + 1
      if (total > MAX_LINES) break
    }
    at += chunk.length
    await nextTurn()
  }
  return { total, starts: starts.subarray(0, total), size: source.size }
}

/** The byte range [from, to) of line n, without its \n. */
export function lineBytes(index: LineIndex, n: number): [number, number] {
  const from = index.starts[n - 1] ?? index.size
  const to = n < index.total ? (index.starts[n] ?? index.size) - 1 : index.size
  return [from, Math.max(from, to)]
}
