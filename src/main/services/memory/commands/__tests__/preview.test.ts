import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { useTempDir } from '../../../__tests__/helpers'
import { openMemoryStore, type MemoryStore } from '../..'
import { PREVIEW_MAX_CHARS } from '../plan'
import { hashOf } from '../../kernel/files'
import { CLAUDE } from '../../__tests__/helpers'

// The engine's dry run (`preview`): the change a command would make, from the same code that
// executes it, without writing; a command that cannot apply answers the error it would give.

const tempDir = useTempDir('cairn-preview-')
const stores: MemoryStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.dispose()
})

const NOTE = '# Me\n- likes tea\n- lives in Lyon\n'

/** The plan, or null when the command cannot apply. */
async function previewChange(input: unknown, store: MemoryStore) {
  const planned = await store.preview(input, CLAUDE)
  return planned.ok ? planned.plan : null
}

async function folder() {
  const dir = tempDir()
  const root = join(dir, 'memories')
  await mkdir(join(root, 'projects'), { recursive: true })
  await writeFile(join(root, 'me.md'), NOTE)
  await writeFile(join(root, 'twice.md'), 'a\na\n')
  await writeFile(join(root, 'projects', 'one.md'), '1')
  await writeFile(join(root, 'projects', 'two.md'), '2')
  const store = await openMemoryStore({ root, stateDir: join(dir, 'state') })
  stores.push(store)
  return { store, root }
}

/** Every file under the root with its text, to prove a preview wrote nothing. */
async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name)
      out[path.slice(root.length)] = await readFile(path, 'utf8')
    }
  return out
}

describe('the engine plans a change without writing', () => {
  test('str_replace: the file now and after the one replacement', async () => {
    const { store, root } = await folder()
    const before = await tree(root)
    const input = {
      command: 'str_replace',
      path: '/memories/me.md',
      old_str: '- likes tea',
      new_str: '- likes $& green tea'
    }
    expect(await previewChange(input, store)).toEqual({
      command: 'str_replace',
      path: '/memories/me.md',
      sha256: hashOf(NOTE),
      preview: { before: NOTE, after: '# Me\n- likes $& green tea\n- lives in Lyon\n' }
    })
    expect(await tree(root)).toEqual(before)
  })

  test('insert: the text after the line, as the engine inserts it', async () => {
    const { store } = await folder()
    const planned = await previewChange(
      { command: 'insert', path: '/memories/me.md', insert_line: 1, insert_text: '- new\n' },
      store
    )
    expect(planned?.preview).toEqual({
      before: NOTE,
      after: '# Me\n- new\n- likes tea\n- lives in Lyon\n'
    })
  })

  test('create: nothing before, the new text after', async () => {
    const { store } = await folder()
    expect(
      await previewChange({ command: 'create', path: '/memories/new/a.md', file_text: 'A' }, store)
    ).toEqual({
      command: 'create',
      path: '/memories/new/a.md',
      sha256: null,
      preview: { before: null, after: 'A' }
    })
  })

  test('delete: a file shows its text going; a folder says how much goes with it', async () => {
    const { store } = await folder()
    expect(
      (await previewChange({ command: 'delete', path: '/memories/me.md' }, store))?.preview
    ).toEqual({ before: NOTE, after: null })
    expect(
      (await previewChange({ command: 'delete', path: '/memories/projects' }, store))?.preview
    ).toEqual({
      before: null,
      after: null,
      note: 'Deletes the folder /memories/projects and everything in it (2 items).'
    })
  })

  test('rename: where it goes, the text unchanged', async () => {
    const { store } = await folder()
    expect(
      await previewChange(
        { command: 'rename', old_path: '/memories/me.md', new_path: '/memories/about/me.md' },
        store
      )
    ).toEqual({
      command: 'rename',
      path: '/memories/me.md',
      sha256: hashOf(NOTE),
      preview: {
        before: null,
        after: null,
        to: '/memories/about/me.md',
        note: 'Moves the file; its text is unchanged.'
      }
    })
  })

  test('a very large text is described, not sent to the card', async () => {
    const { store } = await folder()
    const planned = await previewChange(
      { command: 'create', path: '/memories/big.md', file_text: 'x'.repeat(PREVIEW_MAX_CHARS + 1) },
      store
    )
    expect(planned?.preview).toMatchObject({ before: null, after: null })
    expect(planned?.preview.note).toMatch(/too large to show/)
  })

  test.each([
    [
      'create over an existing file',
      { command: 'create', path: '/memories/me.md', file_text: 'x' }
    ],
    ['create over a folder', { command: 'create', path: '/memories/projects', file_text: 'x' }],
    [
      'str_replace of text not in the file',
      { command: 'str_replace', path: '/memories/me.md', old_str: 'coffee', new_str: 'x' }
    ],
    [
      'str_replace of text found twice',
      { command: 'str_replace', path: '/memories/twice.md', old_str: 'a', new_str: 'b' }
    ],
    [
      'str_replace with an empty old_str',
      { command: 'str_replace', path: '/memories/me.md', old_str: '', new_str: 'b' }
    ],
    [
      'str_replace in a missing file',
      { command: 'str_replace', path: '/memories/gone.md', old_str: 'a', new_str: 'b' }
    ],
    [
      'insert past the end',
      { command: 'insert', path: '/memories/me.md', insert_line: 99, insert_text: 'x' }
    ],
    ['delete of a missing file', { command: 'delete', path: '/memories/gone.md' }],
    ['delete of the root', { command: 'delete', path: '/memories' }],
    [
      'rename onto an existing file',
      { command: 'rename', old_path: '/memories/me.md', new_path: '/memories/twice.md' }
    ],
    [
      'rename of a missing file',
      { command: 'rename', old_path: '/memories/gone.md', new_path: '/memories/x.md' }
    ],
    ['a path outside /memories', { command: 'delete', path: '/etc/passwd' }],
    ['a path that climbs out', { command: 'delete', path: '/memories/../secrets' }],
    ['a view', { command: 'view', path: '/memories' }],
    ['no command', { path: '/memories/me.md' }],
    ['not an object', 'delete everything']
  ])('no plan (nothing to approve: the engine answers the error): %s', async (_, input) => {
    const { store, root } = await folder()
    const before = await tree(root)
    const planned = await store.preview(input, CLAUDE)
    expect(planned).toMatchObject({ ok: false, result: { isError: true } })
    expect(planned.ok ? '' : planned.result.content).toMatch(/^(Error|No replacement)/)
    expect(await tree(root)).toEqual(before)
  })
})
