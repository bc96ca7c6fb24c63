import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { modeOf } from '../../../__tests__/helpers'
import { runner, useMemory } from '../../__tests__/helpers'

const mem = useMemory()
let store: MemoryStore
const { ok, err } = runner(() => store)
const onDisk = (rel: string) => readFile(join(mem.root(), rel), 'utf8')

beforeEach(async () => {
  store = await mem.open()
})

const LISTING_HEADER = (path: string) =>
  `Here're the files and directories up to 2 levels deep in ${path}, excluding hidden items and node_modules:`

describe('view of a directory', () => {
  it('lists the root line first, then two levels with sizes and a TAB, hidden and node_modules left out', async () => {
    await mkdir(join(mem.root(), 'b/deep/deeper'), { recursive: true })
    await mkdir(join(mem.root(), 'node_modules/pkg'), { recursive: true })
    await mkdir(join(mem.root(), '.git'), { recursive: true })
    await writeFile(join(mem.root(), 'a.md'), 'x'.repeat(1536))
    await writeFile(join(mem.root(), '.hidden.md'), 'secret')
    await writeFile(join(mem.root(), 'b/one.txt'), 'x'.repeat(2048))
    await writeFile(join(mem.root(), 'b/.dot'), 'x')
    await writeFile(join(mem.root(), 'b/deep/too-deep.txt'), 'x')
    await writeFile(join(mem.root(), 'b/deep/deeper/x.txt'), 'x')
    const dirSize = (rel: string) => stat(join(mem.root(), rel)).then((s) => s.size)
    const fmt = (bytes: number) => (bytes < 1024 ? `${bytes}B` : `${(bytes / 1024).toFixed(1)}K`)
    const content = await ok({ command: 'view', path: '/memories' })
    expect(content).toBe(
      [
        LISTING_HEADER('/memories'),
        `${fmt(await dirSize(''))}\t/memories`,
        '1.5K\t/memories/a.md',
        `${fmt(await dirSize('b'))}\t/memories/b`,
        `${fmt(await dirSize('b/deep'))}\t/memories/b/deep`,
        '2.0K\t/memories/b/one.txt'
      ].join('\n')
    )
  })

  it('lists a sub-folder with its own path as the root line, and an empty root alone', async () => {
    expect(await ok({ command: 'view', path: '/memories' })).toMatch(
      new RegExp(`^${escape(LISTING_HEADER('/memories'))}\\n[0-9.]+[BKMG]\\t/memories$`)
    )
    await ok({ command: 'create', path: '/memories/notes/x.md', file_text: 'hello' })
    const content = await ok({ command: 'view', path: '/memories/notes/' })
    const lines = content.split('\n')
    expect(lines[0]).toBe(LISTING_HEADER('/memories/notes'))
    expect(lines[1]).toMatch(/^[0-9.]+[BKMG]\t\/memories\/notes$/)
    expect(lines[2]).toBe('5B\t/memories/notes/x.md')
    expect(lines).toHaveLength(3)
  })

  it('shows sizes in human-readable units', async () => {
    await writeFile(join(mem.root(), 'm.bin'), Buffer.alloc(Math.round(1.2 * 1024 * 1024)))
    await writeFile(join(mem.root(), 'z.txt'), 'x'.repeat(1023))
    const content = await ok({ command: 'view', path: '/memories' })
    expect(content).toContain('1.2M\t/memories/m.bin')
    expect(content).toContain('1023B\t/memories/z.txt')
  })

  it('does not list links (or what they point to)', async () => {
    await writeFile(join(mem.temp(), 'outside.txt'), 'outside')
    await symlink(join(mem.temp(), 'outside.txt'), join(mem.root(), 'link.txt'))
    expect(await ok({ command: 'view', path: '/memories' })).not.toContain('link.txt')
  })

  it('answers a missing folder with the documented message', async () => {
    expect(await err({ command: 'view', path: '/memories/nope' })).toBe(
      'The path /memories/nope does not exist. Please provide a valid path.'
    )
  })
})

describe('view of a file', () => {
  it('numbers every line: 6 characters right-aligned, a TAB, 1-indexed', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i + 1}`)
    await writeFile(join(mem.root(), 'notes.txt'), lines.join('\n'))
    const content = await ok({ command: 'view', path: '/memories/notes.txt' })
    const out = content.split('\n')
    expect(out[0]).toBe("Here's the content of /memories/notes.txt with line numbers:")
    expect(out[1]).toBe('     1\tline 1')
    expect(out[10]).toBe('    10\tline 10')
    expect(out[100]).toBe('   100\tline 100')
    expect(out).toHaveLength(121)
  })

  it('shows the documented example exactly', async () => {
    await ok({
      command: 'create',
      path: '/memories/notes.txt',
      file_text: 'Hello World\nThis is line two'
    })
    expect(await ok({ command: 'view', path: '/memories/notes.txt' })).toBe(
      "Here's the content of /memories/notes.txt with line numbers:\n     1\tHello World\n     2\tThis is line two"
    )
  })

  it('selects lines with view_range, -1 meaning the end', async () => {
    await writeFile(join(mem.root(), 'f.txt'), 'a\nb\nc\nd\ne')
    expect(await ok({ command: 'view', path: '/memories/f.txt', view_range: [2, 3] })).toBe(
      "Here's the content of /memories/f.txt with line numbers:\n     2\tb\n     3\tc"
    )
    expect(await ok({ command: 'view', path: '/memories/f.txt', view_range: [4, -1] })).toBe(
      "Here's the content of /memories/f.txt with line numbers:\n     4\td\n     5\te"
    )
    expect(await ok({ command: 'view', path: '/memories/f.txt', view_range: [5, 5] })).toBe(
      "Here's the content of /memories/f.txt with line numbers:\n     5\te"
    )
    // An end past the last line reads to the end.
    expect(await ok({ command: 'view', path: '/memories/f.txt', view_range: [5, 99] })).toContain(
      '     5\te'
    )
  })

  it('refuses a view_range outside the file, naming the valid range', async () => {
    await writeFile(join(mem.root(), 'f.txt'), 'a\nb\nc')
    expect(await err({ command: 'view', path: '/memories/f.txt', view_range: [0, 2] })).toBe(
      'Error: Invalid `view_range` parameter: [0, 2]. Its first element `0` should be within the range of lines of the file: [1, 3]'
    )
    expect(await err({ command: 'view', path: '/memories/f.txt', view_range: [4, -1] })).toContain(
      '[1, 3]'
    )
    expect(await err({ command: 'view', path: '/memories/f.txt', view_range: [3, 2] })).toBe(
      'Error: Invalid `view_range` parameter: [3, 2]. Its second element `2` should be -1 or larger than or equal to its first element `3`'
    )
  })

  it('refuses a file of more than 999,999 lines and reads one of exactly 999,999', async () => {
    await writeFile(join(mem.root(), 'huge.txt'), '\n'.repeat(999_999))
    expect(await err({ command: 'view', path: '/memories/huge.txt' })).toBe(
      'File /memories/huge.txt exceeds maximum line limit of 999,999 lines.'
    )
    await writeFile(join(mem.root(), 'max.txt'), '\n'.repeat(999_998))
    const content = await ok({
      command: 'view',
      path: '/memories/max.txt',
      view_range: [999_999, -1]
    })
    // (It is also over the per-file cap, which a note after the lines says.)
    expect(content).toMatch(
      /^Here's the content of \/memories\/max\.txt with line numbers:\n999999\t\n/
    )
  })

  it('answers a missing file with the documented message', async () => {
    expect(await err({ command: 'view', path: '/memories/missing.md' })).toBe(
      'The path /memories/missing.md does not exist. Please provide a valid path.'
    )
    expect(await err({ command: 'view', path: '/memories/missing/deeper.md' })).toBe(
      'The path /memories/missing/deeper.md does not exist. Please provide a valid path.'
    )
  })
})

describe('create', () => {
  it('creates the file and its folders (files 0600, folders 0700) and says so', async () => {
    expect(
      await ok({ command: 'create', path: '/memories/a/b/notes.md', file_text: 'Meeting notes\n' })
    ).toBe('File created successfully at: /memories/a/b/notes.md')
    expect(await onDisk('a/b/notes.md')).toBe('Meeting notes\n')
    if (process.platform !== 'win32') {
      expect(await modeOf(join(mem.root(), 'a/b/notes.md'))).toBe(0o600)
      expect(await modeOf(join(mem.root(), 'a'))).toBe(0o700)
      expect(await modeOf(join(mem.root(), 'a/b'))).toBe(0o700)
    }
  })

  it('creates an empty file', async () => {
    await ok({ command: 'create', path: '/memories/empty.md', file_text: '' })
    expect(await onDisk('empty.md')).toBe('')
  })

  it('never replaces an existing file or folder', async () => {
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'first' })
    expect(await err({ command: 'create', path: '/memories/a.md', file_text: 'second' })).toBe(
      'Error: File /memories/a.md already exists'
    )
    expect(await onDisk('a.md')).toBe('first')
    await mkdir(join(mem.root(), 'dir'))
    expect(await err({ command: 'create', path: '/memories/dir', file_text: 'x' })).toBe(
      'Error: File /memories/dir already exists'
    )
    expect(await err({ command: 'create', path: '/memories', file_text: 'x' })).toBe(
      'Error: File /memories already exists'
    )
  })

  it('explains when a folder on the way is a file', async () => {
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'x' })
    expect(await err({ command: 'create', path: '/memories/a.md/b.md', file_text: 'x' })).toBe(
      'Error: Cannot create /memories/a.md/b.md: /memories/a.md is a file, not a folder.'
    )
  })
})

describe('str_replace', () => {
  beforeEach(async () => {
    await writeFile(join(mem.root(), 'prefs.txt'), 'Favorite color: blue\nFavorite food: pizza\n')
  })

  it('replaces the unique occurrence and shows a numbered snippet', async () => {
    const content = await ok({
      command: 'str_replace',
      path: '/memories/prefs.txt',
      old_str: 'Favorite color: blue',
      new_str: 'Favorite color: green'
    })
    expect(content).toBe(
      "The memory file has been edited. Here's a snippet of /memories/prefs.txt with line numbers:\n" +
        '     1\tFavorite color: green\n     2\tFavorite food: pizza\n     3\t'
    )
    expect(await onDisk('prefs.txt')).toBe('Favorite color: green\nFavorite food: pizza\n')
  })

  it('shows four lines of context around the change', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `l${i + 1}`)
    await writeFile(join(mem.root(), 'long.txt'), lines.join('\n'))
    const content = await ok({
      command: 'str_replace',
      path: '/memories/long.txt',
      old_str: 'l10\n',
      new_str: 'ten\nTEN\n'
    })
    const numbers = content
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split('\t')[0]))
    expect(numbers).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
  })

  it('answers a missing file or a folder with the documented message', async () => {
    const input = (path: string) => ({ command: 'str_replace', path, old_str: 'a', new_str: 'b' })
    expect(await err(input('/memories/nope.txt'))).toBe(
      'Error: The path /memories/nope.txt does not exist. Please provide a valid path.'
    )
    await mkdir(join(mem.root(), 'folder'))
    expect(await err(input('/memories/folder'))).toBe(
      'Error: The path /memories/folder does not exist. Please provide a valid path.'
    )
    expect(await err(input('/memories'))).toBe(
      'Error: The path /memories does not exist. Please provide a valid path.'
    )
  })

  it('reports text that is not there', async () => {
    expect(
      await err({
        command: 'str_replace',
        path: '/memories/prefs.txt',
        old_str: 'purple',
        new_str: 'x'
      })
    ).toBe(
      'No replacement was performed, old_str `purple` did not appear verbatim in /memories/prefs.txt.'
    )
  })

  it('reports several occurrences with their line numbers and changes nothing', async () => {
    await writeFile(join(mem.root(), 'dup.txt'), 'x = 1\ny = 2\nx = 1\nz\nx = 1')
    expect(
      await err({
        command: 'str_replace',
        path: '/memories/dup.txt',
        old_str: 'x = 1',
        new_str: 'x = 2'
      })
    ).toBe(
      'No replacement was performed. Multiple occurrences of old_str `x = 1` in lines: 1, 3, 5. Please ensure it is unique'
    )
    expect(await onDisk('dup.txt')).toBe('x = 1\ny = 2\nx = 1\nz\nx = 1')
  })

  it('refuses an empty old_str', async () => {
    expect(
      await err({ command: 'str_replace', path: '/memories/prefs.txt', old_str: '', new_str: 'x' })
    ).toMatch(/^Error: `old_str` is empty/)
  })

  it('deletes text when new_str is empty', async () => {
    await ok({
      command: 'str_replace',
      path: '/memories/prefs.txt',
      old_str: 'Favorite food: pizza\n',
      new_str: ''
    })
    expect(await onDisk('prefs.txt')).toBe('Favorite color: blue\n')
  })
})

describe('insert', () => {
  beforeEach(async () => {
    await writeFile(join(mem.root(), 'todo.txt'), 'one\ntwo\nthree')
  })

  it('inserts after the given line and says so', async () => {
    expect(
      await ok({
        command: 'insert',
        path: '/memories/todo.txt',
        insert_line: 2,
        insert_text: '- Review docs\n'
      })
    ).toBe('The file /memories/todo.txt has been edited.')
    expect(await onDisk('todo.txt')).toBe('one\ntwo\n- Review docs\nthree')
  })

  it('inserts at line 0 (the top) and at the last line (the end)', async () => {
    await ok({ command: 'insert', path: '/memories/todo.txt', insert_line: 0, insert_text: 'zero' })
    await ok({ command: 'insert', path: '/memories/todo.txt', insert_line: 4, insert_text: 'four' })
    expect(await onDisk('todo.txt')).toBe('zero\none\ntwo\nthree\nfour')
  })

  it('inserts several lines at once', async () => {
    await ok({ command: 'insert', path: '/memories/todo.txt', insert_line: 1, insert_text: 'a\nb' })
    expect(await onDisk('todo.txt')).toBe('one\na\nb\ntwo\nthree')
  })

  it('refuses a line outside [0, n_lines]', async () => {
    for (const line of [-1, 4]) {
      expect(
        await err({
          command: 'insert',
          path: '/memories/todo.txt',
          insert_line: line,
          insert_text: 'x'
        })
      ).toBe(
        `Error: Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of the file: [0, 3]`
      )
    }
    expect(await onDisk('todo.txt')).toBe('one\ntwo\nthree')
  })

  it('answers a missing file or a folder with the documented message', async () => {
    const input = (path: string) => ({ command: 'insert', path, insert_line: 0, insert_text: 'x' })
    expect(await err(input('/memories/nope.txt'))).toBe(
      'Error: The path /memories/nope.txt does not exist'
    )
    await mkdir(join(mem.root(), 'folder'))
    expect(await err(input('/memories/folder'))).toBe(
      'Error: The path /memories/folder does not exist'
    )
  })
})

describe('delete', () => {
  it('deletes a file', async () => {
    await ok({ command: 'create', path: '/memories/old.txt', file_text: 'x' })
    expect(await ok({ command: 'delete', path: '/memories/old.txt' })).toBe(
      'Successfully deleted /memories/old.txt'
    )
    await expect(stat(join(mem.root(), 'old.txt'))).rejects.toThrow()
  })

  it('deletes a folder with everything in it', async () => {
    await ok({ command: 'create', path: '/memories/dir/a.txt', file_text: 'x' })
    await ok({ command: 'create', path: '/memories/dir/sub/b.txt', file_text: 'x' })
    expect(await ok({ command: 'delete', path: '/memories/dir' })).toBe(
      'Successfully deleted /memories/dir'
    )
    await expect(stat(join(mem.root(), 'dir'))).rejects.toThrow()
    expect((await store.usage()).files).toBe(0)
  })

  it('answers a missing path with the documented message', async () => {
    expect(await err({ command: 'delete', path: '/memories/nope' })).toBe(
      'Error: The path /memories/nope does not exist'
    )
  })

  it('removes a link itself, never what it points to', async () => {
    const outside = join(mem.temp(), 'keep')
    await mkdir(outside)
    await writeFile(join(outside, 'f.txt'), 'keep me')
    await symlink(outside, join(mem.root(), 'link'))
    await ok({ command: 'delete', path: '/memories/link' })
    expect(await readFile(join(outside, 'f.txt'), 'utf8')).toBe('keep me')
  })
})

describe('rename', () => {
  it('renames a file and says so', async () => {
    await ok({ command: 'create', path: '/memories/draft.txt', file_text: 'text' })
    expect(
      await ok({
        command: 'rename',
        old_path: '/memories/draft.txt',
        new_path: '/memories/final.txt'
      })
    ).toBe('Successfully renamed /memories/draft.txt to /memories/final.txt')
    expect(await onDisk('final.txt')).toBe('text')
  })

  it('moves a folder, creating the destination folders', async () => {
    await ok({ command: 'create', path: '/memories/a/x.txt', file_text: 'x' })
    await ok({ command: 'rename', old_path: '/memories/a', new_path: '/memories/archive/2025/a' })
    expect(await onDisk('archive/2025/a/x.txt')).toBe('x')
    expect(
      (await store.list()).entries.filter((e) => e.kind === 'file').map((e) => e.path)
    ).toEqual(['/memories/archive/2025/a/x.txt'])
  })

  it('answers a missing source with the documented message', async () => {
    expect(
      await err({ command: 'rename', old_path: '/memories/nope', new_path: '/memories/x' })
    ).toBe('Error: The path /memories/nope does not exist')
  })

  it('never overwrites the destination', async () => {
    await ok({ command: 'create', path: '/memories/a.txt', file_text: 'a' })
    await ok({ command: 'create', path: '/memories/b.txt', file_text: 'b' })
    expect(
      await err({ command: 'rename', old_path: '/memories/a.txt', new_path: '/memories/b.txt' })
    ).toBe('Error: The destination /memories/b.txt already exists')
    expect(await onDisk('a.txt')).toBe('a')
    expect(await onDisk('b.txt')).toBe('b')
  })

  it('refuses to move a folder into itself', async () => {
    await ok({ command: 'create', path: '/memories/a/x.txt', file_text: 'x' })
    expect(
      await err({ command: 'rename', old_path: '/memories/a', new_path: '/memories/a/b' })
    ).toMatch(/^Error: Cannot move \/memories\/a into itself/)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('links', () => {
  it('refuses a link as the target or on the way, naming the link but never its target', async () => {
    const outside = join(mem.temp(), 'outside')
    await mkdir(outside)
    await writeFile(join(outside, 'secret.txt'), 'secret')
    await symlink(outside, join(mem.root(), 'dir-link'))
    await symlink(join(outside, 'secret.txt'), join(mem.root(), 'file-link'))
    expect(await err({ command: 'view', path: '/memories/file-link' })).toBe(
      'Error: The path /memories/file-link is a symbolic link; the memory tool never follows links. Use a path without links.'
    )
    expect(
      await err({ command: 'create', path: '/memories/dir-link/new.txt', file_text: 'x' })
    ).toBe(
      'Error: The path /memories/dir-link/new.txt passes through /memories/dir-link, a symbolic link; the memory tool never follows links. Use a path without links.'
    )
    for (const input of [
      { command: 'view', path: '/memories/dir-link/secret.txt' },
      { command: 'str_replace', path: '/memories/file-link', old_str: 'secret', new_str: 'x' },
      {
        command: 'insert',
        path: '/memories/dir-link/secret.txt',
        insert_line: 0,
        insert_text: 'x'
      },
      {
        command: 'rename',
        old_path: '/memories/dir-link/secret.txt',
        new_path: '/memories/got.txt'
      }
    ]) {
      const content = await err(input)
      expect(content).not.toContain(outside)
      expect(content).not.toContain('secret.txt\n')
    }
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret')
  })
})
