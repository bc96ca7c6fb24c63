import type { Dirent, Stats } from 'node:fs'
import { overCapNote } from '../caps/caps'
import type { Ctx } from '../kernel/context'
import { bigFiles, readBounded } from '../jail/big-file'
import { isKnown, noteRead, openIn, parentOf, probe, expiredNote } from '../kernel/files'
import { lineBytes } from '../jail/line-index'
import { count, formatSize, lineCount, MAX_LINES, numbered } from '../core/format'
import { refusedReason, unreadableLine, unreadableNote } from '../kernel/names'
import { credentialInName, redactPath } from '../secret-guard'
import { type MemoryPath } from '../jail/paths'
import { listDir, lstatOrNull } from '../jail/fs-ops'
import { openChild, type Dir, type RegularFile } from '../jail/fs-base'
import { linkRefusal } from '../jail/io-failure'
import { ToolError } from '../core/tool-error'
import type { CommandOf } from './input'

type Range = readonly [number, number] | null | undefined

export async function view(ctx: Ctx, path: MemoryPath, input: CommandOf<'view'>): Promise<string> {
  const missing = () =>
    new ToolError(
      'not-found',
      `The path ${path.display} does not exist. Please provide a valid path.${expiredNote(ctx, path)}`
    )
  const found = await probe(ctx, path)
  if (found.kind === 'dir') {
    return ctx.fs.withDir(path.segments, (dir) => listing(ctx, path, dir, input.view_range))
  }
  if (found.kind === 'link') throw linkRefusal(path.display, path.display)
  if (found.kind !== 'file') throw missing()
  return ctx.fs.withDir(parentOf(path), async (dir) => {
    const file = await openIn(dir, path, missing)
    try {
      const { info } = file
      if (info.size <= bigFiles.syncBytes) {
        const read = await readBounded(file)
        noteRead(ctx, path, read, true)
        return (
          fileView(ctx, path, read.bytes.toString('utf8'), input.view_range) +
          overCapNote(ctx, read.size)
        )
      }
      // A big file: read whole (in chunks) only to rehash a changed one; lines are read by range.
      const read = isKnown(ctx, path, info)
        ? await readBounded(file, 0, 0)
        : await readBounded(file, bigFiles.wholeBytes)
      noteRead(ctx, path, read, true)
      return (await rangedView(ctx, path, file, input.view_range)) + overCapNote(ctx, info.size)
    } finally {
      file.close()
    }
  })
}

function fileView(ctx: Ctx, path: MemoryPath, text: string, range: Range): string {
  const total = lineCount(text)
  checkLines(path, total)
  const [start, end] = checkRange(range, total, 'file')
  const lines = text.split('\n')
  return render(ctx, path, (n) => lines[n - 1] ?? '', start, end, total)
}

/** The same result as fileView, reading only the bytes of the lines that can be shown. */
async function rangedView(
  ctx: Ctx,
  path: MemoryPath,
  file: RegularFile,
  range: Range
): Promise<string> {
  const index = await ctx.lines.of(file)
  checkLines(path, index.total)
  const [start, end] = checkRange(range, index.total, 'file')
  // A character is 1 to 3 bytes per UTF-16 unit: this many bytes always hold more than the
  // read limit, so every line that can be shown is read (the last one perhaps only in part).
  const from = lineBytes(index, start)[0]
  const to = Math.min(lineBytes(index, end)[1], from + 3 * ctx.limits.maxReadChars + 12)
  const region = await file.read(from, to - from)
  const lineOf = (n: number): string => {
    const [a, b] = lineBytes(index, n)
    return region
      .subarray(Math.min(a - from, region.length), Math.min(b - from, region.length))
      .toString('utf8')
  }
  return render(ctx, path, lineOf, start, end, index.total)
}

function checkLines(path: MemoryPath, total: number): void {
  if (total > MAX_LINES) {
    throw new ToolError(
      'refused',
      `File ${path.display} exceeds maximum line limit of 999,999 lines.`
    )
  }
}

function render(
  ctx: Ctx,
  path: MemoryPath,
  lineOf: (n: number) => string,
  start: number,
  end: number,
  total: number
): string {
  const header = `Here's the content of ${path.display} with line numbers:`
  const { body, last, cut } = fit(
    (n) => numbered(n, lineOf(n)),
    start,
    end,
    ctx.limits.maxReadChars
  )
  return `${header}\n${body.join('\n')}${cut ? pageNote(ctx, start, last, total, end, cut) : ''}`
}

function checkRange(range: Range, total: number, what: 'file' | 'listing'): [number, number] {
  if (!range) return [1, total]
  const [start, end] = range
  const shownRange = `[${start}, ${end}]`
  if (start < 1 || start > total) {
    throw new ToolError(
      'invalid',
      `Error: Invalid \`view_range\` parameter: ${shownRange}. Its first element \`${start}\` should be within the range of lines of the ${what}: [1, ${total}]`
    )
  }
  if (end === -1) return [start, total]
  if (end < start) {
    throw new ToolError(
      'invalid',
      `Error: Invalid \`view_range\` parameter: ${shownRange}. Its second element \`${end}\` should be -1 or larger than or equal to its first element \`${start}\``
    )
  }
  return [start, Math.min(end, total)]
}

type Cut = false | 'limit' | 'long-line'

/** Takes lines start..end while they fit in `budget` characters (at least part of one line). */
function fit(
  lineOf: (n: number) => string,
  start: number,
  end: number,
  budget: number
): { body: string[]; last: number; cut: Cut } {
  const body: string[] = []
  let used = 0
  for (let n = start; n <= end; n++) {
    const line = lineOf(n)
    const cost = line.length + (body.length ? 1 : 0)
    if (used + cost > budget) {
      if (body.length) return { body, last: n - 1, cut: 'limit' }
      body.push(line.slice(0, budget))
      return { body, last: n, cut: n < end || line.length > budget ? 'long-line' : false }
    }
    body.push(line)
    used += cost
  }
  return { body, last: end, cut: false }
}

function pageNote(
  ctx: Ctx,
  start: number,
  last: number,
  total: number,
  end: number,
  cut: Cut
): string {
  const limit = count(ctx.limits.maxReadChars)
  const next =
    last < end
      ? ` To read on, call view with view_range [${last + 1}, ${end === total ? -1 : end}].`
      : ''
  if (cut === 'long-line') {
    return `\n[Line ${last} is longer than the read limit of ${limit} characters and was cut.${next}]`
  }
  return `\n[Output stopped at the read limit of ${limit} characters: showing lines ${start}-${last} of ${total}.${next}]`
}

interface Item {
  display: string
  dir: Dir
  name: string
  /** Set for a name the tool refuses (made outside the app): the line is escaped and marked. */
  unreadable?: string
}

const SIZE_WIDTH = 7 // the widest size text, e.g. "1023.9K"

/** Root line first, then two levels (folders before their contents), hidden and node_modules out. */
async function listing(ctx: Ctx, path: MemoryPath, dir: Dir, range: Range): Promise<string> {
  const root = await dir.stat()
  const opened: Dir[] = []
  try {
    const items: Item[] = []
    const item = async (
      parent: string,
      parentRel: string,
      itemDir: Dir,
      name: string
    ): Promise<Item> => {
      const rel = parentRel ? `${parentRel}/${name}` : name
      const reason = refusedReason(rel)
      if (reason)
        return {
          display: unreadableLine(parent, name, reason),
          dir: itemDir,
          name,
          unreadable: reason
        }
      // A name another program gave that holds a key is out of memory (see scan.ts): shown redacted.
      const known = ctx.index.get(rel) !== undefined || ctx.index.isFileUnder(rel)
      const credential = known ? undefined : await credentialInName(name)
      if (!credential) return { display: `${parent}/${name}`, dir: itemDir, name }
      const held = `holds a credential (${credential}), shown redacted`
      const display = unreadableLine(parent, await redactPath(name), held)
      return { display, dir: itemDir, name, unreadable: held }
    }
    for (const entry of visible(await listDir(dir.path))) {
      const top = await item(path.display, path.rel, dir, entry.name)
      items.push(top)
      // What is inside a folder the tool cannot name is out of reach too; it is not listed.
      if (!entry.isDirectory() || top.unreadable) continue
      const sub = await openChild(dir, entry.name).catch(() => null)
      if (!sub) continue
      opened.push(sub)
      const topRel = path.rel ? `${path.rel}/${entry.name}` : entry.name
      for (const child of visible(await listDir(sub.path).catch(() => []))) {
        items.push(await item(top.display, topRel, sub, child.name))
      }
    }
    const total = items.length + 1
    const [start, end] = checkRange(range, total, 'listing')
    const rootLine = `${formatSize(root.size)}\t${path.display}`
    // Sizes are looked up only for lines that can fit the read limit: a folder of 10,000 files
    // pages cheaply. The estimate uses the widest size text, so every chosen line does fit.
    const estimate = (n: number): number =>
      n === 1 ? rootLine.length : SIZE_WIDTH + 1 + (items[n - 2]?.display.length ?? 0)
    let used = 0
    let last = start
    for (let n = start; n <= end; n++) {
      used += estimate(n) + (n > start ? 1 : 0)
      if (used > ctx.limits.maxReadChars && n > start) break
      last = n
    }
    const sizes = await statAll(items.slice(Math.max(0, start - 2), Math.max(0, last - 1)))
    const lineOf = (n: number): string => {
      if (n === 1) return rootLine
      const item = items[n - 2] as Item
      if (item.unreadable) return item.display
      const info = sizes.get(item)
      return `${info ? formatSize(info.size) : '?'}\t${item.display}`
    }
    const header = `Here're the files and directories up to 2 levels deep in ${path.display}, excluding hidden items and node_modules:`
    const shown = fit(lineOf, start, last, ctx.limits.maxReadChars)
    const cut: Cut = shown.cut || (shown.last < end ? 'limit' : false)
    const more = cut ? pageNote(ctx, start, shown.last, total, end, cut) : ''
    const unreadable = items
      .slice(Math.max(0, start - 2), Math.max(0, shown.last - 1))
      .filter((entry) => entry.unreadable).length
    return `${header}\n${shown.body.join('\n')}${more}${overCapFiles(ctx, sizes)}${unreadableNote(unreadable)}`
  } finally {
    for (const sub of opened) await sub.close().catch(() => undefined)
  }
}

function visible(entries: Dirent[]): Dirent[] {
  return entries.filter(
    (entry) =>
      !entry.name.startsWith('.') &&
      entry.name !== 'node_modules' &&
      (entry.isFile() || entry.isDirectory())
  )
}

async function statAll(items: Item[]): Promise<Map<Item, Stats>> {
  const found = new Map<Item, Stats>()
  const batch = 64
  for (let i = 0; i < items.length; i += batch) {
    await Promise.all(
      items.slice(i, i + batch).map(async (item) => {
        const info = await lstatOrNull(item.dir.at(item.name)).catch(() => null)
        if (info) found.set(item, info)
      })
    )
  }
  return found
}

function overCapFiles(ctx: Ctx, sizes: Map<Item, Stats>): string {
  const cap = ctx.limits.maxFileBytes
  const over = [...sizes]
    .filter(([item, info]) => !item.unreadable && info.isFile() && info.size > cap)
    .map(([item]) => item.display)
  if (over.length === 0) return ''
  const names =
    over.slice(0, 10).join(', ') + (over.length > 10 ? `, and ${over.length - 10} more` : '')
  return `\nNote: over the per-file cap of ${formatSize(cap)} (readable, but they cannot grow; shorten or split them): ${names}`
}
