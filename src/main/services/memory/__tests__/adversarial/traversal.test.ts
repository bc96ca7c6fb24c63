import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOT_DOT, hostileCorpus, SEPARATORS, WINDOWS_DEVICES, type HostilePath } from './corpus'
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
  Violations,
  type Sandbox,
  type Store
} from './helpers'

const CATEGORIES = [
  'climb',
  'dotdot',
  'encoded',
  'backslash',
  'control',
  'drive',
  'unc',
  'device',
  'trailing',
  'prefix',
  'absolute',
  'empty',
  'long'
] as const

const SEED_TEXT = 'seed line one\nseed line two\n'

/** Every command the tool has, with the hostile path in each path slot. */
function commandsFor(path: string, sandbox: Sandbox): Array<Record<string, unknown>> {
  return [
    { command: 'view', path },
    { command: 'view', path, view_range: [1, -1] },
    { command: 'create', path, file_text: `PWNED ${sandbox.marker.toLowerCase()}\n` },
    { command: 'str_replace', path, old_str: sandbox.secretText, new_str: 'PWNED' },
    { command: 'insert', path, insert_line: 0, insert_text: 'PWNED\n' },
    { command: 'delete', path },
    { command: 'rename', old_path: path, new_path: '/memories/stolen.md' },
    { command: 'rename', old_path: '/memories/seed.md', new_path: path }
  ]
}

describe('generated traversal corpus through all six commands', () => {
  let sandbox: Sandbox
  let store: Store
  let corpus: HostilePath[]

  beforeAll(async () => {
    sandbox = await makeSandbox('cairn-traversal-')
    // Real folders inside the root, so climbs also start from existing directories.
    await mkdir(join(sandbox.root, 'a', 'a', 'a'), { recursive: true, mode: 0o700 })
    await writeFile(join(sandbox.root, 'seed.md'), SEED_TEXT)
    await writeFile(join(sandbox.root, 'a', 'a', 'a', 'keep.md'), 'keep\n')
    store = await openStore(sandbox)
    corpus = hostileCorpus([
      join(sandbox.base, 'secret.txt'),
      join(sandbox.data, 'secret.txt'),
      join(sandbox.root, 'seed.md'),
      join(sandbox.sibling, 'notes.md'),
      sandbox.root,
      `${sandbox.root}/../secret.txt`
    ])
  })

  afterAll(async () => {
    await store?.dispose()
    await removeSandbox(sandbox)
  })

  it('has at least 2,000 distinct hostile paths covering every family', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(2_000)
    expect(new Set(corpus.map((entry) => entry.path)).size).toBe(corpus.length)
    for (const category of CATEGORIES) {
      expect(corpus.filter((entry) => entry.category === category).length).toBeGreaterThan(0)
    }
    // Encodings × separators × depths: every spelling of `..` meets every separator.
    for (const dots of DOT_DOT) {
      for (const sep of SEPARATORS) {
        expect(corpus.some((entry) => entry.path.includes(`${dots}${sep}`))).toBe(true)
      }
    }
    for (const device of WINDOWS_DEVICES) {
      expect(corpus.some((entry) => entry.path.endsWith(`/${device}.txt`))).toBe(true)
    }
  })

  it('still works for a legitimate path in the same sandbox (the refusals are not blanket)', async () => {
    const created = await store.execute(
      { command: 'create', path: '/memories/control/ok.md', file_text: 'fine\n' },
      CLAUDE
    )
    expect(created.isError).toBe(false)
    expect(await readFile(join(sandbox.root, 'control', 'ok.md'), 'utf8')).toBe('fine\n')
    const viewed = await store.execute({ command: 'view', path: '/memories/seed.md' }, CLAUDE)
    expect(viewed.isError).toBe(false)
    expect(viewed.content).toContain('seed line two')
    const deleted = await store.execute({ command: 'delete', path: '/memories/control' }, CLAUDE)
    expect(deleted.isError).toBe(false)
  })

  it.each(CATEGORIES)(
    '%s: every command is refused; nothing outside or inside the root changes; no leaks',
    async (category) => {
      const paths = corpus.filter((entry) => entry.category === category).map((e) => e.path)
      // Each family starts from the same root, whatever an earlier family did to it.
      await rm(join(sandbox.root, 'stolen.md'), { force: true })
      await writeFile(join(sandbox.root, 'seed.md'), SEED_TEXT)
      const outsideBefore = await snapshotOutside(sandbox)
      const rootBefore = await snapshotTree(sandbox.root)
      const violations = new Violations()
      let calls = 0
      for (const path of paths) {
        for (const input of commandsFor(path, sandbox)) {
          calls += 1
          let result: unknown
          try {
            result = await store.execute(input, CLAUDE)
          } catch (error) {
            violations.add(`threw for ${show(input)}: ${String(error)}`)
            continue
          }
          for (const problem of resultProblems(result, input, sandbox)) {
            violations.add(`${problem}: ${show(input)} -> ${show(result)}`)
          }
          if ((result as { isError?: unknown } | undefined)?.isError !== true) {
            violations.add(`accepted ${show(input)} -> ${show(result)}`)
          }
        }
      }
      expect(calls).toBeGreaterThanOrEqual(paths.length * 8)
      expect(violations.summary()).toEqual([])
      expect(diffSnapshots(outsideBefore, await snapshotOutside(sandbox))).toEqual([])
      expect(diffSnapshots(rootBefore, await snapshotTree(sandbox.root))).toEqual([])
      expect(await readFile(join(sandbox.root, 'seed.md'), 'utf8')).toBe(SEED_TEXT)
    },
    // Hundreds of commands per family: at a load of 20 on two cores one family took over 20 s.
    120_000
  )
})
