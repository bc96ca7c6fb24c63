import { symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runner, useMemory } from '../../__tests__/helpers'

// Memory → search (issue 25): names and contents, any case, the query taken literally.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)

describe('memory search', () => {
  it('finds names and contents in any case, with lines, ranges and counts', async () => {
    store = await mem.open()
    await tool.ok({
      command: 'create',
      path: '/memories/projects/Garden.md',
      file_text: '# Garden\nTomatoes in May.\nNo garden work in rain; GARDEN gloves.\n'
    })
    await tool.ok({ command: 'create', path: '/memories/other.md', file_text: 'nothing\n' })
    const result = await store.search('garden')
    expect(result.searchedFiles).toBe(2)
    expect(result.files).toEqual([
      {
        path: '/memories/projects/Garden.md',
        nameRanges: [[19, 25]],
        lines: [
          { line: 1, text: '# Garden', ranges: [[2, 8]] },
          {
            line: 3,
            text: 'No garden work in rain; GARDEN gloves.',
            ranges: [
              [3, 9],
              [24, 30]
            ]
          }
        ],
        count: 3
      }
    ])
  })

  it('takes the query literally (no pattern), and finds an edited text at once', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: 'a.b and axb\n' })
    const literal = await store.search('a.b')
    expect(literal.files[0]?.count).toBe(1)
    expect((await store.search('(')).files).toEqual([])
    await tool.ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'axb', new_str: 'q(' })
    expect((await store.search('(')).files[0]?.lines[0]).toEqual({
      line: 1,
      text: 'a.b and q(',
      ranges: [[9, 10]]
    })
    // Another program's edit, once the engine knows of it, is searched too.
    await writeFile(join(mem.root(), 'a.md'), 'changed outside\n')
    await store.applyExternal(['a.md'])
    expect((await store.search('outside')).files.map((f) => f.path)).toEqual(['/memories/a.md'])
  })

  it('shows the first lines of a file with many matches, cut around the match, counting all', async () => {
    store = await mem.open()
    const long = `${'x'.repeat(500)} needle ${'y'.repeat(500)}`
    const text = [long, ...Array.from({ length: 20 }, (_, i) => `needle ${i}`)].join('\n')
    await tool.ok({ command: 'create', path: '/memories/many.md', file_text: text })
    const [file] = (await store.search('NEEDLE')).files
    expect(file?.count).toBe(21)
    expect(file?.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5])
    const first = file?.lines[0]
    expect(first?.text.length).toBeLessThanOrEqual(160)
    expect(first?.text.slice(first.ranges[0]?.[0], first.ranges[0]?.[1])).toBe('needle')
  })

  it('lists hits a page at a time in tree order, and says how many match in all', async () => {
    store = await mem.open()
    for (let i = 1; i <= 12; i++)
      await tool.ok({ command: 'create', path: `/memories/topic-${i}.md`, file_text: 'seen\n' })
    await tool.ok({ command: 'create', path: `/memories/notes/seen.md`, file_text: 'x\n' })
    await tool.ok({ command: 'create', path: `/memories/other.md`, file_text: 'x\n' })
    const first = await store.search('seen', { limit: 5 })
    expect(first.matchedFiles).toBe(13)
    expect(first.searchedFiles).toBe(14)
    expect(first.offset).toBe(0)
    // Folders first, then files in natural order (topic-2 before topic-10), as the tree shows.
    expect(first.files.map((f) => f.path)).toEqual([
      '/memories/notes/seen.md',
      '/memories/topic-1.md',
      '/memories/topic-2.md',
      '/memories/topic-3.md',
      '/memories/topic-4.md'
    ])
    const last = await store.search('seen', { offset: 10, limit: 5 })
    expect(last.offset).toBe(10)
    expect(last.files.map((f) => f.path)).toEqual([
      '/memories/topic-10.md',
      '/memories/topic-11.md',
      '/memories/topic-12.md'
    ])
    // Without a page: the first one, every hit reachable by the pages after it.
    expect((await store.search('seen')).files).toHaveLength(13)
  })

  it('does not follow a link out of the folder', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: '/memories/plain.md', file_text: 'hello\n' })
    const decoy = join(mem.temp(), 'decoy.txt')
    await writeFile(decoy, 'decoy-secret-text\n')
    await symlink(decoy, join(mem.root(), 'link.md'))
    await store.applyExternal(['link.md'])
    const result = await store.search('decoy-secret')
    expect(result.files.filter((f) => f.count > 0)).toEqual([])
  })
})
