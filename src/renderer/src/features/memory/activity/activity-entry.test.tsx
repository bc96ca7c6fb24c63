import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { installFakeMain } from '../../../test/fake-main'
import { ActivityEntryRow } from './activity-entry'
import { entrySentence, versionWords } from '../change-words'

const CLAUDE = { kind: 'claude' as const, conversationId: 'c-lyon' }
const titles = new Map([['c-lyon', 'Trip to Lyon']])

function renderRow(entry: ActivityEntry) {
  return render(
    <ol>
      <ActivityEntryRow
        entry={entry}
        titles={titles}
        onOpen={() => undefined}
        onOpenConversation={() => undefined}
      />
    </ol>
  )
}

describe('Activity entries', () => {
  it('say what happened in one sentence, with the conversation, sizes and the change', async () => {
    const main = installFakeMain({ memory: { '/memories/about-me.md': '# Me\n- tea\n' } })
    const user = userEvent.setup()
    const entry = main.change({
      actor: CLAUDE,
      command: 'str_replace',
      path: '/memories/about-me.md',
      text: '# Me\n- green tea\n'
    })
    renderRow(entry)
    const item = screen.getByRole('listitem')
    expect(item.textContent).toContain('Claude edited about-me.md in “Trip to Lyon”')
    expect(within(item).getByLabelText('Size 11 bytes → 17 bytes')).toBeTruthy()
    expect(item.textContent).not.toContain('str_replace')

    await user.click(within(item).getByRole('button', { name: 'Show change' }))
    const diff = await within(item).findByRole('table', { name: 'Change to about-me.md' })
    expect(diff.querySelector('ins mark')?.textContent).toBe('green ')

    await user.click(within(item).getByRole('button', { name: /^Undo Claude edited/ }))
    expect((await within(item).findByRole('status')).textContent).toBe('Undone')
    expect(main.memory.get('/memories/about-me.md')).toBe('# Me\n- tea\n')
    // The undo is an entry of its own.
    expect(entrySentence(main.activity[0] as ActivityEntry)).toBe(
      'You undid a change to about-me.md'
    )
  })

  it('names a rename a.md → b.md, and splits outside changes into created / edited / deleted', () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'x', '/memories/gone.md': 'bye' } })
    const renamed = main.change({
      actor: { kind: 'user' },
      command: 'rename',
      from: '/memories/a.md',
      path: '/memories/b.md',
      text: 'x'
    })
    expect(entrySentence(renamed)).toBe('You renamed a.md → b.md')
    const outside = { kind: 'external' as const }
    const made = main.change({
      actor: outside,
      command: 'external',
      path: '/memories/n.md',
      text: 'n'
    })
    const edited = main.change({
      actor: outside,
      command: 'external',
      path: '/memories/n.md',
      text: 'm'
    })
    const deleted = main.change({
      actor: outside,
      command: 'external',
      path: '/memories/gone.md',
      text: null
    })
    expect([made, edited, deleted].map(entrySentence)).toEqual([
      'Created outside Cairn: n.md',
      'Edited outside Cairn: n.md',
      'Deleted outside Cairn: gone.md'
    ])
    renderRow(deleted)
    const item = screen.getByRole('listitem')
    expect(within(item).getByLabelText('Size was 3 bytes')).toBeTruthy()
    expect(
      within(item).getByRole('button', { name: /^Restore Deleted outside Cairn/ })
    ).toBeTruthy()
    // Nothing to open once deleted.
    expect(within(item).queryByRole('button', { name: /^Open/ })).toBeNull()
  })

  it('a refused command says so with its reason and offers no undo', () => {
    installFakeMain()
    renderRow({
      seq: 9,
      time: new Date().toISOString(),
      actor: CLAUDE,
      command: 'create',
      paths: ['/memories/big.md'],
      bytesBefore: null,
      bytesAfter: null,
      outcome: 'error',
      message: 'Error: over the per-file cap'
    })
    const item = screen.getByRole('listitem')
    expect(item.textContent).toContain('Claude tried to create big.md, refused')
    expect(item.textContent).toContain('over the per-file cap')
    expect(within(item).queryByRole('button', { name: /^Undo/ })).toBeNull()
  })

  it('say when history pruned old versions to stay under its size limit, with no undo', () => {
    installFakeMain()
    const entry: ActivityEntry = {
      seq: 40,
      time: new Date().toISOString(),
      actor: { kind: 'system' },
      command: 'prune',
      paths: ['/memories/a.md', '/memories/b.md'],
      bytesBefore: 1_200_000,
      bytesAfter: 900_000,
      outcome: 'ok',
      message: 'History pruned 12 old versions of 5 files to stay under 1 MB'
    }
    expect(entrySentence(entry)).toBe(
      'History pruned 12 old versions of 5 files to stay under 1 MB'
    )
    renderRow(entry)
    const item = screen.getByRole('listitem')
    expect(item.textContent).toContain(
      'History pruned 12 old versions of 5 files to stay under 1 MB'
    )
    expect(item.textContent).not.toContain('Expiry')
    expect(within(item).queryByRole('button', { name: /^(Undo|Restore)/ })).toBeNull()
  })

  it('shows a sweep as one entry with one Undo, and names the files an undo left', async () => {
    const main = installFakeMain()
    const paths = ['a', 'b', 'c', 'd', 'e'].map((n) => `/memories/${n}.md`)
    const sweep: ActivityEntry = {
      seq: 9,
      time: new Date().toISOString(),
      actor: { kind: 'system' },
      command: 'expire',
      paths,
      bytesBefore: 50,
      bytesAfter: 0,
      outcome: 'ok',
      message: 'Expired 5 files (not read or changed for 30 days) and archived them as x.',
      archiveId: '2025-06-02T00-00-00.000Z',
      versions: paths.map((path) => ({
        path,
        before: 'a'.repeat(64),
        after: null,
        sizeBefore: 10,
        sizeAfter: null
      }))
    }
    main.api.memory.revert = async (input) => {
      main.calls.push({ channel: 'memory:revert', input })
      return {
        status: 'reverted',
        seq: 9,
        paths: paths.slice(1),
        skipped: [{ path: paths[0]!, reason: '/memories/a.md already exists (made again since).' }],
        usage: {
          files: 4,
          totalBytes: 40,
          limits: { maxFileBytes: 1, maxTotalBytes: 1, maxFiles: 1, maxReadChars: 1 },
          fraction: { files: 0, totalBytes: 0 },
          overCapFiles: []
        }
      }
    }
    const user = userEvent.setup()
    renderRow(sweep)
    const item = screen.getAllByRole('listitem')[0] as HTMLElement
    expect(entrySentence(sweep)).toBe(
      'Expiry swept 5 files (moved to the archive): a.md, b.md, c.md and 2 more'
    )
    expect(within(item).getAllByRole('button', { name: /^(Undo|Restore)/ })).toHaveLength(1)
    expect(
      entrySentence({
        ...sweep,
        seq: 10,
        actor: { kind: 'user' },
        command: 'revert',
        revertOf: 9,
        paths: paths.slice(1),
        message: 'Undid the sweep of entry 9: restored 4 files'
      })
    ).toBe('You undid a sweep, bringing back b.md, c.md, d.md, e.md')
    await user.click(within(item).getByRole('button', { name: /^Undo Expiry swept 5 files/ }))
    expect(main.callsTo('memory:revert')).toEqual([{ space: 'default', seq: 9 }])
    const status = await within(item).findByRole('status')
    expect(status.textContent).toMatch(/^Brought back 4 files; 1 file left as it was:/)
    await user.click(within(item).getByRole('button', { name: 'why' }))
    expect(within(item).getByRole('list', { name: 'Files left as they were' }).textContent).toBe(
      '/memories/a.md already exists (made again since).'
    )
  })

  it('shows a batch of outside changes as one entry: a count, a few names, its files listed on demand, one Undo', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    const opened: string[] = []
    const hash = (n: number) => n.toString(16).padStart(64, '0')
    const versions = [
      ...Array.from({ length: 98 }, (_, i) => ({
        path: `/memories/notes/n${i + 1}.md`,
        before: null,
        after: hash(i + 1),
        sizeBefore: null,
        sizeAfter: 6
      })),
      { path: '/memories/gone.md', before: hash(200), after: null, sizeBefore: 3, sizeAfter: null },
      {
        path: '/memories/final.md',
        from: '/memories/draft.md',
        before: hash(300),
        after: hash(300),
        sizeBefore: 5,
        sizeAfter: 5
      }
    ]
    const batch: ActivityEntry = {
      seq: 12,
      time: new Date().toISOString(),
      actor: { kind: 'external' },
      command: 'external',
      paths: [...versions.map((v) => v.path), '/memories/draft.md'],
      bytesBefore: null,
      bytesAfter: null,
      outcome: 'ok',
      message: '100 files changed outside the app (98 added, 1 removed, 1 renamed)',
      versions
    }
    render(
      <ol>
        <ActivityEntryRow
          entry={batch}
          titles={titles}
          onOpen={(path) => opened.push(path)}
          onOpenConversation={() => undefined}
        />
      </ol>
    )
    const item = screen.getAllByRole('listitem')[0] as HTMLElement
    expect(entrySentence(batch)).toBe(
      '100 files changed outside Cairn: notes/n1.md, notes/n2.md, notes/n3.md and 97 more'
    )
    expect(item.textContent).toContain('100 files changed outside Cairn')
    // No hundred open buttons in the row: one Undo, and the files behind "Show 100 files".
    expect(within(item).queryAllByRole('button', { name: /^Open/ })).toHaveLength(0)
    expect(within(item).getAllByRole('button', { name: /^(Undo|Restore)/ })).toHaveLength(1)
    await user.click(within(item).getByRole('button', { name: 'Show 100 files' }))
    const list = within(item).getByRole('list', { name: 'Files changed outside Cairn' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(100)
    expect(rows[0]?.textContent).toBe('notes/n1.mdadded')
    expect(rows[98]?.textContent).toBe('gone.mdremoved')
    expect(rows[99]?.textContent).toBe('final.mdrenamed from draft.md')
    main.api.memory.revert = async () => ({
      status: 'reverted',
      seq: 12,
      paths: versions.slice(1).map((v) => v.path),
      skipped: [{ path: '/memories/notes/n1.md', reason: 'notes/n1.md changed since entry 12' }],
      usage: {
        files: 99,
        totalBytes: 600,
        limits: { maxFileBytes: 1, maxTotalBytes: 1, maxFiles: 1, maxReadChars: 1 },
        fraction: { files: 0, totalBytes: 0 },
        overCapFiles: []
      }
    })
    await user.click(within(item).getByRole('button', { name: /^Undo 100 files changed/ }))
    // Added files are taken out, not "brought back": the words fit both.
    expect((await within(item).findByRole('status')).textContent).toMatch(
      /^Undid the change to 99 files; 1 file left as it was:/
    )
    await user.click(within(list).getByRole('button', { name: 'final.md' }))
    expect(opened).toEqual(['/memories/final.md'])
    await user.click(within(list).getByRole('button', { name: 'Show the change to final.md' }))
    expect(
      within(list)
        .getByRole('button', { name: 'Hide the change to final.md' })
        .getAttribute('aria-expanded')
    ).toBe('true')
  })

  it('names an outside rename old → new, with or without history', () => {
    installFakeMain()
    const rename: ActivityEntry = {
      seq: 13,
      time: new Date().toISOString(),
      actor: { kind: 'external' },
      command: 'external',
      paths: ['/memories/draft.md', '/memories/final.md'],
      bytesBefore: 5,
      bytesAfter: 5,
      outcome: 'ok',
      message: 'renamed outside the app'
    }
    expect(entrySentence(rename)).toBe('Renamed outside Cairn: draft.md → final.md')
    const kept = {
      ...rename,
      versions: [
        {
          path: '/memories/final.md',
          from: '/memories/draft.md',
          before: 'a'.repeat(64),
          after: 'a'.repeat(64),
          sizeBefore: 5,
          sizeAfter: 5
        }
      ]
    }
    expect(entrySentence(kept)).toBe('Renamed outside Cairn: draft.md → final.md')
    // In the file's History, the version where it arrived under its new name says from where.
    const version = {
      seq: 13,
      time: rename.time,
      actor: rename.actor,
      command: 'external' as const,
      path: '/memories/final.md',
      from: '/memories/draft.md',
      hash: 'a'.repeat(64),
      size: 5,
      before: 'a'.repeat(64),
      stored: true
    }
    expect(versionWords(version)).toBe('Renamed outside Cairn from draft.md')
  })
})
