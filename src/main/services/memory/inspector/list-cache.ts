import { readdirSync } from 'node:fs'
import type { Ctx } from '../kernel/context'
import { pacer, type Pace } from '../core/pace'
import { TEMP_NAME, type MemoryPath } from '../jail/paths'
import { FsProblem } from '../jail/fs-base'
import { lstatOrNull } from '../jail/fs-ops'
import { walkTree } from '../jail/walk'

// The folder-first order of everything under one listed folder, kept between memory:list calls so
// a page costs its own size, not the folder's. Only names and kinds are kept (sizes and index
// data are read per page). Every change the engine makes or learns of names its paths (`touch`);
// the next list re-reads just those paths from disk. A change that names nothing (a whole-folder
// reconcile) drops the order (`invalidate`), and so does a page entry that is gone from disk.

const MAX_TOUCHED = 2_000

export interface Listed {
  /** Relative to the listed folder. */
  segments: readonly string[]
  kind: 'file' | 'dir'
}

export class ListCache {
  private base: string | undefined
  private items: Listed[] = []
  /** Paths (relative to the root) changed since the order was built. */
  private readonly touched = new Set<string>()

  invalidate(): void {
    this.base = undefined
    this.items = []
    this.touched.clear()
  }

  /** Paths changed on disk, relative to the root (`/memories/...` display paths are taken too). */
  touch(paths: Iterable<string>): void {
    if (this.base === undefined) return
    for (const path of paths) this.touched.add(relOf(path))
    // Past this many, one walk costs less than patching path by path.
    if (this.touched.size > MAX_TOUCHED) this.invalidate()
  }

  /** The whole order under `base`, brought up to date with what was touched since. */
  async order(
    ctx: Ctx,
    base: MemoryPath,
    maxDepth: number,
    pace: Pace = pacer()
  ): Promise<Listed[]> {
    if (this.base !== base.rel) {
      this.base = undefined
      this.touched.clear()
      this.items = await walkOrder(ctx, base.segments, maxDepth, pace)
      this.base = base.rel
      return this.items
    }
    const touched = [...this.touched]
    this.touched.clear()
    for (const rel of touched) {
      if (!isStrictlyWithin(rel, base.rel)) {
        // The listed folder itself (or a folder above it) changed: start again.
        if (base.rel === '' || isStrictlyWithin(base.rel, rel) || rel === base.rel) {
          this.invalidate()
          return this.order(ctx, base, maxDepth, pace)
        }
        continue
      }
      await pace()
      const inside = (base.rel === '' ? rel : rel.slice(base.rel.length + 1)).split('/')
      await this.refresh(ctx, base, inside.slice(0, maxDepth), maxDepth, pace)
    }
    return this.items
  }

  /** Re-reads `segments` and the folders above it (each may have been made or removed). */
  private async refresh(
    ctx: Ctx,
    base: MemoryPath,
    segments: readonly string[],
    maxDepth: number,
    pace: Pace
  ): Promise<void> {
    for (let depth = 1; depth <= segments.length; depth++) {
      const prefix = segments.slice(0, depth)
      const kind = await kindOnDisk(ctx, [...base.segments, ...prefix])
      let at = this.find(prefix)
      if (at.found && (kind === null || this.items[at.index]?.kind !== kind)) {
        this.items.splice(at.index, 1 + this.subtreeLength(at.index))
        at = { index: at.index, found: false }
      }
      if (kind === null) return
      if (!at.found) this.items.splice(at.index, 0, { segments: prefix, kind })
      if (kind === 'file') return
      if (depth === segments.length && depth < maxDepth) {
        // A folder named by the change: its content is walked again (it may have moved in whole).
        const inner = await walkOrder(ctx, [...base.segments, ...prefix], maxDepth - depth, pace)
          // Gone (or replaced) since it was looked at: the next list finds out (see listEntries).
          .catch((error: unknown) => {
            if (error instanceof FsProblem) return []
            throw error
          })
        const below = inner.map((item) => ({
          segments: [...prefix, ...item.segments],
          kind: item.kind
        }))
        // Not splice(...below): a folder of 100,000 entries would overflow the argument list.
        const end = at.index + 1 + this.subtreeLength(at.index)
        this.items = this.items.slice(0, at.index + 1).concat(below, this.items.slice(end))
      }
    }
  }

  /** Where `segments` is (or would go) in the order. */
  private find(segments: readonly string[]): { index: number; found: boolean } {
    const index = firstAfter(this.items, segments, true)
    const item = this.items[index]
    return { index, found: item !== undefined && compareSegments(item.segments, segments) === 0 }
  }

  /** How many entries below the folder at `index` follow it. */
  private subtreeLength(index: number): number {
    const head = this.items[index]?.segments ?? []
    let end = index + 1
    while (end < this.items.length && isPrefix(head, (this.items[end] as Listed).segments)) end++
    return end - index - 1
  }
}

/** Index of the first item after `segments` (or at it, with `inclusive`): items are in order. */
export function firstAfter(
  items: readonly Listed[],
  segments: readonly string[],
  inclusive = false,
  prefix: readonly string[] = []
): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const mid = (low + high) >>> 1
    const item = (items[mid] as Listed).segments
    const order = compareSegments(prefix.length ? [...prefix, ...item] : item, segments)
    if (order < 0 || (order === 0 && !inclusive)) low = mid + 1
    else high = mid
  }
  return low
}

/** Depth-first order: a folder, then what it holds, then its next sibling. */
export function compareSegments(a: readonly string[], b: readonly string[]): number {
  const shared = Math.min(a.length, b.length)
  for (let i = 0; i < shared; i++) {
    const x = a[i] as string
    const y = b[i] as string
    if (x !== y) return x < y ? -1 : 1
  }
  return a.length - b.length
}

/** Everything under the folder `segments` (relative to it), paced; stats only unknown types. */
export async function walkOrder(
  ctx: Ctx,
  segments: readonly string[],
  maxDepth: number,
  pace: Pace
): Promise<Listed[]> {
  const items: Listed[] = []
  await ctx.fs.withDir(segments, (dir) =>
    walkTree(dir, (item) => items.push({ segments: item.segments, kind: item.kind }), {
      isTemp: (name) => TEMP_NAME.test(name),
      maxDepth,
      sorted: true,
      stat: () => false,
      pace
    })
  )
  return items
}

/** What the walk would list at `segments`: a file, a folder, or nothing (links, temp files…). */
async function kindOnDisk(ctx: Ctx, segments: readonly string[]): Promise<'file' | 'dir' | null> {
  const name = segments.at(-1) ?? ''
  try {
    return await ctx.fs.withDir(segments.slice(0, -1), async (dir) => {
      const info = await lstatOrNull(dir.at(name))
      const kind = info?.isDirectory()
        ? 'dir'
        : info?.isFile() && !TEMP_NAME.test(name)
          ? 'file'
          : null
      // Names the tool refuses are listed too (marked), so no parsing here. A case-insensitive
      // disk finds NOTES.md for notes.md: only the spelling on disk counts (an indexed file has it).
      if (!kind || (kind === 'file' && ctx.index.get(segments.join('/')))) return kind
      return readdirSync(dir.path).includes(name) ? kind : null
    })
  } catch (error) {
    // A folder on the way is gone, a file or a link: nothing is listed there.
    if (error instanceof FsProblem) return null
    throw error
  }
}

function relOf(path: string): string {
  const rel = path.startsWith('/memories') ? path.slice('/memories'.length) : path
  return rel.replace(/^\/+|\/+$/g, '')
}

function isStrictlyWithin(rel: string, folder: string): boolean {
  return rel !== folder && (folder === '' || rel.startsWith(`${folder}/`))
}

function isPrefix(head: readonly string[], segments: readonly string[]): boolean {
  return segments.length > head.length && head.every((part, i) => segments[i] === part)
}
