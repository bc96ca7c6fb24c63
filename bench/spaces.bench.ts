// `npm run bench:spaces`: memory spaces at scale (issue 38). 20 spaces of 10,000 files each:
//   - start: the registry with 20 spaces known opens only the default one; its time against the
//     same start with 1 space known, measured in the same run (target: ≤ 1.05×);
//   - switching to a space whose index is warm (opened before, closed since): open, the first
//     page of its tree and its usage, i.e. what the inspector needs to be interactive (≤ 300 ms);
//   - main's RSS after every space was opened and idled back down, against 1 space (≤ +50 MB).
// Environment: BENCH_SPACES (default 20), BENCH_SPACE_FILES (default 10,000).
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSettings } from '@shared/app/settings'
import type { Logger } from '../src/main/services/log/logger'
import { startMemorySpaces, type MemorySpaces } from '../src/main/services/memory-spaces'
import { median } from './stats'

const SPACES = Math.max(2, Number(process.env.BENCH_SPACES ?? 20))
const FILES = Math.max(100, Number(process.env.BENCH_SPACE_FILES ?? 10_000))
const PER_FOLDER = 500
const ROUNDS = 9

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, redact() {} }
const gc = (): void => (globalThis as { gc?: () => void }).gc?.()
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const ms = (value: number): string => `${value.toFixed(1)} ms`
const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met')
function line(label: string, value: string, extra = ''): void {
  console.log(`  ${label.padEnd(52)} ${value.padStart(12)}   ${extra}`)
}

/** Writes FILES small notes straight to disk (set-up, never timed). */
function populate(folder: string, space: number): void {
  for (let n = 0; n < FILES; n++) {
    const dir = join(folder, `topic-${Math.floor(n / PER_FOLDER)}`)
    if (n % PER_FOLDER === 0) mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(join(dir, `note-${n}.md`), `# space ${space} note ${n}\nA line to remember.\n`)
  }
}

const spaceId = (n: number) => `space-${String(n).padStart(2, '0')}`

function start(dataDir: string): Promise<MemorySpaces> {
  return startMemorySpaces({
    dataDir,
    settings: {
      get: () => ({ settings: defaultSettings() }),
      update: async () => undefined,
      onChange: () => () => undefined
    },
    timers: {
      setInterval: (fn, every) => setInterval(fn, every).unref(),
      clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
      setTimeout: (fn, after) => setTimeout(fn, after).unref(),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout)
    },
    logger: quiet
  })
}

async function timedStart(dataDir: string): Promise<number> {
  gc()
  const begin = performance.now()
  const spaces = await start(dataDir)
  const spent = performance.now() - begin
  await spaces.dispose()
  return spent
}

async function main(): Promise<void> {
  console.log(`bench:spaces — ${SPACES} spaces of ${FILES.toLocaleString('en-US')} files`)
  console.log(`  machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)} at start\n`)
  const root = await mkdtemp(join(tmpdir(), 'cairn-bench-spaces-'))
  try {
    const many = join(root, 'many')
    const one = join(root, 'one')
    // The same default space in both data folders: 1 space known vs SPACES known.
    for (const dataDir of [many, one]) populate(join(dataDir, 'memories'), 0)
    const list = []
    for (let n = 1; n < SPACES; n++) {
      const folder = join(root, 'projects', spaceId(n), '.cairn', 'memories')
      populate(folder, n)
      list.push({
        id: spaceId(n),
        name: `Project ${n}`,
        root: join(root, 'projects', spaceId(n)),
        folder,
        stateDir: join(many, 'spaces', spaceId(n))
      })
    }
    await writeFile(join(many, 'memory-spaces.json'), JSON.stringify({ version: 1, spaces: list }))

    // Warm every index once (the state a user has after using each project), then close.
    const warm = await start(many)
    for (let n = 1; n < SPACES; n++) await warm.registry.open(spaceId(n))
    await warm.dispose()
    await (await start(one)).dispose()

    // Start: alternate the two so a drifting machine load hits both alike.
    const startOne: number[] = []
    const startMany: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // Which goes first changes each round, so neither always runs on the other's leftovers.
      if (round % 2 === 0) startOne.push(await timedStart(one))
      startMany.push(await timedStart(many))
      if (round % 2 === 1) startOne.push(await timedStart(one))
    }
    const ratio = median(startMany) / median(startOne)
    line('start, 1 space known (median)', ms(median(startOne)))
    line(`start, ${SPACES} spaces known (median)`, ms(median(startMany)))
    line('ratio', `${ratio.toFixed(3)}×`, `target ≤ 1.05×: ${verdict(ratio <= 1.05)}`)

    // Switch and RSS: one session, every space opened, used, and closed again.
    gc()
    const session = await start(many)
    const rssOne = process.memoryUsage().rss
    const switches: number[] = []
    const opens: number[] = []
    for (let n = 1; n < SPACES; n++) {
      const id = spaceId(n)
      const begin = performance.now()
      await session.registry.open(id) // engine (warm index) and watcher
      opens.push(performance.now() - begin)
      const memory = session.registry.service(id)
      await memory.list({ limit: 500 })
      await memory.usage()
      switches.push(performance.now() - begin)
      await session.registry.closeIfIdle(id)
    }
    const worst = Math.max(...switches)
    line('switch to a warm space: open + tree + usage (median)', ms(median(switches)))
    line('  of which the open: engine and watcher (median)', ms(median(opens)))
    line('switch to a warm space (worst)', ms(worst), `target ≤ 300 ms: ${verdict(worst <= 300)}`)
    for (let n = 1; n < SPACES; n++) await session.registry.closeIfIdle(spaceId(n))
    gc()
    await new Promise((done) => setTimeout(done, 200))
    gc()
    const rssAfter = process.memoryUsage().rss
    const grew = rssAfter - rssOne
    line('RSS with the default space open', mb(rssOne))
    line(`RSS after ${SPACES} spaces opened and idled down`, mb(rssAfter))
    line('growth', mb(grew), `target ≤ +50 MB: ${verdict(grew <= 50 * 1024 * 1024)}`)
    await session.dispose()
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

await main()
