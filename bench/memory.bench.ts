// The memory engine against the SDK's reference BetaLocalFilesystemMemoryTool, same workloads,
// same run: prints ops/s for both and the ratio (Cairn / SDK). Run with `npm run bench:memory`.
// Environment: BENCH_REPS (measured repetitions per workload, default 5; workload (a) uses at
// most 3), BENCH_ONLY=a|b|c|h to run one workload (h: version history on vs off, and its size).
// `npm run bench:memory -- scale` (or BENCH_PROFILE=scale) runs the scale profile instead
// (memory-scale.ts: 100,000 files, 500 MB).
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { BetaLocalFilesystemMemoryTool } from '@anthropic-ai/sdk/tools/memory/node'
import type { MemoryLimits } from '@shared/memory/memory'
import { openMemoryStore } from '../src/main/services/memory/index'
import { runScale } from './memory-scale'
import { prng } from '../src/main/services/memory/__tests__/prng'

type Command = { command: string } & Record<string, unknown>

interface Engine {
  /** Runs one command; false when the engine answered with an error. */
  exec(command: Command): Promise<boolean>
  /** Last output, to check both engines did the same work. */
  lastOutput: string
  close(): Promise<void>
}

interface Subject {
  name: 'Cairn' | 'SDK'
  open(base: string, limits: Partial<MemoryLimits>): Promise<Engine>
}

const ACTOR = { kind: 'claude', conversationId: 'bench' } as const

const cairn: Subject = {
  name: 'Cairn',
  async open(base, limits) {
    const store = await openMemoryStore({
      root: join(base, 'memories'),
      stateDir: join(base, 'state'),
      limits
    })
    const engine: Engine = {
      lastOutput: '',
      async exec(command) {
        const result = await store.execute(command, ACTOR)
        engine.lastOutput = result.content
        return !result.isError
      },
      close: () => store.dispose()
    }
    return engine
  }
}

type Handler = (command: Command) => Promise<string>

const sdk: Subject = {
  name: 'SDK',
  async open(base) {
    // The reference keeps its files in <base>/memories, like our layout here.
    const tool = await BetaLocalFilesystemMemoryTool.init(base)
    const handlers = tool as unknown as Record<string, Handler>
    const engine: Engine = {
      lastOutput: '',
      async exec(command) {
        const handler = handlers[command.command]
        if (typeof handler !== 'function') return false
        try {
          engine.lastOutput = await handler.call(tool, command)
          return true
        } catch (error) {
          engine.lastOutput = String(error)
          return false
        }
      },
      close: async () => undefined
    }
    return engine
  }
}

const SUBJECTS = [cairn, sdk]

// ---- helpers ---------------------------------------------------------------------------------

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

const gc = (): void => (globalThis as { gc?: () => void }).gc?.()

async function freshDir(label: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `cairn-bench-${label}-`))
}

/** Writes files straight to disk before an engine opens the folder (set-up, never timed). */
async function populate(base: string, files: Map<string, string>): Promise<void> {
  const root = join(base, 'memories')
  await mkdir(root, { recursive: true, mode: 0o700 })
  const dirs = new Set<string>()
  for (const rel of files.keys()) {
    const at = rel.lastIndexOf('/')
    if (at > 0) dirs.add(rel.slice(0, at))
  }
  for (const dir of dirs) await mkdir(join(root, dir), { recursive: true, mode: 0o700 })
  for (const [rel, text] of files) await writeFile(join(root, rel), text, { mode: 0o600 })
}

type Result = Record<string, Measured>

interface Measured {
  opsPerSec: number
  runs: number[]
  errors: number
  note?: string
}

// ---- (a) mixed operations --------------------------------------------------------------------

interface MixedWorkload {
  files: Map<string, string>
  ops: Command[]
}

const FILLER = 'The quick brown fox jumps over the lazy dog; memory line '

/** 1,000 files and a seeded sequence of 10,000 commands that each succeed on a correct engine. */
function mixedWorkload(fileCount: number, opCount: number): MixedWorkload {
  const random = prng(0xbe7c4)
  const int = (n: number): number => Math.floor(random() * n)
  const files = new Map<string, string>()
  // The model: name → [real line count, token version].
  const model = new Map<string, { lines: number; token: number; id: number }>()
  const names: string[] = []
  let nextId = 0
  const add = (name: string, id: number, lines: number): void => {
    model.set(name, { lines, token: 0, id })
    names.push(name)
  }
  const removeAt = (i: number): string => {
    const name = names[i] as string
    names[i] = names[names.length - 1] as string
    names.pop()
    model.delete(name)
    return name
  }
  const body = (id: number): string => {
    let text = `# note ${id}\n@@tok ${id}:0@@\n`
    for (let line = 0; line < 18; line++) text += `${FILLER}${id}.${line}\n`
    return text
  }
  for (; nextId < fileCount; nextId++) {
    const name = `topic-${nextId % 25}/note-${nextId}.md`
    files.set(name, body(nextId))
    add(name, nextId, 20)
  }
  const ops: Command[] = []
  for (let n = 0; n < opCount; n++) {
    const roll = random()
    const i = int(names.length)
    const name = names[i] as string
    const entry = model.get(name) as { lines: number; token: number; id: number }
    const path = `/memories/${name}`
    if (roll < 0.35) ops.push({ command: 'view', path })
    else if (roll < 0.4) {
      const start = 1 + int(entry.lines)
      ops.push({ command: 'view', path, view_range: [start, Math.min(entry.lines, start + 5)] })
    } else if (roll < 0.45) ops.push({ command: 'view', path: `/memories/topic-${int(25)}` })
    else if (roll < 0.65) {
      const oldStr = `@@tok ${entry.id}:${entry.token}@@`
      entry.token += 1
      ops.push({
        command: 'str_replace',
        path,
        old_str: oldStr,
        new_str: `@@tok ${entry.id}:${entry.token}@@`
      })
    } else if (roll < 0.8) {
      ops.push({
        command: 'insert',
        path,
        insert_line: int(entry.lines + 1),
        insert_text: `inserted by op ${n}: ${FILLER}`
      })
      entry.lines += 1
    } else if (roll < 0.88) {
      const id = nextId++
      const created = `topic-${id % 25}/note-${id}.md`
      ops.push({ command: 'create', path: `/memories/${created}`, file_text: body(id) })
      add(created, id, 20)
    } else if (roll < 0.94) {
      removeAt(i)
      ops.push({ command: 'delete', path })
    } else {
      const renamed = `topic-${int(25)}/renamed-${nextId++}.md`
      removeAt(i)
      model.set(renamed, entry)
      names.push(renamed)
      ops.push({ command: 'rename', old_path: path, new_path: `/memories/${renamed}` })
    }
  }
  return { files, ops }
}

/** Time per command kind across the measured runs of (a), to show where the time goes. */
const perCommand = new Map<string, { ms: number; n: number }>()

async function runMixed(
  subject: Subject,
  work: MixedWorkload,
  count: number
): Promise<{ seconds: number; errors: number; firstError?: string }> {
  const base = await freshDir(`a-${subject.name}`)
  try {
    await populate(base, work.files)
    const engine = await subject.open(base, {})
    gc()
    let errors = 0
    let firstError: string | undefined
    const start = performance.now()
    for (let n = 0; n < count; n++) {
      const op = work.ops[n] as Command
      const before = performance.now()
      if (!(await engine.exec(op))) {
        errors += 1
        firstError ??= `${JSON.stringify(op).slice(0, 120)} -> ${engine.lastOutput.slice(0, 200)}`
      }
      const spent = perCommand.get(`${subject.name} ${op.command}`) ?? { ms: 0, n: 0 }
      spent.ms += performance.now() - before
      spent.n += 1
      perCommand.set(`${subject.name} ${op.command}`, spent)
    }
    await engine.close()
    const seconds = (performance.now() - start) / 1000
    return { seconds, errors, ...(firstError ? { firstError } : {}) }
  } finally {
    await rm(base, { recursive: true, force: true })
  }
}

// ---- (b) view of a big root --------------------------------------------------------------------

const BIG_LIMITS: Partial<MemoryLimits> = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxFiles: 100_000,
  maxReadChars: 1_000_000
}

function bigRoot(): Map<string, string> {
  const files = new Map<string, string>()
  for (let dir = 0; dir < 100; dir++) {
    for (let file = 0; file < 100; file++) {
      files.set(`folder-${dir}/file-${file}.md`, `file ${dir}/${file}\n${FILLER}\n`)
    }
  }
  return files
}

// ---- (c) str_replace in a 5 MB file --------------------------------------------------------

function bigFile(): string {
  const lines: string[] = []
  let size = 0
  let n = 0
  while (size < 5 * 1000 * 1000) {
    const line = n === 30_000 ? '@@tok 0@@' : `${FILLER}${n}`
    lines.push(line)
    size += line.length + 1
    n++
  }
  return `${lines.join('\n')}\n`
}

// ---- the runs -------------------------------------------------------------------------------

const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 5))
const ONLY = process.env.BENCH_ONLY

async function workloadA(): Promise<Result> {
  const work = mixedWorkload(1_000, 10_000)
  const reps = Math.min(REPS, 3)
  const out: Result = {}
  const runs: Record<string, number[]> = { Cairn: [], SDK: [] }
  const errors: Record<string, number> = { Cairn: 0, SDK: 0 }
  const notes: Record<string, string> = {}
  for (const subject of SUBJECTS) await runMixed(subject, work, 1_000) // warm-up
  perCommand.clear()
  for (let rep = 0; rep < reps; rep++) {
    // Alternate the order so drift in the machine hits both sides alike.
    const order = rep % 2 ? [...SUBJECTS].reverse() : SUBJECTS
    for (const subject of order) {
      const { seconds, errors: failed, firstError } = await runMixed(subject, work, work.ops.length)
      runs[subject.name]?.push(work.ops.length / seconds)
      errors[subject.name] = Math.max(errors[subject.name] ?? 0, failed)
      if (firstError) notes[subject.name] ??= `first error: ${firstError}`
      console.log(
        `    rep ${rep + 1} ${subject.name.padEnd(5)} ${fmt(work.ops.length / seconds)} ops/s (${seconds.toFixed(2)} s)`
      )
    }
  }
  const kinds = ['view', 'create', 'str_replace', 'insert', 'delete', 'rename']
  const mean = (name: string, kind: string): string => {
    const spent = perCommand.get(`${name} ${kind}`)
    return spent ? (spent.ms / spent.n).toFixed(2) : '-'
  }
  console.log(`    mean ms per command (Cairn / SDK):`)
  console.log(
    `    ${kinds.map((kind) => `${kind} ${mean('Cairn', kind)} / ${mean('SDK', kind)}`).join(', ')}`
  )
  for (const subject of SUBJECTS) {
    const list = runs[subject.name] ?? []
    out[subject.name] = {
      opsPerSec: median(list),
      runs: list,
      errors: errors[subject.name] ?? 0,
      ...(notes[subject.name] ? { note: notes[subject.name] } : {})
    }
  }
  return out
}

interface Side {
  subject: Subject
  base: string
  engine: Engine
  n: number
  errors: number
  runs: number[]
  note?: string
}

/**
 * Both engines side by side, each in its own fresh folder: a warm-up, then REPS repetitions in
 * alternating order (so drift on a shared machine hits both alike). A repetition runs up to
 * `perRep` operations and stops once a second has passed (a slow side may do just one).
 */
async function interleaved(
  label: string,
  setUp: (base: string) => Promise<void>,
  op: (n: number) => Command,
  perRep: number,
  check: (engine: Engine) => string | undefined
): Promise<Result> {
  const sides: Side[] = []
  try {
    for (const subject of SUBJECTS) {
      const base = await freshDir(`${label}-${subject.name}`)
      await setUp(base)
      const engine = await subject.open(base, BIG_LIMITS)
      sides.push({ subject, base, engine, n: 0, errors: 0, runs: [] })
    }
    for (const side of sides) {
      for (let i = 0; i < 2; i++) if (!(await side.engine.exec(op(side.n++)))) side.errors++
      const note = check(side.engine)
      if (note) side.note = note
    }
    for (let rep = 0; rep < REPS; rep++) {
      for (const side of rep % 2 ? [...sides].reverse() : sides) {
        gc()
        const start = performance.now()
        let done = 0
        while (done < perRep && (done === 0 || performance.now() - start < 1_000)) {
          if (!(await side.engine.exec(op(side.n++)))) side.errors++
          done++
        }
        const seconds = (performance.now() - start) / 1000
        side.runs.push(done / seconds)
        console.log(
          `    rep ${rep + 1} ${side.subject.name.padEnd(5)} ${fmt(done / seconds, 1)} ops/s (${done} in ${seconds.toFixed(2)} s)`
        )
      }
    }
    const out: Result = {}
    for (const side of sides) {
      if (side.errors && !side.note)
        side.note = `last output: ${side.engine.lastOutput.slice(0, 200)}`
      out[side.subject.name] = {
        opsPerSec: median(side.runs),
        runs: side.runs,
        errors: side.errors,
        ...(side.note ? { note: side.note } : {})
      }
    }
    return out
  } finally {
    for (const side of sides) {
      await side.engine.close()
      await rm(side.base, { recursive: true, force: true })
    }
  }
}

async function workloadB(): Promise<Result> {
  const files = bigRoot()
  return interleaved(
    'b',
    (base) => populate(base, files),
    () => ({ command: 'view', path: '/memories' }),
    10,
    (engine) => {
      const lines = engine.lastOutput.split('\n').length
      return `listing has ${fmt(lines)} lines${lines < 10_100 ? ' (TRUNCATED: not the same work)' : ''}`
    }
  )
}

async function workloadC(): Promise<Result> {
  const text = bigFile()
  return interleaved(
    'c',
    (base) => populate(base, new Map([['big.md', text]])),
    (n) => ({
      command: 'str_replace',
      path: '/memories/big.md',
      old_str: `@@tok ${n}@@`,
      new_str: `@@tok ${n + 1}@@`
    }),
    10,
    () => undefined
  )
}

const WORKLOADS = [
  {
    key: 'a',
    title: '(a) 10,000 mixed operations over 1,000 files',
    caps: 'default caps',
    target: 1,
    run: workloadA
  },
  {
    key: 'b',
    title: '(b) view of a root holding 10,000 files',
    caps: 'raised caps',
    target: 3,
    run: workloadB
  },
  {
    key: 'c',
    title: '(c) str_replace in a 5 MB file',
    caps: 'raised caps',
    target: undefined,
    run: workloadC
  }
] as const

// ---- (h) version history: its cost on (a), and its size after many edits ----------------------

/** Cairn with history on or off (the same engine otherwise). */
function cairnWithHistory(on: boolean): Subject {
  return {
    name: 'Cairn',
    async open(base, limits) {
      const store = await openMemoryStore({
        root: join(base, 'memories'),
        stateDir: join(base, 'state'),
        limits,
        ...(on ? {} : { history: false })
      })
      const engine: Engine = {
        lastOutput: '',
        async exec(command) {
          const result = await store.execute(command, ACTOR)
          engine.lastOutput = result.content
          return !result.isError
        },
        close: () => store.dispose()
      }
      return engine
    }
  }
}

/** Bytes of the files, and what the disk allocates for them (small files take a whole block). */
async function sizeOnDisk(
  dir: string
): Promise<{ bytes: number; allocated: number; files: number }> {
  let bytes = 0
  let allocated = 0
  let files = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const info = await stat(join(entry.parentPath, entry.name))
    bytes += info.size
    allocated += info.blocks * 512
    files += 1
  }
  return { bytes, allocated, files }
}

async function historySection(): Promise<void> {
  console.log('\n(h) version history [default caps, default retention]')
  const work = mixedWorkload(1_000, 10_000)
  const reps = Math.min(REPS, 3)
  const sides = [
    { label: 'history on', subject: cairnWithHistory(true) },
    { label: 'history off', subject: cairnWithHistory(false) },
    { label: 'SDK', subject: sdk }
  ]
  const runs = new Map<string, number[]>(sides.map((side) => [side.label, []]))
  // The three run side by side, each in its own folder, taking turns every CHUNK operations (in
  // rotating order), so drift on a shared machine hits all three alike.
  const CHUNK = 250
  for (let rep = 0; rep < reps; rep++) {
    const open: Array<{ label: string; base: string; engine: Engine; ms: number; errors: number }> =
      []
    try {
      for (const side of sides) {
        const base = await freshDir(`h-${side.label.replace(' ', '-')}`)
        await populate(base, work.files)
        open.push({
          label: side.label,
          base,
          engine: await side.subject.open(base, {}),
          ms: 0,
          errors: 0
        })
      }
      gc()
      for (let from = 0, turn = 0; from < work.ops.length; from += CHUNK, turn++) {
        for (let k = 0; k < open.length; k++) {
          const side = open[(k + turn) % open.length] as (typeof open)[number]
          const start = performance.now()
          for (let n = from; n < Math.min(from + CHUNK, work.ops.length); n++)
            if (!(await side.engine.exec(work.ops[n] as Command))) side.errors += 1
          side.ms += performance.now() - start
        }
      }
      for (const side of open) {
        const ops = work.ops.length / (side.ms / 1000)
        runs.get(side.label)?.push(ops)
        console.log(
          `    rep ${rep + 1} ${side.label.padEnd(11)} ${fmt(ops)} ops/s (${(side.ms / 1000).toFixed(2)} s)${side.errors ? `  errors ${side.errors}` : ''}`
        )
      }
    } finally {
      for (const side of open) {
        await side.engine.close()
        await rm(side.base, { recursive: true, force: true })
      }
    }
  }
  const on = median(runs.get('history on') ?? [])
  const off = median(runs.get('history off') ?? [])
  const base = median(runs.get('SDK') ?? [])
  const paired = median(
    (runs.get('history on') ?? []).map((ops, i) => ops / (runs.get('history off')?.[i] ?? NaN))
  )
  const cost = 1 - on / off
  console.log(
    `  (a) mixed ops: history on ${fmt(on)} ops/s, off ${fmt(off)} ops/s, SDK ${fmt(base)} ops/s`
  )
  console.log(
    `  history costs ${(cost * 100).toFixed(1)}% (on/off ${(on / off).toFixed(2)}×, paired ${paired.toFixed(2)}×)   target ≤ 15%: ${cost <= 0.15 ? 'met' : 'NOT met'}`
  )
  console.log(
    `  Cairn with history / SDK ${(on / base).toFixed(2)}×   target ≥ 1.0×: ${on / base >= 1 ? 'met' : 'NOT met'}`
  )

  // 10,000 edits of a 10 KB file: what history holds afterwards (no sweep, so nothing pruned).
  const dir = await freshDir('h-size')
  try {
    let text = '@@tok 0@@\n'
    for (let line = 0; text.length < 10 * 1024; line++) text += `${FILLER}${line}\n`
    await populate(dir, new Map([['ten-kb.md', text]]))
    const engine = await cairnWithHistory(true).open(dir, {})
    const start = performance.now()
    let errors = 0
    for (let n = 0; n < 10_000; n++) {
      const ok = await engine.exec({
        command: 'str_replace',
        path: '/memories/ten-kb.md',
        old_str: `@@tok ${n}@@`,
        new_str: `@@tok ${n + 1}@@`
      })
      if (!ok) errors += 1
    }
    const seconds = (performance.now() - start) / 1000
    await engine.close()
    const history = await sizeOnDisk(join(dir, 'state', 'history'))
    const blobs = await sizeOnDisk(join(dir, 'state', 'history', 'blobs'))
    console.log(
      `  10,000 edits of a ${fmt(text.length)} B file (${fmt(10_000 / seconds)} edits/s, errors ${errors}): history ${(history.bytes / 1024 / 1024).toFixed(1)} MiB on disk ` +
        `(versions ${(blobs.bytes / 1024 / 1024).toFixed(1)} MiB in ${fmt(blobs.files)} pack file(s); journal ${((history.bytes - blobs.bytes) / 1024 / 1024).toFixed(1)} MiB); ` +
        `${fmt(blobs.bytes / 10_001)} B per version vs ${fmt(text.length)} B raw; the disk allocates ${(history.allocated / 1024 / 1024).toFixed(1)} MiB`
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const cpu = cpus()
  console.log('Cairn memory engine vs the SDK reference (BetaLocalFilesystemMemoryTool)')
  console.log(
    `Node ${process.version}, ${process.platform} ${process.arch}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, temp folder ${tmpdir()}`
  )
  console.log(
    `Median of ${REPS} measured repetitions (workload (a): ${Math.min(REPS, 3)}) after a warm-up; every workload in a fresh temp folder.`
  )
  console.log(
    'Cairn does durable writes (temp file, fsync, rename, fsync folder), caps, the index and the activity log on every write;'
  )
  console.log(
    'the SDK writes through a temp file with fsync, without folder fsync, caps, index or log.'
  )
  console.log(
    `Caps: (a) runs under Cairn's default caps (256 KiB per file, 16 MiB total, 2,000 files, 40,000 chars per read).`
  )
  console.log(
    `      (b) and (c) RAISE them (maxFileBytes ${fmt(BIG_LIMITS.maxFileBytes ?? 0)}, maxTotalBytes ${fmt(BIG_LIMITS.maxTotalBytes ?? 0)}, maxFiles ${fmt(BIG_LIMITS.maxFiles ?? 0)}, maxReadChars ${fmt(BIG_LIMITS.maxReadChars ?? 0)}):`
  )
  console.log('      the defaults would refuse a 5 MB file and truncate a 10,000-file listing.')
  console.log(
    'Ratio = median Cairn ops/s ÷ median SDK ops/s; "paired" = median of the per-repetition ratios.'
  )
  const load = loadavg()[0] ?? 0
  console.log(
    `Load average at start: ${load.toFixed(2)}${load > cpu.length * 0.5 ? ' (the machine is busy: expect noisy figures)' : ''}`
  )
  const summary: Array<{
    title: string
    cairn: number
    sdk: number
    paired: number
    target?: number
  }> = []
  if (!ONLY || ONLY === 'h') await historySection()
  for (const workload of WORKLOADS) {
    if (ONLY && ONLY !== workload.key) continue
    console.log(`\n${workload.title} [${workload.caps}]`)
    const result = await workload.run()
    const c = result.Cairn as Measured
    const s = result.SDK as Measured
    const ratio = c.opsPerSec / s.opsPerSec
    const paired = median(c.runs.map((ops, i) => ops / (s.runs[i] ?? Number.NaN)))
    for (const [name, m] of [
      ['Cairn', c],
      ['SDK', s]
    ] as const) {
      console.log(
        `  ${name.padEnd(5)} ${fmt(m.opsPerSec, m.opsPerSec < 100 ? 1 : 0).padStart(10)} ops/s   errors ${m.errors}${m.note ? `   ${m.note}` : ''}`
      )
    }
    console.log(
      `  ratio ${ratio.toFixed(2)}× (Cairn / SDK; median of paired repetitions ${paired.toFixed(2)}×)${workload.target ? `   target ≥ ${workload.target}×: ${ratio >= workload.target ? 'met' : 'NOT met'}` : ''}`
    )
    summary.push({
      title: workload.title,
      cairn: c.opsPerSec,
      sdk: s.opsPerSec,
      paired,
      ...(workload.target ? { target: workload.target } : {})
    })
  }
  console.log('\nSummary')
  const header = `${'workload'.padEnd(46)} ${'Cairn ops/s'.padStart(12)} ${'SDK ops/s'.padStart(12)} ${'Cairn/SDK'.padStart(10)} ${'paired'.padStart(7)}  target`
  console.log(header)
  console.log('-'.repeat(header.length + 4))
  for (const row of summary) {
    const ratio = row.cairn / row.sdk
    console.log(
      `${row.title.padEnd(46)} ${fmt(row.cairn, row.cairn < 100 ? 1 : 0).padStart(12)} ${fmt(row.sdk, row.sdk < 100 ? 1 : 0).padStart(12)} ${`${ratio.toFixed(2)}×`.padStart(10)} ${`${row.paired.toFixed(2)}×`.padStart(7)}  ${row.target ? `≥ ${row.target}× ${ratio >= row.target ? 'met' : 'NOT met'}` : '-'}`
    )
  }
}

const PROFILE = process.argv[2] ?? process.env.BENCH_PROFILE ?? 'default'
if (PROFILE === 'scale') await runScale()
else if (PROFILE === 'default') await main()
else {
  console.error(`unknown profile ${JSON.stringify(PROFILE)}: use "scale" or nothing`)
  process.exitCode = 2
}
