import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useBundledFixture } from './bundle'
import { CLAUDE, makeSandbox, openStore, removeSandbox, type Sandbox } from './helpers'
import { prng } from '../prng'

const KILLS = 210
const SLOT_FILE = /^f(\d)(-r)?\.md$/

/** mulberry32: the parent's own randomness (when and how to kill), seeded for reproducibility. */
interface RunOutcome {
  signal: NodeJS.Signals | null
  code: number | null
  errors: string[]
  stderr: string
  /** The child had announced a write that it had not reported done: killed mid-command. */
  midCommand: boolean
  ready: boolean
}

const sha = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex')

/**
 * Runs the writer once and kills it: either after a random delay from spawn (it may be starting,
 * recovering or writing), or right after its k-th progress line with a little random jitter.
 */
function runAndKill(
  script: string,
  sandbox: Sandbox,
  seed: number,
  random: () => number,
  known: Map<string, Set<string>>
): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, sandbox.root, sandbox.stateDir, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Compiled code is cached across the runs: most of a run is Node starting up.
      env: { ...process.env, NODE_COMPILE_CACHE: join(sandbox.base, 'compile-cache') }
    })
    const outcome: RunOutcome = {
      signal: null,
      code: null,
      errors: [],
      stderr: '',
      midCommand: false,
      ready: false
    }
    let pending = ''
    let progress = 0
    let open = false
    let killed = false
    const kill = (): void => {
      if (killed) return
      killed = true
      child.kill('SIGKILL')
    }
    const jitter = (): void => {
      const how = Math.floor(random() * 3)
      if (how === 0) kill()
      else if (how === 1) setImmediate(kill)
      else setTimeout(kill, random() * 4)
    }
    // 10%: a random delay after the child starts opening the store (it recovers from the last
    // kill then); 10%: a random delay once it is writing; otherwise right after its k-th
    // progress line, with a little jitter.
    const roll = random()
    const mode = roll < 0.1 ? 'opening' : roll < 0.2 ? 'ready' : 'progress'
    const target = 1 + Math.floor(random() * 10)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      pending += chunk
      let newline: number
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline)
        pending = pending.slice(newline + 1)
        const [tag, ...rest] = line.split(' ')
        if (tag === 'OPENING' && mode === 'opening') setTimeout(kill, random() * 40)
        else if (tag === 'READY') {
          outcome.ready = true
          if (mode === 'ready') setTimeout(kill, random() * 30)
        } else if (tag === 'W') {
          const [path, hash] = rest as [string, string]
          if (!known.has(path)) known.set(path, new Set())
          known.get(path)?.add(hash)
          open = true
        } else if (tag === 'D') open = false
        else if (tag === 'E') outcome.errors.push(rest.join(' '))
        if (tag === 'W' || tag === 'D') {
          progress += 1
          if (mode === 'progress' && progress === target) jitter()
        }
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      outcome.stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      outcome.code = code
      outcome.signal = signal
      outcome.midCommand = open
      resolve(outcome)
    })
  })
}

/** Visible files of the root (name → sha256) and the hidden leftovers (temp files). */
async function scanRoot(
  root: string
): Promise<{ files: Map<string, string>; hidden: string[]; other: string[] }> {
  const files = new Map<string, string>()
  const hidden: string[] = []
  const other: string[] = []
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) hidden.push(entry.name)
    else if (entry.isFile()) files.set(entry.name, sha(await readFile(join(root, entry.name))))
    else other.push(entry.name)
  }
  return { files, hidden, other }
}

async function tempFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile() && /tmp/i.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

interface LaneStats {
  kills: number
  midCommand: number
  sawReady: number
  versions: Set<string>
  problems: string[]
}

/** One writer after another in one sandbox, each killed, each crash checked and recovered. */
async function lane(script: string, lane: number, runs: number): Promise<LaneStats> {
  const sandbox = await makeSandbox(`cairn-crash-${lane}-`)
  const random = prng(0xc0ffee + lane)
  const known = new Map<string, Set<string>>()
  const stats: LaneStats = {
    kills: 0,
    midCommand: 0,
    sawReady: 0,
    versions: new Set(),
    problems: []
  }
  const problems = stats.problems
  try {
    for (let run = 0; run < runs && problems.length < 20; run++) {
      const outcome = await runAndKill(script, sandbox, lane * 10_000 + run + 1, random, known)
      const where = `lane ${lane} run ${run}`
      if (outcome.errors.length)
        problems.push(`${where}: the writer reported ${outcome.errors.join('; ')}`)
      if (outcome.signal !== 'SIGKILL') {
        problems.push(
          `${where}: exited by itself (${outcome.code}) ${outcome.stderr.slice(0, 500)}`
        )
        break
      }
      stats.kills += 1
      if (outcome.midCommand) stats.midCommand += 1
      if (outcome.ready) stats.sawReady += 1

      // Right after the crash: every visible file is a version that was announced for that name.
      const crashed = await scanRoot(sandbox.root)
      for (const [name, hash] of crashed.files) {
        if (!SLOT_FILE.test(name)) problems.push(`${where}: unexpected file ${name}`)
        else if (!known.get(`/memories/${name}`)?.has(hash)) {
          problems.push(`${where}: ${name} is not a complete version (sha ${hash.slice(0, 12)})`)
        } else stats.versions.add(`${name}:${hash}`)
      }
      if (crashed.other.length)
        problems.push(`${where}: non-file entries ${crashed.other.join(',')}`)
      for (let slot = 0; slot < 4; slot++) {
        if (crashed.files.has(`f${slot}.md`) && crashed.files.has(`f${slot}-r.md`)) {
          problems.push(`${where}: a rename left both f${slot}.md and f${slot}-r.md`)
        }
      }

      // Reopen: temp files are gone, complete files untouched, the index agrees with the disk.
      const store = await openStore(sandbox)
      try {
        const reopened = await scanRoot(sandbox.root)
        if (reopened.hidden.length) {
          problems.push(`${where}: temp files remain after reopening: ${reopened.hidden.join(',')}`)
        }
        const stateTemps = await tempFilesIn(sandbox.stateDir)
        if (stateTemps.length) {
          problems.push(`${where}: temp files remain in the state folder: ${stateTemps.join(',')}`)
        }
        if ([...reopened.files].join() !== [...crashed.files].join()) {
          problems.push(`${where}: reopening changed the files`)
        }
        let totalBytes = 0
        for (const name of reopened.files.keys()) {
          totalBytes += (await readFile(join(sandbox.root, name))).length
        }
        const usage = await store.usage()
        if (usage.files !== reopened.files.size || usage.totalBytes !== totalBytes) {
          problems.push(
            `${where}: index says ${usage.files} files/${usage.totalBytes} B, disk has ${reopened.files.size}/${totalBytes} B`
          )
        }
        const listing = await store.execute({ command: 'view', path: '/memories' }, CLAUDE)
        const listed = [...listing.content.matchAll(/\/memories\/(\S+)/g)].map((m) => m[1]).sort()
        const onDisk = [...reopened.files.keys()].sort()
        if (listed.join() !== onDisk.join()) {
          problems.push(
            `${where}: view lists ${listed.join(',')} but the disk has ${onDisk.join(',')}`
          )
        }
      } finally {
        await store.dispose()
      }
    }
  } finally {
    await removeSandbox(sandbox)
  }
  return stats
}

describe('crash safety under SIGKILL', () => {
  const script = useBundledFixture(
    join(import.meta.dirname, 'fixtures', 'crash-writer.ts'),
    'cairn-crash-build-'
  )

  it(`a writer is killed ${KILLS} times at random moments; every file stays one complete version`, async () => {
    // Two lanes (two sandboxes) side by side: the runs are mostly Node starting and fsync waits.
    const lanes = await Promise.all([0, 1].map((n) => lane(script(), n, KILLS / 2)))
    expect(lanes.flatMap((stats) => stats.problems)).toEqual([])
    const total = (pick: (stats: LaneStats) => number): number =>
      lanes.reduce((sum, stats) => sum + pick(stats), 0)
    console.info(
      `crash: ${total((s) => s.kills)} kills, ${total((s) => s.midCommand)} inside a command, ` +
        `${total((s) => s.kills - s.sawReady)} while opening, ${total((s) => s.versions.size)} distinct versions seen on disk`
    )
    expect(total((stats) => stats.kills)).toBeGreaterThanOrEqual(200)
    // The kills landed inside commands, and the writers made real progress. (Kills while the
    // store opens depend on how long opening takes, so they are reported above, not asserted.)
    expect(total((stats) => stats.midCommand)).toBeGreaterThanOrEqual(40)
    expect(total((stats) => stats.versions.size)).toBeGreaterThanOrEqual(50)
  }, 240_000)
})
