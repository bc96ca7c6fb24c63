// Memory → search on 10,000 files (issue 25), against a baseline measured in the same run: the
// plain way (walk the folder, read every file, search it), which is what a search without the
// engine's index and text cache costs. Cairn's first search reads every file too (cold); later
// ones read only what changed (warm). Environment: BENCH_FILES (default 10,000), BENCH_REPS (5).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openMemoryStore } from '../src/main/services/memory/index'

const FILES = Number(process.env.BENCH_FILES ?? 10_000)
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 5))
const WORDS = ['garden', 'tea', 'project', 'deadline', 'python', 'meeting', 'sister', 'budget']

function noteText(i: number): string {
  const lines = [`# Note ${i}`]
  for (let line = 0; line < 24; line++)
    lines.push(`- ${WORDS[(i + line) % WORDS.length]} item ${line} of note ${i}, kept for later`)
  if (i % 97 === 0) lines.push('The user is allergic to hazelnuts.')
  return `${lines.join('\n')}\n`
}

/** The plain way: every file read and searched, any case. */
async function plainSearch(root: string, query: string): Promise<number> {
  const needle = query.toLowerCase()
  let files = 0
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8')
    if (text.toLowerCase().includes(needle) || entry.name.toLowerCase().includes(needle)) files++
  }
  return files
}

const median = (list: number[]): number =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN

const base = await mkdtemp(join(tmpdir(), 'cairn-search-bench-'))
try {
  const root = join(base, 'memories')
  for (let folder = 0; folder < FILES / 1000; folder++)
    await mkdir(join(root, `f${folder}`), { recursive: true })
  for (let i = 0; i < FILES; i++)
    await writeFile(join(root, `f${Math.floor(i / 1000)}`, `note-${i}.md`), noteText(i))
  const store = await openMemoryStore({
    root,
    stateDir: join(base, 'state'),
    history: false,
    limits: { maxFiles: 100_000, maxTotalBytes: 1024 * 1024 * 1024 }
  })
  console.log(`Memory search over ${FILES.toLocaleString()} files (~1.5 KB each)`)
  console.log(`Node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`)
  const start = performance.now()
  const cold = await store.search('hazelnut')
  const coldMs = performance.now() - start
  const warm: number[] = []
  const plain: number[] = []
  let found = 0
  for (let rep = 0; rep < REPS; rep++) {
    let at = performance.now()
    found = (await store.search('HAZELNUT')).matchedFiles
    warm.push(performance.now() - at)
    at = performance.now()
    await plainSearch(root, 'hazelnut')
    plain.push(performance.now() - at)
  }
  const common = performance.now()
  const many = await store.search('garden')
  const commonMs = performance.now() - common
  console.log(`  files matching "hazelnut": ${cold.matchedFiles} (warm: ${found})`)
  console.log(`  Cairn, first search (reads every file)   ${coldMs.toFixed(0)} ms`)
  console.log(`  Cairn, later searches (median of ${REPS})     ${median(warm).toFixed(0)} ms`)
  console.log(`  plain read-and-search (median of ${REPS})     ${median(plain).toFixed(0)} ms`)
  console.log(
    `  ratio plain / Cairn warm ${(median(plain) / median(warm)).toFixed(1)}×, plain / Cairn cold ${(median(plain) / coldMs).toFixed(1)}×`
  )
  console.log(
    `  a common word ("garden", ${many.matchedFiles.toLocaleString()} of ${many.searchedFiles.toLocaleString()} files match, the first ${many.files.length} listed): ${commonMs.toFixed(0)} ms`
  )
  await store.dispose()
} finally {
  await rm(base, { recursive: true, force: true })
}
