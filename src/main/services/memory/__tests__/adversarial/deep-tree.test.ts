import { spawnSync } from 'node:child_process'
import { closeSync, constants, mkdirSync, openSync, writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleForNode } from './bundle'
import { makeSandbox, removeSandbox, type Sandbox } from './helpers'

// A deep folder chain must not stop the engine from opening (issue #12, item 4): a walk that
// keeps a descriptor per level runs out of them (EMFILE) and one by path runs past PATH_MAX
// (ENAMETOOLONG). The open runs in a child with a low descriptor limit instead of building
// 20,000 levels.

const LIMIT = 128
const LEVELS = 300 // deeper than LIMIT descriptors
const LONG = 'n'.repeat(250) // 20 levels of these pass PATH_MAX (4096)

/**
 * Builds `levels` nested folders named `name` under `at`, with `leaf.md` at the bottom, one level
 * at a time from an open descriptor (`/proc/self/fd/N/name`): no path reaches the bottom.
 */
function chain(at: string, name: string, levels: number): void {
  let fd = openSync(at, constants.O_RDONLY | constants.O_DIRECTORY)
  try {
    for (let level = 0; level < levels; level++) {
      mkdirSync(`/proc/self/fd/${fd}/${name}`)
      const next = openSync(
        `/proc/self/fd/${fd}/${name}`,
        constants.O_RDONLY | constants.O_DIRECTORY
      )
      closeSync(fd)
      fd = next
    }
    writeFileSync(`/proc/self/fd/${fd}/leaf.md`, 'deep\n')
  } finally {
    closeSync(fd)
  }
}

// Linux only: the child's descriptor limit is set with the shell's `ulimit -n`, and the limits
// that make a deep walk fail (EMFILE, PATH_MAX) are Linux's.
describe.skipIf(process.platform !== 'linux')('a deep folder chain', () => {
  let build: Sandbox
  let script: string
  let box: Sandbox

  beforeAll(async () => {
    build = await makeSandbox('cairn-deep-build-')
    script = await bundleForNode(
      join(import.meta.dirname, 'fixtures', 'open-deep.ts'),
      join(build.base, 'bundle'),
      'open-deep.mjs'
    )
  }, 60_000)

  afterAll(async () => {
    // rm -rf walks by descriptor: paths here are longer than PATH_MAX.
    for (const sandbox of [box, build]) {
      if (!sandbox) continue
      spawnSync('rm', ['-rf', sandbox.base])
      await removeSandbox(sandbox).catch(() => undefined)
    }
  })

  it(`opens with ${LIMIT} descriptors over ${LEVELS} levels and a path past PATH_MAX, and reports what it skipped`, async () => {
    box = await makeSandbox('cairn-deep-')
    await mkdir(box.root, { recursive: true })
    await writeFile(join(box.root, 'top.md'), 'top of the tree\n')
    chain(box.root, 'd', LEVELS)
    chain(box.root, LONG, 20)
    const run = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -n ${LIMIT} && exec "$0" "$@"`,
        process.execPath,
        script,
        box.root,
        box.stateDir
      ],
      { encoding: 'utf8', timeout: 60_000 }
    )
    const line = run.stdout.trim().split('\n').at(-1) ?? ''
    expect(line, run.stderr).toMatch(/^\{/)
    const outcome = JSON.parse(line) as {
      ok: boolean
      listed?: string[]
      problems?: string[]
      view?: string
      message?: string
    }
    expect(outcome).toMatchObject({ ok: true })
    expect(outcome.view).toContain('top of the tree')
    expect(outcome.listed).toContain('/memories/top.md')
    expect(outcome.listed).toContain('/memories/d/d')
    // What lies past the depth the tool can reach is reported once, without host paths.
    const skipped = (outcome.problems ?? []).filter((message) => /skipped/.test(message))
    expect(skipped).toHaveLength(1)
    expect(skipped[0]).toMatch(/deeper than 32 levels \(\/memories\/d\/d\/d/)
    expect(skipped[0]).not.toContain(box.base)
  }, 120_000)
})
