import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ActivityEntrySchema, type VersionRef } from '@shared/memory/memory'
import { useBundledFixture } from '../../__tests__/adversarial/bundle'
import { packRecords } from './packs'
import {
  CLAUDE,
  makeSandbox,
  openStore,
  removeSandbox,
  type Sandbox
} from '../../__tests__/adversarial/helpers'
import { prng } from '../../__tests__/prng'

// SIGKILL at random moments while history writes blobs, appends entries and prunes: no torn blob,
// no entry (in the activity log or the history journal) naming a blob that is not there.

const KILLS = 120

interface Outcome {
  signal: NodeJS.Signals | null
  errors: string[]
  stderr: string
  steps: number
}

function runAndKill(script: string, sandbox: Sandbox, seed: number, random: () => number) {
  return new Promise<Outcome>((resolve, reject) => {
    const child = spawn(process.execPath, [script, sandbox.root, sandbox.stateDir, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_COMPILE_CACHE: join(sandbox.base, 'compile-cache') }
    })
    const outcome: Outcome = { signal: null, errors: [], stderr: '', steps: 0 }
    let pending = ''
    let killed = false
    const kill = (): void => {
      if (!killed) child.kill('SIGKILL')
      killed = true
    }
    const roll = random()
    const target = 1 + Math.floor(random() * 12)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      pending += chunk
      let newline: number
      while ((newline = pending.indexOf('\n')) >= 0) {
        const [tag, ...rest] = pending.slice(0, newline).split(' ')
        pending = pending.slice(newline + 1)
        if (tag === 'OPENING' && roll < 0.1) setTimeout(kill, random() * 40)
        if (tag === 'READY' && roll >= 0.1 && roll < 0.25) setTimeout(kill, random() * 30)
        if (tag === 'E') outcome.errors.push(rest.join(' '))
        if (tag === 'D') {
          outcome.steps += 1
          if (roll >= 0.25 && outcome.steps === target) {
            const how = Math.floor(random() * 3)
            if (how === 0) kill()
            else if (how === 1) setImmediate(kill)
            else setTimeout(kill, random() * 6)
          }
        }
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => void (outcome.stderr += chunk))
    // A writer that never reaches its target is stopped anyway.
    const guard = setTimeout(kill, 8_000)
    child.on('error', reject)
    child.on('close', (_code, signal) => {
      clearTimeout(guard)
      outcome.signal = signal
      resolve(outcome)
    })
  })
}

/** Every record up to a crash-cut tail must decompress to bytes whose sha256 is its hash. */
async function checkBlobs(
  stateDir: string,
  problems: string[],
  where: string
): Promise<Set<string>> {
  const found = await packRecords(stateDir)
  for (const problem of found.problems) problems.push(`${where}: ${problem}`)
  return found.hashes
}

async function jsonLines(file: string): Promise<unknown[]> {
  const text = await readFile(file, 'utf8').catch(() => '')
  return text.split('\n').flatMap((line) => {
    try {
      return line ? [JSON.parse(line) as unknown] : []
    } catch {
      return [] // a line cut by the kill
    }
  })
}

function missingBlobs(versions: VersionRef[] | undefined, present: Set<string>): string[] {
  return (versions ?? []).flatMap((ref) =>
    (['before', 'after'] as const).flatMap((side) => {
      const hash = ref[side]
      return hash && !ref.unstored?.includes(side) && !present.has(hash)
        ? [`${ref.path} ${side}`]
        : []
    })
  )
}

interface Stats {
  kills: number
  steps: number
  entries: number
  pruned: number
  problems: string[]
}

async function lane(script: string, n: number, runs: number): Promise<Stats> {
  const sandbox = await makeSandbox(`cairn-hcrash-${n}-`)
  const random = prng(0x5eed + n)
  const stats: Stats = { kills: 0, steps: 0, entries: 0, pruned: 0, problems: [] }
  const problems = stats.problems
  const pruned = new Set<number>()
  try {
    for (let run = 0; run < runs && problems.length < 20; run++) {
      const outcome = await runAndKill(script, sandbox, n * 10_000 + run + 1, random)
      const where = `lane ${n} run ${run}`
      if (outcome.errors.length) problems.push(`${where}: writer said ${outcome.errors.join('; ')}`)
      if (outcome.signal !== 'SIGKILL') {
        problems.push(`${where}: exited by itself ${outcome.stderr.slice(0, 400)}`)
        break
      }
      stats.kills += 1
      stats.steps += outcome.steps
      // Right after the kill: blobs whole, and every hash an entry names is there (unless the
      // journal pruned that entry: the log keeps entries history has let go of).
      const present = await checkBlobs(sandbox.stateDir, problems, where)
      const journal = await jsonLines(join(sandbox.stateDir, 'history', 'journal.jsonl'))
      const kept = new Set<number>()
      for (const record of journal) {
        const parsed = ActivityEntrySchema.partial().safeParse(record)
        if (!parsed.success || parsed.data.seq === undefined) continue
        kept.add(parsed.data.seq)
        const gone = missingBlobs(parsed.data.versions, present)
        if (gone.length)
          problems.push(`${where}: journal #${parsed.data.seq} names missing ${gone}`)
      }
      const log = await jsonLines(join(sandbox.stateDir, 'activity.jsonl'))
      const last = ActivityEntrySchema.safeParse(log.at(-1))
      const newest = Math.max(0, ...kept)
      for (const line of log) {
        const entry = ActivityEntrySchema.safeParse(line)
        if (!entry.success || !entry.data.versions) continue
        stats.entries = Math.max(stats.entries, entry.data.seq)
        // Up to the journal's newest record but not in it: pruned by retention (the log keeps
        // entries history let go of). Newer ones are not journaled yet and must hold.
        if (!kept.has(entry.data.seq) && entry.data.seq < newest) pruned.add(entry.data.seq)
        if (pruned.has(entry.data.seq)) continue
        const gone = missingBlobs(entry.data.versions, present)
        if (gone.length) problems.push(`${where}: entry #${entry.data.seq} names missing ${gone}`)
      }
      // Reopen: the journal catches up, temp files are gone, the newest entry's texts read back.
      const store = await openStore(sandbox)
      try {
        const temps = (await readdir(sandbox.stateDir, { recursive: true })).filter((name) =>
          /\.tmp$/.test(String(name))
        )
        if (temps.length) problems.push(`${where}: temp files after reopening: ${temps.join(',')}`)
        if (last.success && last.data.versions && !pruned.has(last.data.seq)) {
          // The journal caught up with the log's newest entry. (Asked of the journal, not of a
          // file's history list: a kill between a rename on disk and its entry reopens as a
          // rename outside Cairn, and a file renamed onto a deleted file's name lists the
          // renamed file's past, not the deleted one's, so no list need show the entry.)
          const reopened = await jsonLines(join(sandbox.stateDir, 'history', 'journal.jsonl'))
          const journaled = reopened.some(
            (record) => ActivityEntrySchema.partial().safeParse(record).data?.seq === last.data.seq
          )
          if (!journaled)
            problems.push(`${where}: the journal did not catch up with entry #${last.data.seq}`)
          for (const ref of last.data.versions)
            if (ref.after && !ref.unstored?.includes('after'))
              await store
                .versionText(ref.after)
                .catch(() => problems.push(`${where}: no text for ${ref.after}`))
        }
        await store.execute({ command: 'view', path: '/memories' }, CLAUDE)
      } finally {
        await store.dispose()
      }
    }
  } finally {
    await removeSandbox(sandbox)
  }
  stats.pruned = pruned.size
  return stats
}

describe('history under SIGKILL', () => {
  const script = useBundledFixture(
    join(import.meta.dirname, 'fixtures', 'history-writer.ts'),
    'cairn-hcrash-build-'
  )

  it(`a writer is killed ${KILLS} times during history writes; no torn blob, no entry naming a missing one`, async () => {
    const lanes = await Promise.all([0, 1].map((n) => lane(script(), n, KILLS / 2)))
    expect(lanes.flatMap((stats) => stats.problems)).toEqual([])
    const kills = lanes.reduce((sum, stats) => sum + stats.kills, 0)
    const steps = lanes.reduce((sum, stats) => sum + stats.steps, 0)
    console.info(
      `history crash: ${kills} kills, ${steps} steps done, entries up to #${lanes.map((s) => s.entries).join('/#')}, ${lanes.reduce((sum, s) => sum + s.pruned, 0)} entries pruned by retention`
    )
    expect(kills).toBeGreaterThanOrEqual(100)
    expect(steps).toBeGreaterThanOrEqual(200)
  }, 300_000)
})
