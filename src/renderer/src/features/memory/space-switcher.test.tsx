import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeMain } from '../../test/fake-main'
import { MemoryView } from './memory-view'

const listedSpaces = (main: ReturnType<typeof installFakeMain>) =>
  main.callsTo('memory:list').map((input) => (input as { space: string }).space)

describe('Memory space switcher', () => {
  it('shows the chat in view’s space first; choosing another makes the inspector follow it', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'alpha\n' } })
    await main.api.projects.create({ name: 'Acme' })
    const user = userEvent.setup()
    render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)
    const switcher = await screen.findByRole('combobox', { name: 'Memory space' })
    expect((switcher as HTMLSelectElement).value).toBe('default')
    expect(screen.getByRole('button', { name: 'Open memory folder' })).toBeTruthy()
    await waitFor(() => expect(listedSpaces(main)).toContain('default'))

    await user.selectOptions(switcher, 'Acme')
    await waitFor(() => expect(listedSpaces(main)).toContain('p1'))
    expect(screen.getByText('/home/test/.config/Cairn/spaces/p1/memories')).toBeTruthy()
    // Cairn opens only the main memory folder; a project's path is shown instead.
    expect(screen.queryByRole('button', { name: 'Open memory folder' })).toBeNull()
    expect(
      (screen.getByRole('combobox', { name: 'Memory space' }) as HTMLSelectElement).value
    ).toBe('p1')
  })

  it('a chat in a project opens Memory on that project’s space', async () => {
    const main = installFakeMain()
    await main.api.projects.create({ name: 'Acme' })
    render(
      <MemoryView info={null} settings={null} onOpenConversation={() => undefined} chatSpace="p1" />
    )
    const switcher = await screen.findByRole('combobox', { name: 'Memory space' })
    expect((switcher as HTMLSelectElement).value).toBe('p1')
    await waitFor(() => expect(listedSpaces(main)).toEqual(['p1']))
  })

  it('with no project there is nothing to switch: no switcher', async () => {
    const main = installFakeMain()
    render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)
    await waitFor(() => expect(main.callsTo('memory:spaces')).toHaveLength(1))
    await waitFor(() => expect(listedSpaces(main)).toContain('default'))
    expect(screen.queryByRole('combobox', { name: 'Memory space' })).toBeNull()
  })

  it('the sync-conflict bar shows the conflicts of the space in view, each space its own store', async () => {
    const main = installFakeMain()
    await main.api.projects.create({ name: 'Acme' })
    const off = await main.api.sync.status({ space: 'default' })
    const conflictOn = (space: string, name: string) => ({
      ...off,
      space,
      state: 'idle' as const,
      storeId: `store-${space}`,
      conflicts: [
        {
          path: `/memories/${name}.md`,
          copy: `/memories/${name} (from desk).md`,
          kind: 'kept-both' as const,
          detail: 'Both devices changed it.',
          at: 1
        }
      ]
    })
    main.sync.statuses.set('default', conflictOn('default', 'home'))
    main.sync.statuses.set('p1', conflictOn('p1', 'client'))
    const user = userEvent.setup()
    render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)
    expect(await screen.findByRole('button', { name: 'Review home.md' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Review client.md' })).toBeNull()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory space' }), 'Acme')
    expect(await screen.findByRole('button', { name: 'Review client.md' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Review home.md' })).toBeNull()
  })
})
