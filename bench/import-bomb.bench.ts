// Reading an import archive: a gzip bomb (1.1 MB that unpacks to 1.1 GB of zeros after a real,
// empty export) and two genuine exports (5 MB, under the hold: one pass; 120 MB, over it: two),
// read by the streamed reader (archive-io.ts) against the one-shot gunzip it replaced (node's
// gunzip with maxOutputLength, then the same parse). Each read runs in a fresh process, so its
// peak RSS is its own; runs alternate. Prints the median time and the peak RSS and peak
// ArrayBuffer memory over what the process held before the read (sampled every 2 ms, and at the
// end: a peak between samples may be missed, alike for both readers).
// Usage: npm run bench:import-bomb   (BENCH_RUNS: runs per case, default 3; ~1.2 GB of RAM)
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip, gzipSync } from 'node:zlib'
import { readArchiveBytes } from '../src/main/services/backup/archive-io'
import {
  EXPORT_FORMAT,
  LIMITS,
  MANIFEST_NAME,
  parseArchive,
  sha256
} from '../src/main/services/backup/format'
import { tarOf } from '../src/main/services/backup/tar'
import { gzipBomb } from '../src/main/services/backup/__tests__/bomb'

const MB = 1024 * 1024
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const gunzipAsync = promisify(gunzip)

interface Figures {
  ms: number
  rssMB: number
  buffersMB: number
  outcome: string
}

/** The reader before the change: one-shot gunzip bounded by maxOutputLength, then the parse. */
async function readOld(packed: Buffer): Promise<void> {
  let tar: Buffer
  try {
    tar = await gunzipAsync(packed, { maxOutputLength: LIMITS.maxUnpackedBytes })
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error('refused: unpacks to more than the limit', { cause: error })
    throw error
  }
  parseArchive(tar, LIMITS)
}

async function child(reader: string, file: string): Promise<void> {
  const packed = await readFile(file)
  globalThis.gc?.()
  const before = process.memoryUsage()
  let buffers = before.arrayBuffers
  let rss = before.rss
  const sample = () => {
    const now = process.memoryUsage()
    buffers = Math.max(buffers, now.arrayBuffers)
    rss = Math.max(rss, now.rss)
  }
  const sampler = setInterval(sample, 2)
  const start = performance.now()
  let outcome = 'read'
  try {
    if (reader === 'old') await readOld(packed)
    else await readArchiveBytes(packed)
  } catch (error) {
    outcome = (error as Error).message.slice(0, 40)
  }
  const ms = performance.now() - start
  sample()
  clearInterval(sampler)
  const figures: Figures = {
    ms,
    rssMB: (rss - before.rss) / MB,
    buffersMB: (buffers - before.arrayBuffers) / MB,
    outcome
  }
  console.log(JSON.stringify(figures))
}

function run(reader: string, file: string): Figures {
  const out = spawnSync(
    process.execPath,
    ['--expose-gc', process.argv[1] as string, 'child', reader, file],
    { encoding: 'utf8' }
  )
  if (out.status !== 0) throw new Error(out.stderr)
  return JSON.parse(out.stdout.trim().split('\n').at(-1) as string) as Figures
}

function manifestEntry(files: Record<string, Buffer>) {
  const manifest = {
    format: EXPORT_FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    app: { name: 'Cairn', version: 'bench' },
    files: Object.entries(files).map(([path, data]) => ({
      path,
      sha256: sha256(data),
      size: data.byteLength
    })),
    history: [],
    settings: {
      memory: {
        maxFileBytes: 262144,
        maxTotalBytes: 16777216,
        maxFiles: 2000,
        maxReadChars: 40000
      },
      expiry: { mode: 'off', days: 90, action: 'archive', pinned: [] },
      history: { maxBytes: 67108864, maxDays: 180, keepLatest: 20 }
    }
  }
  return { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest)) }
}

async function genuine(totalMB: number): Promise<Buffer> {
  const files: Record<string, Buffer> = {}
  const perFile = 10 * MB
  for (let i = 0; i * perFile < totalMB * MB; i++) {
    const line = `note ${i}: the user prefers tea, walks the dog at ${i % 12}, line `
    const lines = Array.from({ length: perFile / 64 }, (_, n) => `${line}${n}`.padEnd(63) + '\n')
    files[`notes/n${i}.md`] = Buffer.from(lines.join('').slice(0, perFile))
  }
  const entries = Object.entries(files).map(([path, data]) => ({ name: `memory/${path}`, data }))
  return gzipSync(tarOf([manifestEntry(files), ...entries]))
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'cairn-bench-bomb-'))
  try {
    const cases: Array<[string, Buffer]> = [
      ['bomb, 1.1 GB of zeros', await gzipBomb(1100 * MB, tarOf([manifestEntry({})]))],
      ['export, 5 MB', await genuine(5)],
      ['export, 120 MB', await genuine(120)]
    ]
    console.log(`Reading an import archive (median of ${RUNS} runs, each in a fresh process)`)
    console.log(
      `${'archive'.padEnd(24)} ${'packed'.padStart(8)} ${'reader'.padEnd(9)} ${'ms'.padStart(8)} ${'peak RSS +MB'.padStart(13)} ${'buffers +MB'.padStart(12)}  outcome`
    )
    for (const [name, packed] of cases) {
      const file = join(dir, 'archive.cairnmem')
      await writeFile(file, packed)
      const results: Record<string, Figures[]> = { old: [], new: [] }
      for (let i = 0; i < RUNS; i++)
        for (const reader of ['old', 'new']) results[reader]?.push(run(reader, file))
      const median = (list: Figures[], key: 'ms' | 'rssMB' | 'buffersMB') =>
        list.map((f) => f[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0
      const row: Record<string, Record<'ms' | 'rssMB' | 'buffersMB', number>> = {}
      for (const reader of ['old', 'new']) {
        const list = results[reader] ?? []
        row[reader] = {
          ms: median(list, 'ms'),
          rssMB: median(list, 'rssMB'),
          buffersMB: median(list, 'buffersMB')
        }
        console.log(
          `${name.padEnd(24)} ${`${(packed.byteLength / MB).toFixed(1)} MB`.padStart(8)} ${reader.padEnd(9)} ${row[reader]!.ms.toFixed(0).padStart(8)} ${row[reader]!.rssMB.toFixed(0).padStart(13)} ${row[reader]!.buffersMB.toFixed(0).padStart(12)}  ${list[0]?.outcome}`
        )
      }
      const ratio = (key: 'ms' | 'rssMB') =>
        (row.new![key] / Math.max(row.old![key], 1e-9)).toFixed(2)
      console.log(
        `${''.padEnd(24)} ${''.padStart(8)} ${'new/old'.padEnd(9)} ${`${ratio('ms')}×`.padStart(8)} ${`${ratio('rssMB')}×`.padStart(13)}`
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === 'child') await child(process.argv[3] as string, process.argv[4] as string)
else await main()
