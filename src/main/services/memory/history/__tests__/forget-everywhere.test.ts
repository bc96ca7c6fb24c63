import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runner, useMemory } from '../../__tests__/helpers'
import { keptTexts } from '../../__tests__/kept-bytes'

// Issue 35: a forgotten text is gone from every place the memory engine keeps it, or the Forget
// names the place: history's packs, the activity log (entries from before quoted old_str), the
// archive (a file the sweep expired), the memory files.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)
const SECRET = 'pin-Zq8vN3kTwL'

/** Every byte the engine keeps (memory folder, state, history packs opened) holding SECRET. */
async function holding(): Promise<string[]> {
  return (await keptTexts(mem.temp()))
    .filter((kept) => kept.text.includes(SECRET))
    .map((kept) => kept.path.slice(mem.temp().length + 1))
    .sort()
}

describe('forget a text everywhere the memory engine keeps it', () => {
  it('takes it out of the activity log, names the archived copy, and removes that on request', async () => {
    store = await mem.open()
    await tool.ok({
      command: 'create',
      path: '/memories/trip.md',
      file_text: `---\nexpires: 2000-01-01\n---\ndoor code ${SECRET}\n`
    })
    await tool.ok({ command: 'create', path: '/memories/keep.md', file_text: `also ${SECRET}\n` })
    await tool.ok({
      command: 'str_replace',
      path: '/memories/keep.md',
      old_str: SECRET,
      new_str: 'x'
    })
    const swept = await store.sweep()
    expect(swept.expired).toHaveLength(1)
    const [archived] = await store.listArchived()
    expect(archived?.path).toBe('/memories/trip.md')
    // An entry written before the activity log stopped quoting old_str.
    await store.dispose()
    const seq = (await readFile(join(mem.stateDir(), 'activity.jsonl'), 'utf8')).split('\n').length
    await appendFile(
      join(mem.stateDir(), 'activity.jsonl'),
      `${JSON.stringify({
        seq,
        time: new Date().toISOString(),
        actor: { kind: 'claude', conversationId: 'c' },
        command: 'str_replace',
        paths: ['/memories/keep.md'],
        bytesBefore: null,
        bytesAfter: null,
        outcome: 'error',
        message: `No replacement was performed, old_str \`${SECRET}\` did not appear verbatim in /memories/keep.md.`
      })}\n`
    )
    store = await mem.open()
    const before = await holding()
    expect(before.some((p) => p.endsWith('activity.jsonl'))).toBe(true)
    expect(before.some((p) => p.includes('/archive/'))).toBe(true)

    const found = await store.findInHistory(SECRET)
    const inArchive = { kind: 'archive', archiveId: archived?.archiveId, path: '/memories/trip.md' }
    expect(found.elsewhere).toEqual([
      inArchive,
      { kind: 'other', name: 'Activity log', advice: 'Forget takes it out of the log.' }
    ])
    const result = await store.forget({ what: 'text', text: SECRET })
    expect(result.forgotten).toBeGreaterThanOrEqual(2)
    expect(result.stillInFiles).toEqual([])
    expect(result.elsewhere).toEqual([inArchive])
    // Only the archived copy holds it now; the activity log says a text was taken out, not which.
    expect(await holding()).toEqual([`state/archive/${archived?.archiveId}/trip.md`])
    const messages = (await store.activity({})).entries.map((e) => e.message)
    expect(messages).toContain('Took a forgotten text out of 1 activity entry')
    expect(messages).toContain(
      'No replacement was performed, old_str `[forgotten]` did not appear verbatim in /memories/keep.md.'
    )

    await store.forget({
      what: 'archived',
      archiveId: archived?.archiveId ?? '',
      path: '/memories/trip.md'
    })
    expect(await holding()).toEqual([])
    expect(await store.listArchived()).toEqual([])
    expect((await store.findInHistory(SECRET)).elsewhere).toEqual([])
    await expect(
      store.forget({
        what: 'archived',
        archiveId: archived?.archiveId ?? '',
        path: '/memories/trip.md'
      })
    ).rejects.toThrow(/holds no \/memories\/trip.md/)
  })

  it('names each state file that keeps the text in a file name, never the text itself', async () => {
    store = await mem.open()
    await tool.ok({ command: 'create', path: `/memories/${SECRET}.md`, file_text: 'plain\n' })
    await store.flush()
    const result = await store.forget({ what: 'text', text: SECRET })
    expect(result.stillInFiles).toEqual(['/memories/•••.md'])
    const inName = 'A file or folder name holds it: rename or delete that file, then forget again.'
    expect(result.elsewhere).toEqual([
      { kind: 'other', name: 'Activity log', advice: inName },
      { kind: 'other', name: "History's list of versions", advice: inName },
      { kind: 'other', name: 'Memory index', advice: inName }
    ])
    expect(JSON.stringify(result)).not.toContain(SECRET)
    // Each of those, and the file, is where the bytes are; nothing else holds it.
    expect(await holding()).toEqual([
      `memories/${SECRET}.md (name)`,
      'state/activity.jsonl',
      'state/history/journal.jsonl',
      'state/memory-index.json'
    ])
  })

  it('names a memory file that holds the text with history off', async () => {
    store = await mem.open({ history: false })
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: `x ${SECRET}\n` })
    expect(await store.forget({ what: 'text', text: SECRET })).toEqual({
      forgotten: 0,
      stillInFiles: ['/memories/a.md'],
      elsewhere: []
    })
  })
})
