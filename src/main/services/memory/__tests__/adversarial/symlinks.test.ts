import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CLAUDE,
  diffSnapshots,
  makeSandbox,
  openStore,
  removeSandbox,
  resultProblems,
  show,
  snapshotOutside,
  snapshotTree,
  USER,
  Violations,
  type Result,
  type Sandbox,
  type Store
} from './helpers'

// A file name that exists only outside the root: a listing that shows it has looked outside.
const OUTSIDE_ONLY = 'only-outside-7f3a.md'

type Kind = 'through' | 'file-link' | 'dir-link'

interface Attack {
  path: string
  /** through: a link is an ancestor; file-link / dir-link: the path is the link itself. */
  kind: Kind
}

/** Every command on `path`, with `mustRefuse` saying whether following the link is the only way it could succeed. */
function commandsOn(
  attack: Attack,
  sandbox: Sandbox
): Array<{ input: Record<string, unknown>; mustRefuse: boolean }> {
  const { path, kind } = attack
  const through = kind === 'through'
  return [
    // Reading through or at a link would read outside.
    { input: { command: 'view', path }, mustRefuse: kind !== 'dir-link' },
    { input: { command: 'view', path, view_range: [1, 2] }, mustRefuse: kind !== 'dir-link' },
    // The path (or a link at it) is taken, or creating it means writing behind a link.
    { input: { command: 'create', path, file_text: 'PWNED\n' }, mustRefuse: true },
    {
      input: { command: 'str_replace', path, old_str: sandbox.secretText, new_str: 'PWNED' },
      mustRefuse: true
    },
    {
      input: { command: 'insert', path, insert_line: 1, insert_text: 'PWNED\n' },
      mustRefuse: true
    },
    // Removing or moving the link itself is harmless; what is behind it must stay put.
    { input: { command: 'delete', path }, mustRefuse: through },
    {
      input: { command: 'rename', old_path: path, new_path: '/memories/stolen.md' },
      mustRefuse: through
    },
    {
      input: { command: 'rename', old_path: '/memories/own.md', new_path: path },
      mustRefuse: through
    }
  ]
}

async function runAttacks(
  store: Store,
  sandbox: Sandbox,
  attacks: Attack[],
  violations: Violations
): Promise<number> {
  let calls = 0
  // Paths through a link first: a harmless delete of the link itself must not weaken them.
  const ordered = [...attacks].sort(
    (a, b) => Number(a.kind !== 'through') - Number(b.kind !== 'through')
  )
  for (const attack of ordered) {
    for (const { input, mustRefuse } of commandsOn(attack, sandbox)) {
      calls += 1
      const result = await store.execute(input, CLAUDE)
      for (const problem of resultProblems(result, input, sandbox)) {
        violations.add(`${problem}: ${show(input)} -> ${show(result)}`)
      }
      if (!show(input).includes(OUTSIDE_ONLY) && result.content.includes(OUTSIDE_ONLY)) {
        violations.add(`listed a name from outside: ${show(input)} -> ${show(result)}`)
      }
      if (mustRefuse && !result.isError) {
        violations.add(`accepted ${show(input)} -> ${show(result)}`)
      }
      // Put the victim of "rename own.md onto the link" back, if a harmless rename moved it.
      if (!result.isError && input.command === 'rename' && input.old_path === '/memories/own.md') {
        await store.execute(
          { command: 'create', path: '/memories/own.md', file_text: 'own\n' },
          USER
        )
      }
    }
  }
  return calls
}

describe('symlink escapes', () => {
  let sandbox: Sandbox
  let store: Store | undefined

  beforeEach(async () => {
    sandbox = await makeSandbox('cairn-symlinks-')
    await writeFile(
      join(sandbox.outside, OUTSIDE_ONLY),
      `${sandbox.secretText}\n${sandbox.marker}\n`
    )
    await writeFile(join(sandbox.outside, 'notes.md'), `${sandbox.secretText}\n${sandbox.marker}\n`)
    await mkdir(join(sandbox.root, 'dir'), { recursive: true, mode: 0o700 })
    await writeFile(join(sandbox.root, 'own.md'), 'own\n')
    await writeFile(join(sandbox.root, 'dir', 'inner.md'), 'inner\n')
  })

  afterEach(async () => {
    await store?.dispose()
    store = undefined
    await removeSandbox(sandbox)
  })

  /** Plants links, opens the store, runs every command on every attack, checks nothing leaked. */
  async function expectNoEscape(
    plant: () => Promise<void>,
    attacks: (s: Sandbox) => Attack[]
  ): Promise<void> {
    await plant()
    store = await openStore(sandbox)
    const before = await snapshotOutside(sandbox)
    const violations = new Violations()
    const list = attacks(sandbox)
    const calls = await runAttacks(store, sandbox, list, violations)
    expect(calls).toBe(list.length * 8)
    expect(violations.summary()).toEqual([])
    expect(diffSnapshots(before, await snapshotOutside(sandbox))).toEqual([])
    // The root listing never shows (or descends into) what is behind a link.
    const listing = await store.execute({ command: 'view', path: '/memories' }, CLAUDE)
    expect(listing.isError).toBe(false)
    expect(listing.content).toContain('/memories/own.md')
    expect(listing.content).not.toContain(OUTSIDE_ONLY)
    expect(listing.content).not.toContain(sandbox.marker)
  }

  const through = (...paths: string[]): Attack[] => paths.map((path) => ({ path, kind: 'through' }))

  it('a file symlink to a file outside (absolute and relative targets)', async () => {
    await expectNoEscape(
      async () => {
        await symlink(join(sandbox.outside, 'secret.txt'), join(sandbox.root, 'abs-link.md'))
        await symlink('../outside/notes.md', join(sandbox.root, 'rel-link.md'))
        await symlink('../../secret.txt', join(sandbox.root, 'dir', 'parent-secret.md'))
      },
      () => [
        { path: '/memories/abs-link.md', kind: 'file-link' },
        { path: '/memories/rel-link.md', kind: 'file-link' },
        { path: '/memories/dir/parent-secret.md', kind: 'file-link' }
      ]
    )
  })

  it('a dangling file symlink pointing outside is never created through', async () => {
    await expectNoEscape(
      async () => {
        await symlink(join(sandbox.outside, 'new-file.md'), join(sandbox.root, 'dangling.md'))
        await symlink(join(sandbox.outside, 'new-dir'), join(sandbox.root, 'dangling-dir'))
      },
      () => [
        { path: '/memories/dangling.md', kind: 'file-link' },
        { path: '/memories/dangling-dir', kind: 'dir-link' },
        ...through('/memories/dangling-dir/new.md', '/memories/dangling-dir/deeper/new.md')
      ]
    )
  })

  it('a folder symlink to a folder outside (absolute and relative targets)', async () => {
    await expectNoEscape(
      async () => {
        await symlink(sandbox.outside, join(sandbox.root, 'abs-dir'))
        await symlink('../outside', join(sandbox.root, 'rel-dir'))
      },
      () =>
        ['abs-dir', 'rel-dir'].flatMap((name) => [
          { path: `/memories/${name}`, kind: 'dir-link' as const },
          ...through(
            `/memories/${name}/secret.txt`,
            `/memories/${name}/${OUTSIDE_ONLY}`,
            `/memories/${name}/sub/x.md`,
            `/memories/${name}/sub`,
            `/memories/${name}/new.md`,
            `/memories/${name}/newdir/new.md`
          )
        ])
    )
  })

  it('an ancestor symlink: a folder of the root (at depth 1 and 2) that is a link outside', async () => {
    await expectNoEscape(
      async () => {
        // dir/escape -> ../../outside (depth 2), parent -> .. (the folder holding the root).
        await symlink('../../outside', join(sandbox.root, 'dir', 'escape'))
        await symlink('..', join(sandbox.root, 'parent'))
      },
      () => [
        { path: '/memories/dir/escape', kind: 'dir-link' },
        { path: '/memories/parent', kind: 'dir-link' },
        ...through(
          '/memories/dir/escape/secret.txt',
          '/memories/dir/escape/sub/x.md',
          '/memories/dir/escape/sub/new.md',
          '/memories/parent/secret.txt',
          '/memories/parent/outside/secret.txt',
          '/memories/parent/memories_backup/notes.md',
          '/memories/parent/memories/own.md',
          '/memories/parent/new.md'
        )
      ]
    )
  })

  it('the sibling-prefix case: a link to memories_backup (whose path starts with the root path)', async () => {
    await expectNoEscape(
      async () => {
        await symlink('../memories_backup', join(sandbox.root, 'backup'))
        await symlink(sandbox.sibling, join(sandbox.root, 'backup-abs'))
        await symlink(join(sandbox.sibling, 'notes.md'), join(sandbox.root, 'notes-link.md'))
      },
      () => [
        { path: '/memories/backup', kind: 'dir-link' },
        { path: '/memories/backup-abs', kind: 'dir-link' },
        { path: '/memories/notes-link.md', kind: 'file-link' },
        ...['backup', 'backup-abs'].flatMap((name) =>
          through(
            `/memories/${name}/notes.md`,
            `/memories/${name}/nested/deep.md`,
            `/memories/${name}/nested`,
            `/memories/${name}/new.md`
          )
        )
      ]
    )
  })

  it('a chain of links that ends outside', async () => {
    await expectNoEscape(
      async () => {
        await symlink('chain-b.md', join(sandbox.root, 'chain-a.md'))
        await symlink('dir/chain-c.md', join(sandbox.root, 'chain-b.md'))
        await symlink(join(sandbox.outside, 'secret.txt'), join(sandbox.root, 'dir', 'chain-c.md'))
        await symlink('chain-dir-b', join(sandbox.root, 'chain-dir-a'))
        await symlink('../outside', join(sandbox.root, 'chain-dir-b'))
      },
      () => [
        { path: '/memories/chain-a.md', kind: 'file-link' },
        { path: '/memories/chain-b.md', kind: 'file-link' },
        { path: '/memories/dir/chain-c.md', kind: 'file-link' },
        { path: '/memories/chain-dir-a', kind: 'dir-link' },
        ...through('/memories/chain-dir-a/secret.txt', '/memories/chain-dir-a/new.md')
      ]
    )
  })

  it('a FIFO planted in the root never hangs a command or the queue', async () => {
    // A FIFO opened for reading blocks until a writer appears: a naive read would stall the queue.
    const fifo = join(sandbox.root, 'pipe.md')
    try {
      execFileSync('mkfifo', [fifo])
    } catch {
      return // no mkfifo on this platform (Windows): nothing to plant
    }
    store = await openStore(sandbox)
    const before = await snapshotOutside(sandbox)
    const violations = new Violations()
    for (const { input } of commandsOn({ path: '/memories/pipe.md', kind: 'file-link' }, sandbox)) {
      if (input.command === 'delete' || input.command === 'rename') continue
      const result = await store.execute(input, CLAUDE)
      for (const problem of resultProblems(result, input, sandbox)) {
        violations.add(`${problem}: ${show(input)} -> ${show(result)}`)
      }
      if (!result.isError) violations.add(`accepted ${show(input)} -> ${show(result)}`)
    }
    // The listing still answers (and the queue is not stuck behind the FIFO).
    const listing = await store.execute({ command: 'view', path: '/memories' }, CLAUDE)
    expect(listing.isError).toBe(false)
    expect(listing.content).toContain('/memories/own.md')
    expect(violations.summary()).toEqual([])
    expect(diffSnapshots(before, await snapshotOutside(sandbox))).toEqual([])
  })

  describe('a symlink swapped in mid-run', () => {
    it('between two operations: a file the store just wrote becomes a link outside', async () => {
      store = await openStore(sandbox)
      const created = await store.execute(
        { command: 'create', path: '/memories/swap.md', file_text: 'line 1\nline 2\n' },
        CLAUDE
      )
      expect(created.isError).toBe(false)
      const viewed = await store.execute({ command: 'view', path: '/memories/swap.md' }, CLAUDE)
      expect(viewed.content).toContain('line 2')
      const before = await snapshotOutside(sandbox)
      await unlink(join(sandbox.root, 'swap.md'))
      await symlink(join(sandbox.outside, 'secret.txt'), join(sandbox.root, 'swap.md'))
      const violations = new Violations()
      await runAttacks(
        store,
        sandbox,
        [{ path: '/memories/swap.md', kind: 'file-link' }],
        violations
      )
      expect(violations.summary()).toEqual([])
      expect(diffSnapshots(before, await snapshotOutside(sandbox))).toEqual([])
    })

    it('between two operations: a folder the store knows is replaced by a link outside', async () => {
      store = await openStore(sandbox)
      for (const name of ['notes.md', 'secret.txt']) {
        const created = await store.execute(
          {
            command: 'create',
            path: `/memories/proj/${name}`,
            file_text: `${sandbox.secretText} mine\n`
          },
          CLAUDE
        )
        expect(created.isError).toBe(false)
      }
      expect(
        (await store.execute({ command: 'view', path: '/memories/proj/notes.md' }, CLAUDE)).isError
      ).toBe(false)
      const before = await snapshotOutside(sandbox)
      await rm(join(sandbox.root, 'proj'), { recursive: true })
      await symlink(sandbox.outside, join(sandbox.root, 'proj'))
      const violations = new Violations()
      await runAttacks(
        store,
        sandbox,
        [
          { path: '/memories/proj', kind: 'dir-link' },
          ...through(
            '/memories/proj/notes.md',
            '/memories/proj/secret.txt',
            '/memories/proj/new.md'
          )
        ],
        violations
      )
      expect(violations.summary()).toEqual([])
      expect(diffSnapshots(before, await snapshotOutside(sandbox))).toEqual([])
    })

    it('concurrently: a folder flips between real and a link outside under a stream of operations', async () => {
      const race = join(sandbox.root, 'race')
      const parked = join(sandbox.root, '.race-parked')
      const target = join(sandbox.outside, 'race-target')
      await mkdir(race, { mode: 0o700 })
      await mkdir(target, { mode: 0o700 })
      const names = ['r0.md', 'r1.md', 'r2.md', 'r3.md']
      for (const name of names) {
        await writeFile(join(race, name), `${sandbox.secretText} mine ${name}\nline\n`)
        await writeFile(
          join(target, name),
          `${sandbox.secretText} outside ${name}\n${sandbox.marker}\n`
        )
      }
      store = await openStore(sandbox)
      const before = await snapshotOutside(sandbox)

      // A worker thread flips the folder as fast as it can, truly in parallel with the store.
      // stop[0]: set to stop the worker; stop[1]: the flips it has made so far.
      const stop = new Int32Array(new SharedArrayBuffer(8))
      const worker = new Worker(FLIPPER, {
        eval: true,
        workerData: { race, parked, target, stop }
      })
      const flips = new Promise<number>((resolve, reject) => {
        worker.once('message', (count: number) => resolve(count))
        worker.once('error', reject)
      })

      const violations = new Violations()
      let successes = 0
      let refusals = 0
      // Counted, not timed: the operations start once the folder is flipping and go on until it
      // flipped often enough under them and both outcomes were met. A busy machine (the worker
      // slow to start) makes the race longer, never weaker.
      const ops = 1_000
      const enough = (i: number): boolean =>
        i >= ops && Atomics.load(stop, 1) > 10 && successes > 0 && refusals > 0
      while (Atomics.load(stop, 1) === 0) await new Promise((resolve) => setTimeout(resolve, 1))
      for (let i = 0; !enough(i) && i < 50 * ops; i += 1) {
        // Eight operations per cycle, all on one of the names.
        const name = names[Math.floor(i / 8) % names.length] as string
        const path = `/memories/race/${name}`
        const inputs: Array<Record<string, unknown>> = [
          { command: 'view', path },
          { command: 'str_replace', path, old_str: 'line', new_str: 'line' },
          { command: 'insert', path, insert_line: 1, insert_text: `ins ${i}` },
          { command: 'create', path: `/memories/race/new-${i}.md`, file_text: 'new\n' },
          { command: 'view', path: '/memories/race' },
          { command: 'delete', path: `/memories/race/new-${i - 2}.md` },
          { command: 'rename', old_path: path, new_path: `/memories/race/moved-${i}.md` },
          { command: 'create', path, file_text: `${sandbox.secretText} mine again\nline\n` }
        ]
        const input = inputs[i % inputs.length] as Record<string, unknown>
        // Two at a time, so the queue always has work while the folder flips.
        const [first, second] = await Promise.all([
          store.execute(input, CLAUDE),
          store.execute({ command: 'view', path }, USER)
        ])
        for (const [sent, result] of [
          [input, first],
          [{ command: 'view', path }, second]
        ] as Array<[Record<string, unknown>, Result]>) {
          for (const problem of resultProblems(result, sent, sandbox)) {
            violations.add(`${problem}: ${show(sent)} -> ${show(result)}`)
          }
          if (result.isError) refusals += 1
          else successes += 1
        }
      }
      Atomics.store(stop, 0, 1)
      const flipCount = await flips
      await worker.terminate()

      expect(flipCount).toBeGreaterThan(10)
      // Both states were seen: some operations ran on the real folder, some were refused.
      expect(successes).toBeGreaterThan(0)
      expect(refusals).toBeGreaterThan(0)
      expect(violations.summary()).toEqual([])
      const after = await snapshotOutside(sandbox)
      expect(diffSnapshots(before, after)).toEqual([])
      // Nothing from outside was pulled into the root either (by a rename or a copy).
      for (const [file, entry] of await snapshotTree(sandbox.root)) {
        if (entry.type !== 'file') continue
        expect(await readFile(join(sandbox.root, file), 'utf8')).not.toContain(sandbox.marker)
      }
    }, 60_000)
  })
})

/** Worker source: flip `race` between the real folder and a link to `target` until told to stop. */
const FLIPPER = `
const { workerData, parentPort } = require('node:worker_threads')
const fs = require('node:fs')
const { race, parked, target, stop } = workerData
let count = 0
const pause = new Int32Array(new SharedArrayBuffer(4))
while (Atomics.load(stop, 0) === 0) {
  try {
    fs.renameSync(race, parked)
    fs.symlinkSync(target, race)
    Atomics.wait(pause, 0, 0, 1)
    fs.unlinkSync(race)
    fs.renameSync(parked, race)
    Atomics.wait(pause, 0, 0, 1)
    count++
    Atomics.add(stop, 1, 1)
  } catch (error) {
    // Put things back and carry on.
    try { if (fs.lstatSync(race).isSymbolicLink()) fs.unlinkSync(race) } catch {}
    try { if (!fs.existsSync(race)) fs.renameSync(parked, race) } catch {}
  }
}
try { if (fs.lstatSync(race).isSymbolicLink()) fs.unlinkSync(race) } catch {}
try { if (!fs.existsSync(race)) fs.renameSync(parked, race) } catch {}
parentPort.postMessage(count)
`
