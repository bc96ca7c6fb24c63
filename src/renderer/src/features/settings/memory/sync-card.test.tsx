import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SyncStatus } from '@shared/memory/sync'
import { installFakeMain } from '../../../test/fake-main'
import { SyncCard } from './sync-card'

const on: SyncStatus = {
  state: 'idle',
  storeId: 'memstore_1',
  storeName: 'Cairn memory',
  lastSyncAt: 1,
  pending: 0,
  conflicts: [],
  skipped: [],
  retryAt: null,
  error: null,
  deviceName: 'Desk',
  storeSize: { count: 12, bytes: 20_480 },
  waiting: []
}

describe('Settings → Sync card', () => {
  it('turns on with this device’s name, a new store, and lists stores only when asked', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<SyncCard />)
    const form = await screen.findByRole('group', { name: 'Turn on sync' })
    expect(main.callsTo('sync:list-stores')).toEqual([])
    await user.click(within(form).getByRole('button', { name: 'Find my stores' }))
    expect((await within(form).findByTestId('sync-store-count')).textContent).toBe(
      'This key has no stores yet.'
    )
    await user.clear(within(form).getByLabelText('This device’s name'))
    await user.type(within(form).getByLabelText('This device’s name'), 'Desk')
    await user.click(within(form).getByRole('button', { name: 'Turn on sync' }))
    expect(main.callsTo('sync:configure')).toEqual([
      { create: { name: 'Cairn memory' }, deviceName: 'Desk' }
    ])
  })

  it('shows the store’s size and applies changes waiting for approval', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<SyncCard />)
    await screen.findByRole('group', { name: 'Turn on sync' })
    act(() =>
      main.emit('sync:changed', {
        ...on,
        waiting: [
          { path: '/memories/plan.md', command: 'str_replace' },
          { path: '/memories/old.md', command: 'delete' }
        ]
      })
    )
    expect((await screen.findByTestId('sync-size')).textContent).toBe('12 memories, 20 kB')
    const group = screen.getByRole('group', { name: 'Changes waiting for approval' })
    expect(group.textContent).toContain('Edit of /memories/plan.md')
    expect(group.textContent).toContain('Deletion of /memories/old.md')
    await user.click(within(group).getByRole('button', { name: 'Apply these 2 changes' }))
    await waitFor(() => expect(main.callsTo('sync:approve')).toHaveLength(1))
  })
})
