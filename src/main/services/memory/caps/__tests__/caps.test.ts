import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { readAllFiles } from '../../../__tests__/helpers'
import { runner, useMemory } from '../../__tests__/helpers'

const mem = useMemory()
let store: MemoryStore
const { ok, err } = runner(() => store)

const KIB = 1024

/** Runs a refused command and checks that nothing on disk changed. */
async function refusedWithoutChange(input: unknown): Promise<string> {
  const before = await readAllFiles(mem.root())
  const message = await err(input)
  expect(await readAllFiles(mem.root())).toEqual(before)
  return message
}

describe('per-file cap', () => {
  it('create: exactly at the cap passes, one byte over is refused with the cap and what to do', async () => {
    store = await mem.open({ limits: { maxFileBytes: KIB } })
    await ok({ command: 'create', path: '/memories/at.md', file_text: 'x'.repeat(KIB) })
    const message = await refusedWithoutChange({
      command: 'create',
      path: '/memories/over.md',
      file_text: 'x'.repeat(KIB + 1)
    })
    expect(message).toBe(
      'Error: Cannot create /memories/over.md: it would be 1,025 bytes (1.0K), over the per-file cap of 1,024 bytes (1.0K). Shorten the text, or split it into several smaller files.'
    )
    expect(await readdir(mem.root())).toEqual(['at.md'])
  })

  it('counts bytes, not characters', async () => {
    store = await mem.open({ limits: { maxFileBytes: KIB } })
    await ok({ command: 'create', path: '/memories/at.md', file_text: 'é'.repeat(512) })
    await refusedWithoutChange({
      command: 'create',
      path: '/memories/over.md',
      file_text: `${'é'.repeat(512)}x`
    })
  })

  it('str_replace: growing to exactly the cap passes, one byte more is refused', async () => {
    store = await mem.open({ limits: { maxFileBytes: KIB } })
    await ok({
      command: 'create',
      path: '/memories/f.md',
      file_text: `${'x'.repeat(KIB - 10)}TAIL`
    })
    // 1,018 bytes: TAIL (4) -> 10 bytes makes 1,024.
    await ok({
      command: 'str_replace',
      path: '/memories/f.md',
      old_str: 'TAIL',
      new_str: '0123456789'
    })
    expect((await readFile(join(mem.root(), 'f.md'))).length).toBe(KIB)
    const message = await refusedWithoutChange({
      command: 'str_replace',
      path: '/memories/f.md',
      old_str: '9',
      new_str: '9!'
    })
    expect(message).toMatch(/^Error: Cannot edit \/memories\/f\.md: it would be 1,025 bytes/)
  })

  it('insert: exactly at the cap passes, one byte over is refused', async () => {
    store = await mem.open({ limits: { maxFileBytes: KIB } })
    await ok({ command: 'create', path: '/memories/f.md', file_text: 'a' })
    // "a" + "\n" + text: 2 + (KIB - 2) bytes.
    await ok({
      command: 'insert',
      path: '/memories/f.md',
      insert_line: 1,
      insert_text: 'y'.repeat(KIB - 2)
    })
    expect((await readFile(join(mem.root(), 'f.md'))).length).toBe(KIB)
    await refusedWithoutChange({
      command: 'insert',
      path: '/memories/f.md',
      insert_line: 0,
      insert_text: ''
    })
  })
})

describe('total cap', () => {
  it('exactly at the total passes, one byte over is refused with usage and next steps', async () => {
    store = await mem.open({ limits: { maxFileBytes: 5 * KIB, maxTotalBytes: 10 * KIB } })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'x'.repeat(5 * KIB) })
    await ok({ command: 'create', path: '/memories/b.md', file_text: 'x'.repeat(5 * KIB - 1) })
    await ok({ command: 'insert', path: '/memories/b.md', insert_line: 0, insert_text: '' }) // +1 byte: exactly 10 KiB
    expect((await store.usage()).totalBytes).toBe(10 * KIB)
    const message = await refusedWithoutChange({
      command: 'create',
      path: '/memories/c.md',
      file_text: 'x'
    })
    expect(message).toBe(
      'Error: Cannot create /memories/c.md: memory would grow to 10,241 bytes (10.0K), over the total cap of 10,240 bytes (10.0K) (10,240 bytes (10.0K) used now in 2 files). Delete or consolidate files you no longer need, or shorten this text, then try again.'
    )
    await refusedWithoutChange({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'xx',
      new_str: 'xxx'
    })
  })

  it('edits that do not grow pass even at the cap; an empty file can still be created', async () => {
    store = await mem.open({ limits: { maxFileBytes: 10 * KIB, maxTotalBytes: 10 * KIB } })
    await ok({
      command: 'create',
      path: '/memories/a.md',
      file_text: `${'x'.repeat(10 * KIB - 3)}abc`
    })
    await ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'abc', new_str: 'ABC' })
    await ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'ABC', new_str: 'A' })
    await ok({ command: 'create', path: '/memories/empty.md', file_text: '' })
    await ok({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' })
  })
})

describe('file-count cap', () => {
  it('says "1 file", not "1 files"', async () => {
    store = await mem.open({ limits: { maxFiles: 1 } })
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    expect(await err({ command: 'create', path: '/memories/b.md', file_text: 'b' })).toContain(
      'memory already holds 1 file and the cap is 1.'
    )
  })

  it('the last allowed file passes, the next is refused', async () => {
    store = await mem.open({ limits: { maxFiles: 3 } })
    for (const name of ['a', 'b', 'c'])
      await ok({ command: 'create', path: `/memories/${name}.md`, file_text: name })
    const message = await refusedWithoutChange({
      command: 'create',
      path: '/memories/d.md',
      file_text: 'd'
    })
    expect(message).toBe(
      'Error: Cannot create /memories/d.md: memory already holds 3 files and the cap is 3. Delete files you no longer need or consolidate related notes into one file, then try again.'
    )
    // Editing and renaming stay possible; deleting makes room.
    await ok({ command: 'str_replace', path: '/memories/a.md', old_str: 'a', new_str: 'aa' })
    await ok({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/sub/a.md' })
    await ok({ command: 'delete', path: '/memories/b.md' })
    await ok({ command: 'create', path: '/memories/d.md', file_text: 'd' })
  })
})

describe('80% notices', () => {
  it('appear on each successful write once usage passes 80% of a cap, not at 80% itself', async () => {
    store = await mem.open({ limits: { maxFiles: 5 } })
    for (const name of ['a', 'b', 'c', 'd']) {
      expect(await ok({ command: 'create', path: `/memories/${name}.md`, file_text: name })).toBe(
        `File created successfully at: /memories/${name}.md`
      )
    }
    expect(await ok({ command: 'create', path: '/memories/e.md', file_text: 'e' })).toBe(
      'File created successfully at: /memories/e.md\nNote: memory is nearly full: 5 of 5 files (100%). Consolidate related notes and delete what is no longer needed before adding more.'
    )
    const edited = await ok({
      command: 'insert',
      path: '/memories/a.md',
      insert_line: 0,
      insert_text: 'x'
    })
    expect(edited.split('\n')).toHaveLength(2)
    expect(edited).toMatch(/\nNote: memory is nearly full: 5 of 5 files \(100%\)/)
    const deleted = await ok({ command: 'delete', path: '/memories/e.md' })
    expect(deleted).toBe('Successfully deleted /memories/e.md')
  })

  it('names the total and the file when those pass 80%', async () => {
    store = await mem.open({ limits: { maxFileBytes: 10 * KIB, maxTotalBytes: 10 * KIB } })
    const content = await ok({
      command: 'create',
      path: '/memories/big.md',
      file_text: 'x'.repeat(9 * KIB)
    })
    expect(content).toBe(
      'File created successfully at: /memories/big.md\nNote: memory is nearly full: 9.0K of the 10.0K total cap (90%); this file is 9.0K of the 10.0K per-file cap (90%). Consolidate related notes and delete what is no longer needed before adding more.'
    )
  })
})

describe('files already over a cap', () => {
  it('stay readable and flagged, can shrink but not grow, and are never removed', async () => {
    await mem.mkroot()
    await writeFile(join(mem.root(), 'huge.md'), `${'x'.repeat(2 * KIB)}\nend`)
    store = await mem.open({ limits: { maxFileBytes: KIB } })
    const view = await ok({ command: 'view', path: '/memories/huge.md' })
    expect(view).toMatch(
      /^Here's the content of \/memories\/huge\.md with line numbers:\n {5}1\tx+\n {5}2\tend\n/
    )
    expect(view.split('\n').at(-1)).toBe(
      'Note: this file is 2,052 bytes (2.0K), over the per-file cap of 1,024 bytes (1.0K). It stays readable, but edits that make it larger are refused; shorten it or split it into smaller files.'
    )
    expect(await ok({ command: 'view', path: '/memories' })).toContain(
      '\nNote: over the per-file cap of 1.0K (readable, but they cannot grow; shorten or split them): /memories/huge.md'
    )
    expect((await store.usage()).overCapFiles).toEqual(['/memories/huge.md'])
    expect(
      (await store.list()).entries.find((entry) => entry.path === '/memories/huge.md')?.overCap
    ).toBe(true)
    await refusedWithoutChange({
      command: 'insert',
      path: '/memories/huge.md',
      insert_line: 0,
      insert_text: 'more'
    })
    await ok({ command: 'str_replace', path: '/memories/huge.md', old_str: '\nend', new_str: '' })
    await store.sweep()
    expect(await readdir(mem.root())).toEqual(['huge.md'])
  })
})

describe('read cap', () => {
  it('returns the first part of a long file and names the view_range to ask for next; paging reads it all', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i + 1} ${'·'.repeat(20)}`)
    await mem.mkroot()
    await writeFile(join(mem.root(), 'long.md'), lines.join('\n'))
    store = await mem.open({ limits: { maxReadChars: 1000 } })
    const seen: string[] = []
    let range: [number, number] | undefined
    for (let page = 0; page < 100; page++) {
      const content = await ok({
        command: 'view',
        path: '/memories/long.md',
        ...(range ? { view_range: range } : {})
      })
      const [header, ...rest] = content.split('\n')
      expect(header).toBe("Here's the content of /memories/long.md with line numbers:")
      const last = rest.at(-1) ?? ''
      const next = /To read on, call view with view_range \[(\d+), (-?\d+)\]\.\]$/.exec(last)
      const body = next ? rest.slice(0, -1) : rest
      expect(body.join('\n').length).toBeLessThanOrEqual(1000)
      seen.push(...body.map((line) => line.split('\t')[1] ?? ''))
      if (!next) break
      expect(last).toMatch(
        /^\[Output stopped at the read limit of 1,000 characters: showing lines \d+-\d+ of 300\./
      )
      range = [Number(next[1]), Number(next[2])]
    }
    expect(seen).toEqual(lines)
  })

  it('cuts a single line longer than the limit and says so', async () => {
    await mem.mkroot()
    await writeFile(join(mem.root(), 'wide.md'), `${'w'.repeat(5000)}\nnext`)
    store = await mem.open({ limits: { maxReadChars: 1000 } })
    const content = await ok({ command: 'view', path: '/memories/wide.md' })
    const lines = content.split('\n')
    expect(lines[1]).toBe(`     1\t${'w'.repeat(1000 - 7)}`)
    expect(lines[2]).toBe(
      '[Line 1 is longer than the read limit of 1,000 characters and was cut. To read on, call view with view_range [2, -1].]'
    )
  })

  it('pages a long directory listing the same way', async () => {
    await mem.mkroot()
    for (let i = 0; i < 200; i++)
      await writeFile(join(mem.root(), `note-${String(i).padStart(3, '0')}.md`), 'x')
    store = await mem.open({ limits: { maxReadChars: 1000 } })
    const names: string[] = []
    let range: [number, number] | undefined
    for (let page = 0; page < 100; page++) {
      const content = await ok({
        command: 'view',
        path: '/memories',
        ...(range ? { view_range: range } : {})
      })
      const rest = content.split('\n').slice(1)
      const next = /view_range \[(\d+), (-?\d+)\]\.\]$/.exec(rest.at(-1) ?? '')
      names.push(...(next ? rest.slice(0, -1) : rest).map((line) => line.split('\t')[1] ?? ''))
      if (!next) break
      range = [Number(next[1]), Number(next[2])]
    }
    expect(names[0]).toBe('/memories')
    expect(names.slice(1)).toEqual(
      Array.from({ length: 200 }, (_, i) => `/memories/note-${String(i).padStart(3, '0')}.md`)
    )
  })
})

describe('limits change live', () => {
  it('applies updateLimits to the next command and validates it', async () => {
    store = await mem.open()
    await ok({ command: 'create', path: '/memories/a.md', file_text: 'x'.repeat(2000) })
    expect(store.updateLimits({ maxFileBytes: 1024 })).toEqual({
      maxFileBytes: 1024,
      maxTotalBytes: 16 * 1024 * 1024,
      maxFiles: 2000,
      maxReadChars: 40_000
    })
    store.updateLimits({ maxFiles: 1500 })
    expect((await store.usage()).limits).toMatchObject({ maxFileBytes: 1024, maxFiles: 1500 })
    await err({ command: 'create', path: '/memories/b.md', file_text: 'x'.repeat(2000) })
    expect(() => store.updateLimits({ maxFiles: 0 })).toThrow(/maxFiles/)
    expect((await store.usage()).limits.maxFileBytes).toBe(1024)
  })
})
