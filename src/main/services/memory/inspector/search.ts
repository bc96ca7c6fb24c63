import { compareTreePaths } from '@shared/memory/names'
import {
  SEARCH_PAGE,
  type MemorySearchFile,
  type MemorySearchPage,
  type MemorySearchResult
} from '@shared/memory/search'
import type { Ctx } from '../kernel/context'
import type { Pace } from '../core/pace'
import { displayOf } from '../jail/paths'
import { readText } from '../jail/read-text'

// Memory → search (issue 25): names and contents of every file the index knows, the query taken
// literally and any case. Texts are kept by hash in a bounded cache, so after the first search
// only files that changed are read again (10,000 files: see bench/search.bench.ts). Every file is
// searched each time, so the answer can say how many match in all; only the asked page is sent.
/** Lines shown per file. */
const LINES_PER_FILE = 5
/** A shown line is cut to this many characters around its first match. */
const LINE_CHARS = 160

/** Texts by content hash, oldest dropped first once over `maxChars`. */
export class TextCache {
  private readonly texts = new Map<string, string>()
  private chars = 0

  constructor(private readonly maxChars = 32 * 1024 * 1024) {}

  get(hash: string): string | undefined {
    const text = this.texts.get(hash)
    if (text !== undefined) {
      // Most recently used goes last.
      this.texts.delete(hash)
      this.texts.set(hash, text)
    }
    return text
  }

  set(hash: string, text: string): void {
    if (text.length > this.maxChars || this.texts.has(hash)) return
    this.texts.set(hash, text)
    this.chars += text.length
    for (const [old, dropped] of this.texts) {
      if (this.chars <= this.maxChars) break
      this.texts.delete(old)
      this.chars -= dropped.length
    }
  }
}

/** The matching files in the tree's order, `page.offset` of them skipped, `page.limit` listed. */
export async function searchFolder(
  ctx: Ctx,
  query: string,
  page: MemorySearchPage,
  cache: TextCache,
  pace: Pace
): Promise<MemorySearchResult> {
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu')
  const offset = page.offset ?? 0
  const end = offset + (page.limit ?? SEARCH_PAGE)
  const files: MemorySearchFile[] = []
  let matched = 0
  let skipped = 0
  let searchedFiles = 0
  const rels = Array.from(ctx.index.entries()).sort(([a], [b]) => compareTreePaths(a, b))
  for (const [rel, entry] of rels) {
    if (searchedFiles % 200 === 0) await pace()
    searchedFiles++
    const path = displayOf(rel)
    const nameRanges = rangesIn(path, pattern)
    let text = cache.get(entry.hash)
    if (text === undefined) {
      const read = await readText(ctx, rel.split('/')).catch(() => null)
      if (read && 'text' in read) {
        text = read.text
        cache.set(entry.hash, text)
      } else if (read) skipped++
    }
    const found = text === undefined ? { lines: [], count: 0 } : linesWith(text, pattern)
    if (!nameRanges.length && !found.count) continue
    matched++
    if (matched > offset && matched <= end) files.push({ path, nameRanges, ...found })
  }
  return { files, offset, matchedFiles: matched, searchedFiles, skipped }
}

function rangesIn(text: string, pattern: RegExp): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  for (const match of text.matchAll(pattern))
    ranges.push([match.index, match.index + match[0].length])
  return ranges
}

/** The first lines holding a match (cut around it), and how many matches there are in all. */
function linesWith(text: string, pattern: RegExp): Pick<MemorySearchFile, 'lines' | 'count'> {
  const lines: MemorySearchFile['lines'] = []
  let count = 0
  // The line number at `pos`, counted forward only as far as the matches go.
  let pos = 0
  let lineNo = 1
  for (const match of text.matchAll(pattern)) {
    count++
    if (lines.length >= LINES_PER_FILE) continue
    for (
      let nl = text.indexOf('\n', pos);
      nl !== -1 && nl < match.index;
      nl = text.indexOf('\n', pos)
    ) {
      lineNo++
      pos = nl + 1
    }
    if (lines.at(-1)?.line === lineNo) continue // this line is shown already
    const end = text.indexOf('\n', match.index)
    const whole = text.slice(pos, end === -1 ? text.length : end)
    const first = match.index - pos
    const from = Math.max(0, Math.min(first - LINE_CHARS / 4, whole.length - LINE_CHARS))
    const shown = whole.slice(from, from + LINE_CHARS)
    lines.push({ line: lineNo, text: shown, ranges: rangesIn(shown, pattern) })
  }
  return { lines, count }
}
