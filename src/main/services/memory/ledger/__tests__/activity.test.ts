import { readdir, readFile, appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryStore } from '../..'
import { CLAUDE, manualClock, runner, useMemory } from '../../__tests__/helpers'

const mem = useMemory()
let store: MemoryStore
const claude = runner(() => store)
const other = runner(() => store, { kind: 'claude', conversationId: 'conv-2' })
const external = runner(() => store, { kind: 'external' })

describe('the activity log', () => {
  it('records every mutation with time, actor, command, paths, bytes and outcome; views are not mutations', async () => {
    const time = manualClock(Date.parse('2025-03-04T05:06:07.000Z'))
    store = await mem.open({ clock: time.clock })
    await claude.ok({ command: 'create', path: '/memories/a.md', file_text: 'hello' })
    await claude.ok({ command: 'view', path: '/memories/a.md' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: 'hello',
      new_str: 'hi'
    })
    await claude.ok({
      command: 'insert',
      path: '/memories/a.md',
      insert_line: 1,
      insert_text: 'there'
    })
    await claude.ok({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' })
    await claude.err({ command: 'create', path: '/memories/b.md', file_text: 'x' })
    await claude.err({ command: 'delete', path: '/memories/../etc' })
    await claude.ok({ command: 'delete', path: '/memories/b.md' })
    const page = await store.activity()
    expect(page.total).toBe(7)
    const rows = page.entries.map((entry) => [
      entry.command,
      entry.paths,
      entry.bytesBefore,
      entry.bytesAfter,
      entry.outcome
    ])
    expect(rows).toEqual([
      ['delete', ['/memories/b.md'], 8, 0, 'ok'],
      ['delete', [], null, null, 'error'],
      ['create', ['/memories/b.md'], null, null, 'error'],
      ['rename', ['/memories/a.md', '/memories/b.md'], 8, 8, 'ok'],
      ['insert', ['/memories/a.md'], 2, 8, 'ok'],
      ['str_replace', ['/memories/a.md'], 5, 2, 'ok'],
      ['create', ['/memories/a.md'], null, 5, 'ok']
    ])
    const last = page.entries[0]
    expect(last).toMatchObject({
      time: '2025-03-04T05:06:07.000Z',
      actor: CLAUDE,
      message: 'Successfully deleted /memories/b.md'
    })
    expect(page.entries[2]?.message).toBe('Error: File /memories/b.md already exists')
    expect(page.entries.map((entry) => entry.seq)).toEqual([7, 6, 5, 4, 3, 2, 1])
  })

  it('pages newest first and filters by path (a folder includes what is inside) and by actor', async () => {
    store = await mem.open()
    for (let i = 0; i < 12; i++)
      await claude.ok({ command: 'create', path: `/memories/n/${i}.md`, file_text: `${i}` })
    await other.ok({ command: 'create', path: '/memories/other.md', file_text: 'o' })
    await external.ok({ command: 'create', path: '/memories/ext.md', file_text: 'e' })
    await store.write({ path: '/memories/n/0.md', content: 'user' })

    const first = await store.activity({ limit: 5 })
    expect(first.total).toBe(15)
    expect(first.entries.map((entry) => entry.paths[0])).toEqual([
      '/memories/n/0.md',
      '/memories/ext.md',
      '/memories/other.md',
      '/memories/n/11.md',
      '/memories/n/10.md'
    ])
    const second = await store.activity({ limit: 5, offset: 5 })
    expect(second.entries.map((entry) => entry.paths[0])).toEqual(
      [9, 8, 7, 6, 5].map((i) => `/memories/n/${i}.md`)
    )
    expect((await store.activity({ offset: 15 })).entries).toEqual([])

    expect((await store.activity({ path: '/memories/n' })).total).toBe(13)
    expect(
      (await store.activity({ path: '/memories/n/0.md' })).entries.map((entry) => entry.actor.kind)
    ).toEqual(['user', 'claude'])
    expect((await store.activity({ path: '/memories/n/1' })).total).toBe(0)
    expect((await store.activity({ actor: 'user' })).total).toBe(1)
    expect((await store.activity({ actor: 'external' })).entries[0]?.paths).toEqual([
      '/memories/ext.md'
    ])
    expect((await store.activity({ actor: 'claude' })).total).toBe(13)
    expect(
      (await store.activity({ actor: 'claude', conversationId: 'conv-2' })).entries.map(
        (entry) => entry.paths[0]
      )
    ).toEqual(['/memories/other.md'])
  })

  it('rotates at its size cap, keeps reading across the rotated files, and drops the oldest', async () => {
    store = await mem.open({ activityMaxBytes: 2000 })
    for (let i = 0; i < 60; i++)
      await claude.ok({ command: 'create', path: `/memories/f${i}.md`, file_text: 'x' })
    const files = (await readdir(mem.stateDir()))
      .filter((name) => name.startsWith('activity'))
      .sort()
    expect(files).toEqual([
      'activity.1.jsonl',
      'activity.2.jsonl',
      'activity.3.jsonl',
      'activity.jsonl'
    ])
    for (const name of files) {
      expect((await readFile(join(mem.stateDir(), name))).length).toBeLessThanOrEqual(2000)
    }
    const page = await store.activity({ limit: 500 })
    expect(page.entries[0]?.paths).toEqual(['/memories/f59.md'])
    const seqs = page.entries.map((entry) => entry.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a))
    expect(seqs.length).toBeLessThan(60)
    expect(seqs.at(0)).toBe(60)
    // Newest contiguous run: nothing in the middle was lost.
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 60 - i))
  })

  it('continues its numbering after a reopen and skips a line cut by a crash', async () => {
    store = await mem.open()
    await claude.ok({ command: 'create', path: '/memories/a.md', file_text: 'a' })
    await store.dispose()
    await appendFile(join(mem.stateDir(), 'activity.jsonl'), '{"seq":2,"time":"cut')
    store = await mem.open()
    await claude.ok({ command: 'create', path: '/memories/b.md', file_text: 'b' })
    const page = await store.activity()
    expect(page.entries.map((entry) => [entry.seq, entry.paths[0]])).toEqual([
      [2, '/memories/b.md'],
      [1, '/memories/a.md']
    ])
  })

  it('filters by words beyond paths: who, what (as the list says it), and the message', async () => {
    store = await mem.open()
    await claude.ok({ command: 'create', path: '/memories/garden.md', file_text: 'a' })
    await claude.ok({
      command: 'str_replace',
      path: '/memories/garden.md',
      old_str: 'a',
      new_str: 'b'
    })
    await store.write({ path: '/memories/notes.md', content: 'mine' })
    await claude.err({ command: 'view', path: '/memories/missing.md' }).catch(() => undefined)
    const seqsOf = async (text: string) =>
      (await store.activity({ text })).entries.map((e) => `${e.command} ${e.paths.join(',')}`)
    expect(await seqsOf('EDITED')).toEqual([
      'write /memories/notes.md',
      'str_replace /memories/garden.md'
    ])
    expect(await seqsOf('garden')).toEqual([
      'str_replace /memories/garden.md',
      'create /memories/garden.md'
    ])
    expect(await seqsOf('you')).toEqual(['write /memories/notes.md'])
    expect(await seqsOf('nothing like this')).toEqual([])
  })
})
