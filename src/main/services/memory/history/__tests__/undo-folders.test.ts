import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runner, useMemory } from '../../__tests__/helpers'

// An undo brings the tree back as it was, folders included: a folder the undone entry made for a
// file (a create or a move into a new folder) does not stay behind empty. A folder that was
// there before, or that holds anything else, stays.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)

/** Every path under the memory folder, folders marked with a trailing slash. */
async function tree(): Promise<string[]> {
  const entries = await readdir(mem.root(), { recursive: true, withFileTypes: true })
  return entries
    .map(
      (e) =>
        `${join(e.parentPath, e.name).slice(mem.root().length + 1)}${e.isDirectory() ? '/' : ''}`
    )
    .sort()
}

async function undoNewest(): Promise<void> {
  const [entry] = (await store.activity({ limit: 1 })).entries
  const result = await store.revert(entry!.seq)
  expect(result.status, JSON.stringify(result)).toBe('reverted')
}

it('undoing a move into a new folder takes the folder away again', async () => {
  await mkdir(join(mem.root(), 'keep'), { recursive: true })
  await writeFile(join(mem.root(), 'keep', 'a.md'), 'a\n')
  await writeFile(join(mem.root(), 'b.md'), 'b\n')
  store = await mem.open()
  const before = await tree()
  await tool.ok({
    command: 'rename',
    old_path: '/memories/keep/a.md',
    new_path: '/memories/new/deep/a.md'
  })
  await undoNewest()
  expect(await tree()).toEqual(before)
  // A move, then an edit of the moved file: both undone, newest first.
  await tool.ok({ command: 'rename', old_path: '/memories/b.md', new_path: '/memories/x/b.md' })
  const [moved] = (await store.activity({ limit: 1 })).entries
  await tool.ok({ command: 'str_replace', path: '/memories/x/b.md', old_str: 'b', new_str: 'B' })
  await undoNewest()
  expect((await store.revert(moved!.seq)).status).toBe('reverted')
  expect(await tree()).toEqual(before)
})

it('undoing a create in a new folder takes the folder away; a folder with other files stays', async () => {
  await mem.mkroot()
  store = await mem.open()
  await tool.ok({ command: 'create', path: '/memories/shared/one.md', file_text: '1\n' })
  const before = await tree()
  await tool.ok({ command: 'create', path: '/memories/fresh/sub/two.md', file_text: '2\n' })
  const [created] = (await store.activity({ limit: 1 })).entries
  await tool.ok({ command: 'create', path: '/memories/shared/three.md', file_text: '3\n' })
  await undoNewest()
  expect((await store.revert(created!.seq)).status).toBe('reverted')
  expect(await tree()).toEqual(before)
})
