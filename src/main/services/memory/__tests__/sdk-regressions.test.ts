import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MemoryStore } from '..'
import { runner, useMemory } from './helpers'

// Faults of the SDK's BetaLocalFilesystemMemoryTool that this engine must not repeat.

const mem = useMemory()
let store: MemoryStore
const { run, ok, err } = runner(() => store)

beforeEach(async () => {
  store = await mem.open()
  await ok({ command: 'create', path: '/memories/keep.md', file_text: 'keep\n' })
})

const ROOT_SPELLINGS = ['/memories', '/memories/', '/memories//', '/memories/.', '/memories/a/..']

describe('the root cannot be deleted or renamed under any spelling', () => {
  it.each(ROOT_SPELLINGS)('delete %s', async (path) => {
    expect(await err({ command: 'delete', path })).toMatch(/^Error: /)
    expect(await readFile(join(mem.root(), 'keep.md'), 'utf8')).toBe('keep\n')
  })

  it.each(ROOT_SPELLINGS)('rename %s', async (path) => {
    expect(await err({ command: 'rename', old_path: path, new_path: '/memories/moved' })).toMatch(
      /^Error: /
    )
    expect(await readdir(mem.root())).toEqual(['keep.md'])
  })

  it('says why when the spelling is the root itself', async () => {
    expect(await err({ command: 'delete', path: '/memories' })).toBe(
      'Error: The /memories directory itself cannot be deleted. Delete the files or folders inside it instead.'
    )
    expect(await err({ command: 'rename', old_path: '/memories/', new_path: '/memories/x' })).toBe(
      'Error: The /memories directory itself cannot be renamed. Rename the files or folders inside it instead.'
    )
    expect(
      await err({ command: 'rename', old_path: '/memories/keep.md', new_path: '/memories//' })
    ).toBe('Error: The destination /memories already exists')
  })
})

it('refuses /memoriesX (a prefix is not a folder)', async () => {
  await mkdir(join(mem.temp(), 'memoriesX'), { recursive: true })
  for (const path of ['/memoriesX', '/memoriesX/a.md', '/memories_backup/a.md', '/memories..']) {
    const content = await err({ command: 'create', path, file_text: 'x' })
    expect(content).toMatch(/is outside the memory directory|is not allowed/)
  }
  expect(await readdir(join(mem.temp(), 'memoriesX'))).toEqual([])
})

it('replaces a multi-line old_str', async () => {
  await writeFile(join(mem.root(), 'm.md'), 'a\nb\nc\nd\n')
  await ok({ command: 'str_replace', path: '/memories/m.md', old_str: 'b\nc\n', new_str: 'B\n' })
  expect(await readFile(join(mem.root(), 'm.md'), 'utf8')).toBe('a\nB\nd\n')
})

it('reports a multi-line old_str that occurs twice, by the lines it starts on', async () => {
  await writeFile(join(mem.root(), 'm.md'), 'a\nb\na\nb\n')
  expect(
    await err({ command: 'str_replace', path: '/memories/m.md', old_str: 'a\nb', new_str: 'x' })
  ).toBe(
    'No replacement was performed. Multiple occurrences of old_str `a\nb` in lines: 1, 3. Please ensure it is unique'
  )
})

it.each(['$&', '$$', '$1', "$'", '$`', '$<name>'])(
  'inserts %s in new_str literally',
  async (pattern) => {
    await writeFile(join(mem.root(), 'p.md'), 'price: TBD\n')
    await ok({
      command: 'str_replace',
      path: '/memories/p.md',
      old_str: 'TBD',
      new_str: `${pattern}5`
    })
    expect(await readFile(join(mem.root(), 'p.md'), 'utf8')).toBe(`price: ${pattern}5\n`)
  }
)

it('refuses a missing new_str instead of writing "undefined"', async () => {
  const content = await err({ command: 'str_replace', path: '/memories/keep.md', old_str: 'keep' })
  expect(content).toBe(
    'Error: Invalid memory tool input: invalid `str_replace` command: `new_str` is missing (a string; use "" to delete the text).'
  )
  expect(await readFile(join(mem.root(), 'keep.md'), 'utf8')).toBe('keep\n')
})

it('refuses null or a number for new_str', async () => {
  for (const value of [null, 5]) {
    await err({
      command: 'str_replace',
      path: '/memories/keep.md',
      old_str: 'keep',
      new_str: value
    })
  }
  expect(await readFile(join(mem.root(), 'keep.md'), 'utf8')).toBe('keep\n')
})

describe('host paths never appear in results', () => {
  it('not in refusals, errors from the disk, or unknown-command answers', async () => {
    const host = mem.temp()
    const results = [
      await run({ command: 'view', path: '/etc/passwd' }),
      await run({ command: 'view', path: '/memories/../../etc/passwd' }),
      await run({ command: 'rename', old_path: '/memories/nope', new_path: '/memories/x' }),
      await run({ command: 'frobnicate', path: '/memories' }),
      await run({ command: 'view', path: '/memories/keep.md/child' })
    ]
    if (process.platform !== 'win32' && process.getuid?.() !== 0) {
      await chmod(join(mem.root(), 'keep.md'), 0o000)
      results.push(await run({ command: 'view', path: '/memories/keep.md' }))
      results.push(
        await run({ command: 'str_replace', path: '/memories/keep.md', old_str: 'k', new_str: 'x' })
      )
      await chmod(join(mem.root(), 'keep.md'), 0o600)
    }
    for (const result of results) {
      expect(result.isError).toBe(true)
      expect(result.content).not.toContain(host)
      expect(result.content).not.toMatch(/\bE[A-Z]{3,}\b/)
    }
  })

  it('maps a permission error to words', async () => {
    if (process.platform === 'win32' || process.getuid?.() === 0) return
    await chmod(join(mem.root(), 'keep.md'), 0o000)
    try {
      expect(await err({ command: 'view', path: '/memories/keep.md' })).toBe(
        'Error: Could not view /memories/keep.md: permission denied.'
      )
    } finally {
      await chmod(join(mem.root(), 'keep.md'), 0o600)
    }
  })
})
