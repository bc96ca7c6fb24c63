import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import type { SyncStatus } from '@shared/memory/sync'
import { installFakeMain } from '../../../test/fake-main'
import { SyncCard } from './sync-card'

const on: SyncStatus = {
  space: 'default',
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

/** The card, then a status with two changes from the store waiting for approval. */
async function showTwoWaiting(main: ReturnType<typeof installFakeMain>): Promise<void> {
  render(<SyncCard space="default" />)
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
}

describe('Settings → Sync card', () => {
  it('turns on with this device’s name, a new store, and lists stores only when asked', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<SyncCard space="default" />)
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
      { create: { name: 'Cairn memory' }, deviceName: 'Desk', space: 'default' }
    ])
  })

  it('shows the name kept copies will use, cleaned of what a file name cannot hold', async () => {
    installFakeMain()
    const user = userEvent.setup()
    render(<SyncCard space="default" />)
    const form = await screen.findByRole('group', { name: 'Turn on sync' })
    const field = within(form).getByLabelText('This device’s name')
    await user.clear(field)
    // An emoji picker's invisible variation selector, and a slash.
    await user.type(field, 'Laptop \u{1F4BB}\uFE0F/2')
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toBe(
      'If both devices change a file, this device’s version is kept beside it as plan (from Laptop \u{1F4BB} 2).md'
    )
  })

  it('shows the store’s size and applies changes waiting for approval', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    await showTwoWaiting(main)
    expect((await screen.findByTestId('sync-size')).textContent).toBe('12 memories, 20 kB')
    const group = screen.getByRole('group', { name: 'Changes waiting for approval' })
    expect(group.textContent).toContain('Edit of /memories/plan.md')
    expect(group.textContent).toContain('Deletion of /memories/old.md')
    await user.click(within(group).getByRole('button', { name: 'Apply these 2 changes' }))
    await waitFor(() => expect(main.callsTo('sync:approve')).toHaveLength(1))
  })

  it('declines changes waiting for approval: the list goes and a status line says what happened', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.sync.afterDecline = { ...on, declined: 2 }
    await showTwoWaiting(main)
    const group = await screen.findByRole('group', { name: 'Changes waiting for approval' })
    expect(group.textContent).toContain('Decline keeps this device’s files as they are')
    // Keyboard: Tab from Apply reaches Decline; Enter presses it.
    within(group).getByRole('button', { name: 'Apply these 2 changes' }).focus()
    await user.tab()
    expect(document.activeElement).toBe(within(group).getByRole('button', { name: 'Decline' }))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(main.callsTo('sync:decline')).toHaveLength(1))
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Changes waiting for approval' })).toBeNull()
    )
    expect(screen.getByTestId('sync-declined').textContent).toContain(
      '2 changes from another device declined'
    )
    expect(main.callsTo('sync:approve')).toEqual([])
  })

  it('says when declining failed and that the changes still wait', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.fail('sync:decline', new CairnError('INTERNAL', 'Could not save the sync state.'))
    render(<SyncCard space="default" />)
    await screen.findByRole('group', { name: 'Turn on sync' })
    act(() =>
      main.emit('sync:changed', {
        ...on,
        waiting: [{ path: '/memories/plan.md', command: 'str_replace' }]
      })
    )
    const group = await screen.findByRole('group', { name: 'Changes waiting for approval' })
    await user.click(within(group).getByRole('button', { name: 'Decline' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not save the sync state. Nothing was declined: the changes still wait. Try Decline again.'
    )
    expect(screen.getByRole('group', { name: 'Changes waiting for approval' })).toBeTruthy()
  })

  it("in a project, shows and drives that project's own sync, never another space's", async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.sync.statuses.set('client-1', { ...on, space: 'client-1', storeName: 'Client store' })
    render(<SyncCard space="client-1" />)
    expect((await screen.findByTestId('sync-state')).textContent).toBe('On')
    expect(screen.getByText('Client store')).toBeTruthy()
    expect(main.callsTo('sync:status')).toEqual([{ space: 'client-1' }])
    // "No project"'s sync pausing says nothing about this project's.
    act(() => main.emit('sync:changed', { ...on, state: 'paused', storeName: 'Home store' }))
    expect(screen.getByTestId('sync-state').textContent).toBe('On')
    expect(screen.queryByText('Home store')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Sync now' }))
    await waitFor(() => expect(main.callsTo('sync:now')).toEqual([{ space: 'client-1' }]))
  })
})
