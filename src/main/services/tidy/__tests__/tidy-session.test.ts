import { readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { expectCairnError } from '../../__tests__/helpers'
import { folderHash, scriptTidy, useTidyRig } from './rig'

// The scripted tidy session with the fake API (issue 39): the overlay, nothing executed before
// review, exactly the accepted subset applied, preconditions honoured, one Undo for every byte.

const space = DEFAULT_SPACE_ID
const rig = useTidyRig()

async function readyProposal(r: Awaited<ReturnType<typeof rig>>) {
  scriptTidy(r.fake)
  const { sessionId } = await r.tidy.start({ space })
  const end = await r.settled(sessionId)
  expect(end, JSON.stringify(end)).toMatchObject({ stage: 'ready', changes: 4 })
  return { sessionId, proposal: await r.tidy.proposal({ space, sessionId }) }
}

describe('a tidy session plans on an overlay', () => {
  it('sees earlier plans in later commands, and changes nothing on disk before review', async () => {
    const r = await rig()
    const before = await folderHash(r.root)
    const activityBefore = (await r.store.activity()).entries.length
    const { proposal } = await readyProposal(r)
    // Nothing on disk moved, and the real engine logged nothing: every command was planned.
    expect(await folderHash(r.root)).toBe(before)
    expect((await r.store.activity()).entries.length).toBe(activityBefore)
    // The edit of the renamed file composed with the rename, and the view after it saw both.
    const requests = r.fake.messageRequests()
    expect(requests).toHaveLength(5)
    const last = requests[4]!.body as { messages: Array<{ content: unknown }> }
    const results = JSON.stringify(last.messages.at(-1)!.content)
    expect(results).not.toContain('is_error')
    expect(results).toContain('Project Kestrel ships in June')
    expect(results).not.toContain('2024 party')
    // The overlay's copy is gone once the proposal is made.
    expect(existsSync(join(r.scratch, proposal.sessionId))).toBe(false)
  })

  it('proposes each change with its reason, diff, needs, forgotten lines and totals', async () => {
    const r = await rig()
    const { proposal } = await readyProposal(r)
    expect(proposal.changes.map((c) => [c.id, c.command, c.path, c.reason])).toEqual([
      [1, 'str_replace', '/memories/contacts.md', 'Use the newer address.'],
      [2, 'delete', '/memories/people.md', 'people.md only repeats what contacts.md now holds.'],
      [3, 'rename', '/memories/notes.md', 'notes.md holds work notes; the name should say so.'],
      [4, 'str_replace', '/memories/work/projects.md', 'The 2024 party is long past.']
    ])
    expect(proposal.changes[0]!.preview.after).toContain('5 New Street')
    expect(proposal.changes[3]!.needs.map((n) => n.id)).toEqual([3])
    expect(proposal.changes[3]!.needs[0]!.why).toMatch(/Change 3 moves/)
    expect(proposal.changes[1]!.needs).toEqual([])
    const files = Object.fromEntries(proposal.files.map((f) => [f.path, f]))
    expect(Object.keys(files).sort()).toEqual([
      '/memories/contacts.md',
      '/memories/notes.md',
      '/memories/people.md',
      '/memories/work/projects.md'
    ])
    // The old address and the stale note go from memory entirely; people.md's line lives on.
    expect(files['/memories/contacts.md']!.forgotten).toEqual([
      '- Alice: 1 Old Road (until 2026-02)'
    ])
    expect(files['/memories/people.md']!.forgotten).toEqual([])
    expect(files['/memories/notes.md']!.forgotten).toEqual([
      '- stale: call Bob about the 2024 party'
    ])
    expect(files['/memories/notes.md']!.after).toBeNull()
    expect(files['/memories/work/projects.md']!.changeIds).toEqual([3, 4])
    expect(proposal.totals.before.files).toBe(4)
    expect(proposal.totals.after.files).toBe(3)
    expect(proposal.totals.after.bytes).toBeLessThan(proposal.totals.before.bytes)
    expect(proposal.totals.before.shareOfBytes).toBeGreaterThan(0)
  })
})

describe('applying a reviewed tidy', () => {
  it('applies exactly the accepted subset as one entry, and one Undo restores every byte', async () => {
    const r = await rig()
    const original = await folderHash(r.root)
    const { sessionId } = await readyProposal(r)
    const result = await r.tidy.apply({ space, sessionId, accept: [2, 3, 4] })
    expect(result).toMatchObject({ applied: [2, 3, 4], skipped: [] })
    // Change 1 was rejected: contacts.md keeps the old address.
    expect(await readFile(join(r.root, 'contacts.md'), 'utf8')).toContain('1 Old Road')
    expect(existsSync(join(r.root, 'people.md'))).toBe(false)
    expect(existsSync(join(r.root, 'notes.md'))).toBe(false)
    expect(await readFile(join(r.root, 'work/projects.md'), 'utf8')).toBe(
      '# Notes\n- Project Kestrel ships in June\n'
    )
    const entries = (await r.store.activity()).entries.filter((e) => e.command === 'tidy')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.seq).toBe(result.seq)
    expect(await folderHash(r.root)).not.toBe(original)
    await r.store.revert(result.seq!)
    // Every file back, byte for byte (CRLF and all), from the one entry's undo; and no folder the
    // rename made (work/) left behind empty.
    expect(await folderHash(r.root)).toBe(original)
    // Applied once: the session is closed.
    await expectCairnError(r.tidy.proposal({ space, sessionId }), 'TIDY_NOT_FOUND')
  })

  it('skips a change whose file changed since the proposal, and the changes that need it', async () => {
    const r = await rig()
    const { sessionId } = await readyProposal(r)
    const edited = '# Notes\n- Project Kestrel ships in July\n'
    await writeFile(join(r.root, 'notes.md'), edited)
    const result = await r.tidy.apply({ space, sessionId, accept: [1, 2, 3, 4] })
    expect(result.applied).toEqual([1, 2])
    expect(result.skipped).toEqual([
      {
        id: 3,
        path: '/memories/notes.md',
        reason: '/memories/notes.md changed since the proposal, so it was left as it is.'
      },
      { id: 4, path: '/memories/work/projects.md', reason: 'It needs change 3, which was skipped.' }
    ])
    expect(await readFile(join(r.root, 'notes.md'), 'utf8')).toBe(edited)
    expect(existsSync(join(r.root, 'work'))).toBe(false)
    expect(await readFile(join(r.root, 'contacts.md'), 'utf8')).toContain('5 New Street')
  })

  it('refuses a set that takes a change without the change it needs', async () => {
    const r = await rig()
    const before = await folderHash(r.root)
    const { sessionId } = await readyProposal(r)
    const error = await expectCairnError(
      r.tidy.apply({ space, sessionId, accept: [4] }),
      'TIDY_REFUSED'
    )
    expect(error.message).toMatch(/Change 4 needs change 3/)
    expect(await folderHash(r.root)).toBe(before)
  })
})
