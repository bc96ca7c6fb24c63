import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MemoryChange } from '@shared/memory/memory'
import { captureLogger, expectCairnError } from '../../../__tests__/helpers'
import { MemoryWatcher } from '../../outside/watcher'
import { runner, useMemory } from '../../__tests__/helpers'
import {
  anthropicKey,
  awsKeyId,
  keptTexts,
  randomOf,
  UPPER_ALNUM
} from '../../__tests__/kept-bytes'

// Names are content, also the names other programs give: a file the user saves in the memory
// folder as `notes-<an Anthropic key>.md`, or under a folder named after an AWS key id, stays on
// disk (it is the user's), but Cairn copies the name into none of its own records: not the index,
// the activity log, history or the logs, whether the watcher, a catch-up before a command, a full
// walk or the next open notices it. One activity entry says so, with the key redacted.

const memory = useMemory()

/** Everything Cairn keeps of its own (the state folder: index, activity, history opened). */
const records = () => keptTexts(memory.stateDir())

async function setUp() {
  const { logger, lines } = captureLogger()
  const store = await memory.open({ logger })
  const changes: MemoryChange[] = []
  store.onChange((change) => changes.push(change))
  const ant = anthropicKey()
  const aws = awsKeyId()
  const control = `control-${randomOf(UPPER_ALNUM, 16)}`
  const root = memory.root()
  const outside = async () => {
    await writeFile(join(root, `notes-${ant}.md`), 'the user keeps this\n')
    await mkdir(join(root, aws), { recursive: true })
    await writeFile(join(root, aws, 'inner.md'), 'inside\n')
    await writeFile(join(root, `${control}.md`), `${control}\n`)
  }
  /** No key in any record, log line or change event; the harmless file made with them is. */
  const expectNoKey = async () => {
    await store.flush()
    const all = [
      ...(await records()),
      { path: 'log lines', text: lines.join('\n') },
      { path: 'change events', text: JSON.stringify(changes) }
    ]
    for (const secret of [ant, aws])
      expect(all.filter((f) => f.text.includes(secret)).map((f) => f.path)).toEqual([])
    const activity = await readFile(join(memory.stateDir(), 'activity.jsonl'), 'utf8')
    expect(activity).toContain(`/memories/${control}.md`)
    expect(activity).toContain('/memories/notes-[redacted: Anthropic API key].md')
    expect(activity).toMatch(/name holds a credential/)
    // The user's files stay where they are.
    expect((await readdir(root)).sort()).toEqual([`${control}.md`, aws, `notes-${ant}.md`].sort())
  }
  return { store, ant, aws, control, outside, expectNoKey, lines }
}

describe('a name holding a key, given by another program', () => {
  it('noticed by a watcher batch (its paths), then again by the next open', async () => {
    const { store, ant, aws, control, outside, expectNoKey } = await setUp()
    await outside()
    await store.applyExternal([`notes-${ant}.md`, aws, `${control}.md`])
    await expectNoKey()
    expect(
      (await store.activity()).entries.filter((e) => /credential/.test(e.message))
    ).toHaveLength(2)
    await store.dispose()
    await memory.open()
    const again = await records()
    for (const secret of [ant, aws]) expect(again.some((f) => f.text.includes(secret))).toBe(false)
  })

  it('noticed by a full walk of the folder', async () => {
    const { store, outside, expectNoKey } = await setUp()
    await outside()
    await store.applyExternal()
    await expectNoKey()
  })

  it('noticed by the real watcher', async () => {
    const { store, control, outside, expectNoKey, lines } = await setUp()
    const watcher = await MemoryWatcher.start({ root: memory.root(), memory: store })
    try {
      const seen = new Promise<void>((resolve) =>
        store.onChange((change) => {
          if (change.paths.includes(`/memories/${control}.md`)) resolve()
        })
      )
      await outside()
      await seen
    } finally {
      await watcher.dispose()
    }
    await expectNoKey()
    expect(lines.join('\n')).not.toContain('AKIA')
  })

  it("noticed by the catch-up before Claude's command, and not shown to Claude", async () => {
    const { store, ant, aws, outside, expectNoKey } = await setUp()
    await outside()
    const claude = runner(() => store)
    const listing = await claude.ok({ command: 'view', path: '/memories' })
    expect(listing).not.toContain(ant)
    expect(listing).not.toContain(aws)
    expect(listing).toContain(
      '?\t/memories/notes-[redacted: Anthropic API key].md [unreadable name: holds a credential (an Anthropic API key), shown redacted; Claude cannot open it]'
    )
    expect(listing).toContain('?\t/memories/[redacted: AWS access key] [unreadable name:')
    // Named by Claude all the same, the files are refused: reading them would index the name.
    const refusals = [
      await claude.err({ command: 'view', path: `/memories/notes-${ant}.md` }),
      await claude.err({ command: 'view', path: `/memories/${aws}/inner.md` }),
      await claude.err({ command: 'delete', path: `/memories/notes-${ant}.md` })
    ]
    expect(refusals[0]).toMatch(
      /^Error: Refused: the name holds a credential \(an Anthropic API key\)/
    )
    expect(refusals[1]).toMatch(
      /^Error: Refused: the folder name holds a credential \(an AWS access key\)/
    )
    for (const refusal of refusals)
      for (const secret of [ant, aws]) expect(refusal).not.toContain(secret)
    await store.applyExternal()
    await expectNoKey()
  })

  it('listed for the user as out of reach, not openable, and not taken in by a read', async () => {
    const { store, ant, aws, control, outside, expectNoKey } = await setUp()
    await outside()
    const { entries } = await store.list()
    const byPath = new Map(entries.map((entry) => [entry.path, entry]))
    expect(byPath.get(`/memories/notes-${ant}.md`)?.unreachable).toBe(
      'holds a credential, an Anthropic API key'
    )
    expect(byPath.get(`/memories/${aws}`)?.unreachable).toBe(
      'holds a credential, an AWS access key'
    )
    expect(byPath.get(`/memories/${control}.md`)?.unreachable).toBeUndefined()
    const refused = await expectCairnError(store.read(`/memories/notes-${ant}.md`), 'MEMORY_SECRET')
    expect(refused.message).not.toContain(ant)
    await store.applyExternal()
    await expectNoKey()
  })
})
