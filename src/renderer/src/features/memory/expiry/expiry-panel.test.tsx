import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ArchivedItem } from '@shared/memory/expiry'
import { SettingsSchema } from '@shared/app/settings'
import { installFakeMain } from '../../../test/fake-main'
import { ExpiryPanel } from './expiry-panel'

const DAY = 86_400_000
const settings = SettingsSchema.parse({ expiry: { mode: 'idle', days: 30, action: 'archive' } })

function withArchive(items: ArchivedItem[]) {
  const main = installFakeMain()
  main.api.memory.archiveList = async () => items
  main.api.memory.archiveRestore = async (input) => {
    main.calls.push({ channel: 'memory:archive-restore', input })
    return {
      paths: [],
      usage: {
        files: 0,
        totalBytes: 0,
        limits: settings.memory,
        fraction: { files: 0, totalBytes: 0 },
        overCapFiles: []
      }
    }
  }
  render(<ExpiryPanel settings={settings} />)
  return main
}

const item = (path: string, expires?: number): ArchivedItem => ({
  archiveId: '2025-06-01T00-00-00.000Z',
  path,
  size: 3,
  archivedAt: Date.now() - DAY,
  ...(expires === undefined ? {} : { expires })
})

describe('ExpiryPanel', () => {
  it('names the policy and its clock in a sentence', async () => {
    withArchive([])
    expect(
      await screen.findByText(/Expire after 30 days without use \(not read or changed\)/)
    ).toBeTruthy()
  })

  it('asks what to do with a passed expires: date before restoring', async () => {
    const main = withArchive([item('/memories/trip.md', Date.now() - DAY), item('/memories/a.md')])
    const user = userEvent.setup()
    const list = await screen.findByRole('list', { name: 'Archived files' })
    const trip = (await within(list).findByText('/memories/trip.md')).closest('li') as HTMLElement
    expect(trip.textContent).toMatch(/its expires: date .* has passed/)
    expect(within(trip).queryByRole('button', { name: 'Restore /memories/trip.md' })).toBeNull()
    await user.click(within(trip).getByRole('button', { name: /Remove the date/ }))
    await user.click(within(list).getByRole('button', { name: 'Restore /memories/a.md' }))
    await user.click(within(trip).getByRole('button', { name: /Extend/ }))
    const field = await screen.findByLabelText('Expires on (YYYY-MM-DD)')
    await user.clear(field)
    await user.type(field, '2099-01-31')
    await user.click(screen.getByRole('button', { name: 'Restore' }))
    expect(main.callsTo('memory:archive-restore')).toEqual([
      {
        space: 'default',
        archiveId: '2025-06-01T00-00-00.000Z',
        path: '/memories/trip.md',
        expires: 'remove'
      },
      { space: 'default', archiveId: '2025-06-01T00-00-00.000Z', path: '/memories/a.md' },
      {
        space: 'default',
        archiveId: '2025-06-01T00-00-00.000Z',
        path: '/memories/trip.md',
        expires: 'extend',
        until: '2099-01-31'
      }
    ])
  })

  it('groups the archive by sweep: one Restore all per group, and Restore per file', async () => {
    const main = withArchive([
      { ...item('/memories/a.md'), archiveId: '2025-06-02T00-00-00.000Z' },
      { ...item('/memories/b.md'), archiveId: '2025-06-02T00-00-00.000Z' },
      { ...item('/memories/c.md'), archiveId: '2025-06-02T00-00-00.000Z' },
      item('/memories/old.md')
    ])
    main.api.memory.archiveRestoreAll = async (input) => {
      main.calls.push({ channel: 'memory:archive-restore-all', input })
      return {
        paths: ['/memories/a.md', '/memories/b.md'],
        skipped: [
          {
            path: '/memories/c.md',
            reason: '/memories/c.md already exists (made again since); it was left as it is.'
          }
        ],
        usage: {
          files: 0,
          totalBytes: 0,
          limits: settings.memory,
          fraction: { files: 0, totalBytes: 0 },
          overCapFiles: []
        }
      }
    }
    const user = userEvent.setup()
    const list = await screen.findByRole('list', { name: 'Archived files' })
    const groups = within(list).getAllByRole('heading', { level: 3 })
    expect(groups.map((h) => h.textContent)).toEqual([
      expect.stringMatching(/^Archived .* · 3 files · 9 bytes$/),
      expect.stringMatching(/^Archived .* · 1 file · 3 bytes$/)
    ])
    const sweep = within(list).getByRole('list', { name: groups[0]?.textContent ?? '' })
    expect(
      within(sweep)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual([
      expect.stringContaining('/memories/a.md'),
      expect.stringContaining('/memories/b.md'),
      expect.stringContaining('/memories/c.md')
    ])
    // A one-file group has Restore only.
    expect(within(list).getAllByRole('button', { name: /^Restore all/ })).toHaveLength(1)
    await user.click(within(list).getByRole('button', { name: /^Restore all 3 files archived / }))
    expect(main.callsTo('memory:archive-restore-all')).toEqual([
      { space: 'default', archiveId: '2025-06-02T00-00-00.000Z' }
    ])
    expect(
      await screen.findByText(
        'Restored 2 files. Left in the archive: /memories/c.md already exists (made again since); it was left as it is.'
      )
    ).toBeTruthy()
    await user.click(within(sweep).getByRole('button', { name: 'Restore /memories/b.md' }))
    expect(main.callsTo('memory:archive-restore').at(-1)).toEqual({
      space: 'default',
      archiveId: '2025-06-02T00-00-00.000Z',
      path: '/memories/b.md'
    })
  })
})
