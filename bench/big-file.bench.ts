// Big files against the memory engine: a 500 MB file of ~870,000 lines and a 600 MB one-line
// file. Prints how long each operation takes and the longest the event loop was blocked.
// Run with `npm run bench:big-file` (needs ~1.1 GB of free disk in tmp).
import { appendFile, open, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { openMemoryStore } from '../src/main/services/memory/index'

const ACTOR = { kind: 'claude', conversationId: 'bench' } as const
const MB = 1000 * 1000

async function writeLines(path: string, size: number): Promise<number> {
  const line = `${'a memory line with some words in it, '.repeat(16)}end\n` // ~600 bytes
  const block = Buffer.from(line.repeat(Math.floor((4 * 1024 * 1024) / line.length)))
  const file = await open(path, 'w')
  let written = 0
  while (written + block.length <= size) {
    await file.write(block, 0, block.length, written)
    written += block.length
  }
  await file.close()
  return written / line.length
}

async function timed<T>(label: string, run: () => Promise<T>, reps = 1): Promise<T> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const times: number[] = []
  let result: T | undefined
  for (let i = 0; i < reps; i++) {
    const start = performance.now()
    result = await run()
    times.push(performance.now() - start)
  }
  delay.disable()
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)] ?? 0
  const worst = times.at(-1) ?? 0
  const block = delay.max / 1e6
  console.log(
    `${label.padEnd(58)} median ${median.toFixed(1).padStart(8)} ms  max ${worst.toFixed(1).padStart(8)} ms  longest event-loop block ${block.toFixed(1).padStart(6)} ms`
  )
  return result as T
}

const base = await mkdtemp(join(tmpdir(), 'cairn-bigfile-bench-'))
try {
  const root = join(base, 'memories')
  await (await import('node:fs/promises')).mkdir(root, { recursive: true })
  const lines = await writeLines(join(root, 'big.log'), 500 * MB)
  const one = await open(join(root, 'one-line.txt'), 'w')
  await one.write(Buffer.alloc(1024 * 1024, 'x'), 0, 1024 * 1024, 0)
  await one.truncate(600 * MB)
  await one.close()
  console.log(`big.log: 500 MB, ${lines} lines; one-line.txt: 600 MB, one line`)

  await timed(
    'idle 1 s (noise floor of this machine)',
    () => new Promise((r) => setTimeout(r, 1000))
  )
  const store = await timed('open (reconcile both files)', () =>
    openMemoryStore({ root, stateDir: join(base, 'state') })
  )
  const run = async (input: Record<string, unknown>): Promise<string> => {
    const result = await store.execute(input, ACTOR)
    return result.content
  }
  const near = [lines - 10, lines - 6]
  // Right after the open: the open started building the line index in the background (before
  // that change, this view built it).
  await timed('view_range 5 lines near the end, right after open', () =>
    run({ command: 'view', path: '/memories/big.log', view_range: near })
  )
  const shown = await timed(
    'view_range 5 lines near the end, again (x20)',
    () => run({ command: 'view', path: '/memories/big.log', view_range: near }),
    20
  )
  if (!shown.includes(`${lines - 6}\t`)) throw new Error(`unexpected view: ${shown.slice(0, 200)}`)
  await timed(
    'view without view_range (first 40,000 chars) (x10)',
    () => run({ command: 'view', path: '/memories/big.log' }),
    10
  )
  await timed('str_replace (refused: too large to edit)', () =>
    run({ command: 'str_replace', path: '/memories/big.log', old_str: 'end', new_str: 'END' })
  )
  await timed('inspector read (first 1 MiB, flagged)', () => store.read('/memories/big.log'))
  await timed('applyExternal naming both files (forced recheck)', () =>
    store.applyExternal(['big.log', 'one-line.txt'])
  )
  await timed('600 MB one-line view, first', () =>
    run({ command: 'view', path: '/memories/one-line.txt' })
  )
  await timed(
    '600 MB one-line view, again (x10)',
    () => run({ command: 'view', path: '/memories/one-line.txt' }),
    10
  )
  // A change the engine has not seen: the view finds it and builds the index itself.
  await appendFile(join(root, 'big.log'), 'appended\n')
  await timed('view_range 5 lines after an outside append (view builds index)', () =>
    run({ command: 'view', path: '/memories/big.log', view_range: near })
  )
  // The watcher's path: the engine sees the change and starts the build in the background; Claude
  // views the file a second later.
  await appendFile(join(root, 'big.log'), 'appended again\n')
  await store.applyExternal(['big.log'])
  await new Promise((r) => setTimeout(r, 1000))
  await timed('view_range 5 lines 1 s after the engine saw an outside append', () =>
    run({ command: 'view', path: '/memories/big.log', view_range: near })
  )
  await timed('usage', () => store.usage())
  await store.dispose()
} finally {
  await rm(base, { recursive: true, force: true })
}
