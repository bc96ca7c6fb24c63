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
      { archiveId: '2025-06-01T00-00-00.000Z', path: '/memories/trip.md', expires: 'remove' },
      { archiveId: '2025-06-01T00-00-00.000Z', path: '/memories/a.md' },
      {
        archiveId: '2025-06-01T00-00-00.000Z',
        path: '/memories/trip.md',
        expires: 'extend',
        until: '2099-01-31'
      }
    ])
  })
})
