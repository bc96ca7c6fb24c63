// One command of each kind through the memory engine, end to end, with what it costs: ms per
// command (median of REPS), and with `--strace` the system calls each one makes (fsyncs first).
// `node bench/run.ts bench/write-profile.ts [--strace]`; for a CPU profile of the same commands:
// `BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=out/prof" node bench/run.ts bench/write-profile.ts`.
// The SDK's BetaLocalFilesystemMemoryTool runs the same commands beside it, in turns (same run).
// Environment: PROFILE_REPS (default 20), PROFILE_HISTORY=off (no version history),
// PROFILE_ONLY=create,5mb (only the commands whose label contains one of these words).
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BetaLocalFilesystemMemoryTool } from '@anthropic-ai/sdk/tools/memory/node'
import { openMemoryStore } from '../src/main/services/memory/index'

const REPS = Math.max(1, Number(process.env.PROFILE_REPS ?? 20))
const FILLER = 'The quick brown fox jumps over the lazy dog; memory line '
/** A path no one has: a failed stat of it marks where a command starts and ends in strace. */
const MARK = '/nonexistent-cairn-mark'

function bigText(): string {
  const lines: string[] = []
  for (let n = 0, size = 0; size < 5_000_000; n++) {
    const line = n === 30_000 ? '@@tok 0@@' : `${FILLER}${n}`
    lines.push(line)
    size += line.length + 1
  }
  return `${lines.join('\n')}\n`
}

const note = (id: number) =>
  `# note ${id}\n@@tok ${id}:0@@\n${Array.from({ length: 18 }, (_, l) => `${FILLER}${id}.${l}\n`).join('')}`

function mark(label: string): void {
  try {
    statSync(`${MARK}/${label}`)
  } catch {
    // the point: a syscall strace shows
  }
}

type Run = (command: Record<string, unknown>) => Promise<void>

/** A folder of 1,000 notes and one 5 MB file, for one side. */
async function folder(label: string): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), `cairn-write-profile-${label}-`))
  const root = join(base, 'memories')
  await mkdir(join(root, 'topic'), { recursive: true, mode: 0o700 })
  for (let id = 0; id < 1000; id++) await writeFile(join(root, 'topic', `note-${id}.md`), note(id))
  await writeFile(join(root, 'big.md'), bigText())
  return base
}

async function openCairn(base: string): Promise<[Run, () => Promise<void>]> {
  const store = await openMemoryStore({
    root: join(base, 'memories'),
    stateDir: join(base, 'state'),
    limits: { maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 },
    ...(process.env.PROFILE_HISTORY === 'off' ? { history: false } : {})
  })
  const actor = { kind: 'claude', conversationId: 'profile' } as const
  const run: Run = async (command) => {
    const result = await store.execute(command, actor)
    if (result.isError) throw new Error(`Cairn ${String(command.command)}: ${result.content}`)
  }
  return [run, () => store.dispose()]
}

async function openSdk(base: string): Promise<[Run, () => Promise<void>]> {
  const tool = await BetaLocalFilesystemMemoryTool.init(base)
  const handlers = tool as unknown as Record<string, (c: unknown) => Promise<string>>
  const run: Run = async (command) => {
    await handlers[command.command as string]?.call(tool, command)
  }
  return [run, async () => undefined]
}

/** The commands of round `n` (each side keeps its own counters, so both do the same). */
function commandsOf(): Array<[string, (n: number) => Record<string, unknown>]> {
  let created = 0
  let big = 0
  const only = process.env.PROFILE_ONLY?.toLowerCase().split(',')
  const all: Array<[string, (n: number) => Record<string, unknown>]> = [
    [
      'create',
      () => ({
        command: 'create',
        path: `/memories/new/n-${created++}.md`,
        file_text: note(created)
      })
    ],
    [
      'str_replace',
      (n) => ({
        command: 'str_replace',
        path: `/memories/topic/note-${n}.md`,
        old_str: `@@tok ${n}:0@@`,
        new_str: `@@tok ${n}:1@@`
      })
    ],
    [
      'insert',
      (n) => ({
        command: 'insert',
        path: `/memories/topic/note-${n}.md`,
        insert_line: 3,
        insert_text: FILLER
      })
    ],
    [
      'rename',
      (n) => ({
        command: 'rename',
        old_path: `/memories/topic/note-${n}.md`,
        new_path: `/memories/topic/moved-${n}.md`
      })
    ],
    ['delete', (n) => ({ command: 'delete', path: `/memories/topic/moved-${n}.md` })],
    [
      'str_replace 5 MB',
      () => ({
        command: 'str_replace',
        path: '/memories/big.md',
        old_str: `@@tok ${big}@@`,
        new_str: `@@tok ${++big}@@`
      })
    ]
  ]
  return all.filter(
    ([label]) => !only || only.some((word) => label.toLowerCase().replace(/ /g, '').includes(word))
  )
}

async function child(): Promise<void> {
  const withSdk = process.env.PROFILE_SDK !== 'off'
  const cairnBase = await folder('cairn')
  const sdkBase = withSdk ? await folder('sdk') : undefined
  const [cairn, closeCairn] = await openCairn(cairnBase)
  const [sdk, closeSdk] = sdkBase ? await openSdk(sdkBase) : [undefined, undefined]
  const sides = [
    { name: 'Cairn', run: cairn, commands: commandsOf() },
    ...(sdk ? [{ name: 'SDK', run: sdk, commands: commandsOf() }] : [])
  ]
  const times = new Map<string, number[]>()
  for (let n = 0; n < REPS + 1; n++) {
    for (let c = 0; c < sides[0]!.commands.length; c++) {
      for (const side of n % 2 ? [...sides].reverse() : sides) {
        const [label, make] = side.commands[c]!
        const command = make(n)
        const tag = `${side.name}:${label.replace(/ /g, '_')}`
        if (side.name === 'Cairn') mark(`${tag}-start`)
        const start = performance.now()
        await side.run(command)
        const ms = performance.now() - start
        if (side.name === 'Cairn') mark(`${tag}-end`)
        // The first round warms up.
        if (n > 0)
          times.set(`${side.name} ${label}`, [...(times.get(`${side.name} ${label}`) ?? []), ms])
      }
    }
  }
  await closeCairn()
  await closeSdk?.()
  await rm(cairnBase, { recursive: true, force: true })
  if (sdkBase) await rm(sdkBase, { recursive: true, force: true })
  const median = (list: number[] = []) =>
    [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN
  console.log(
    `ms per command, median of ${REPS} (history ${process.env.PROFILE_HISTORY ?? 'on'}): Cairn / SDK, ratio`
  )
  for (const [label] of sides[0]!.commands) {
    const c = median(times.get(`Cairn ${label}`))
    const s = median(times.get(`SDK ${label}`))
    console.log(
      `  ${label.padEnd(17)} ${c.toFixed(2).padStart(8)} / ${s.toFixed(2).padStart(8)}  ${(c / s).toFixed(2)}×`
    )
  }
}

/** Runs the child under strace and prints the system calls per command (per run of it). */
async function traced(): Promise<void> {
  const out = join(tmpdir(), `cairn-write-profile-${process.pid}.strace`)
  const run = spawnSync(
    'strace',
    ['-f', '-qq', '-o', out, process.execPath, process.argv[1] as string, 'child'],
    {
      stdio: 'inherit',
      env: { ...process.env, PROFILE_REPS: '3', PROFILE_SDK: 'off' }
    }
  )
  if (run.status !== 0) throw new Error(`strace run failed (${run.status})`)
  const lines = (await readFile(out, 'utf8')).split('\n')
  await rm(out, { force: true })
  const counts = new Map<string, Map<string, number>>()
  const rounds = new Map<string, number>()
  let current: string | undefined
  for (const line of lines) {
    const at = line.indexOf(MARK)
    if (at >= 0) {
      const label = (line.slice(at + MARK.length + 1).split('"')[0] as string).replace(
        /^Cairn:/,
        ''
      )
      if (label.endsWith('-start')) {
        current = label.slice(0, -'-start'.length)
        rounds.set(current, (rounds.get(current) ?? 0) + 1)
      } else current = undefined
      continue
    }
    const call = /^\d+\s+(?:<\.\.\. )?([a-z0-9_]+)[( ]/.exec(line)?.[1]
    if (!current || !call || line.includes('resumed>')) continue
    const table = counts.get(current) ?? new Map<string, number>()
    table.set(call, (table.get(call) ?? 0) + 1)
    counts.set(current, table)
  }
  console.log('\nsystem calls per command (mean over the runs, warm-up included):')
  const first = [
    'fsync',
    'fdatasync',
    'openat',
    'write',
    'pwrite64',
    'read',
    'pread64',
    'rename',
    'link',
    'unlink'
  ]
  for (const [label, table] of counts) {
    const n = rounds.get(label) ?? 1
    const sorted = [...table].sort((a, b) => {
      const ia = first.indexOf(a[0])
      const ib = first.indexOf(b[0])
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || b[1] - a[1]
    })
    const total = [...table.values()].reduce((sum, v) => sum + v, 0) / n
    console.log(
      `  ${label.replace(/_/g, ' ').padEnd(17)} ${total.toFixed(0).padStart(4)} calls: ${sorted
        .map(([call, count]) => `${call} ${+(count / n).toFixed(1)}`)
        .join(', ')}`
    )
  }
}

if (process.argv[2] === 'child') await child()
else if (process.argv.includes('--strace')) await traced()
else await child()
