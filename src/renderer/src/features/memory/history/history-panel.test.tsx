import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeMain } from '../../../test/fake-main'
import { createDraftStore } from '../file/draft-store'
import { HistoryPanel } from './history-panel'

describe('HistoryPanel', () => {
  it('lists versions with who and when; one compares with the current text and restores', async () => {
    const main = installFakeMain()
    const path = '/memories/about-me.md'
    const claude = { kind: 'claude' as const, conversationId: 'c-1' }
    main.change({ actor: claude, command: 'create', path, text: '# Me\n- tea\n' })
    main.change({ actor: { kind: 'user' }, command: 'write', path, text: '# Me\n- coffee\n' })
    const user = userEvent.setup()
    render(<HistoryPanel path={path} drafts={createDraftStore()} onKeepEditing={() => {}} />)

    const list = await screen.findByRole('list', { name: 'Versions' })
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2))
    const [newest, oldest] = within(list).getAllByRole('button')
    expect(newest?.textContent).toMatch(/You edited it\s*current/)
    expect(oldest?.textContent).toContain('Claude created it')
    expect(oldest?.textContent).toContain('11 bytes')

    // Newest: what the user's edit did, before → after (as the chat's chips show a change).
    await user.click(newest as HTMLElement)
    const change = await screen.findByRole('table', { name: 'What this change did' })
    expect(change.querySelector('del')?.textContent).toContain('tea')
    expect(change.querySelector('ins')?.textContent).toContain('coffee')

    await user.click(oldest as HTMLElement)
    await user.click(screen.getByRole('button', { name: 'Against the current text' }))
    const diff = await screen.findByRole('table', {
      name: 'Current text compared with this version'
    })
    expect(diff.querySelector('del')?.textContent).toContain('coffee')
    expect(diff.querySelector('ins')?.textContent).toContain('tea')

    await user.click(screen.getByRole('button', { name: 'Restore this version' }))
    expect((await screen.findByRole('status')).textContent).toMatch(/^Restored/)
    expect(main.memory.get(path)).toBe('# Me\n- tea\n')
    // The restore is a version of its own (the change naming the file re-reads).
    act(() =>
      main.emit('memory:changed', { space: 'default', paths: [path], actor: { kind: 'user' } })
    )
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3))
  })

  it('a version with no file says so and offers no restore', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'x\n' } })
    main.change({
      actor: { kind: 'external' },
      command: 'external',
      path: '/memories/a.md',
      text: null
    })
    main.change({ actor: { kind: 'user' }, command: 'write', path: '/memories/a.md', text: 'y\n' })
    const user = userEvent.setup()
    render(
      <HistoryPanel path="/memories/a.md" drafts={createDraftStore()} onKeepEditing={() => {}} />
    )
    const list = await screen.findByRole('list', { name: 'Versions' })
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2))
    await user.click(within(list).getByRole('button', { name: /Changed outside Cairn/ }))
    expect(screen.getByText('There was no file here at this point.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull()
  })

  it('a version history did not keep says why: too large, or larger than the history limit', async () => {
    const main = installFakeMain({ memory: { '/memories/big.md': 'now small\n' } })
    const path = '/memories/big.md'
    main.change({ actor: { kind: 'user' }, command: 'write', path, text: 'now small\n' })
    const base = main.memoryHistory.get(path)?.[0]
    if (!base) throw new Error('no version')
    const notKept = (seq: number, size: number, why: 'too-large' | 'over-cap') => ({
      ...base,
      seq,
      command: 'external' as const,
      actor: { kind: 'external' as const },
      hash: 'a'.repeat(63) + String(seq),
      size,
      stored: false,
      notKept: why
    })
    main.memoryHistory.set(path, [
      base,
      notKept(8, 1_600_000, 'over-cap'),
      notKept(7, 17 * 1024 * 1024, 'too-large')
    ])
    const user = userEvent.setup()
    render(<HistoryPanel path={path} drafts={createDraftStore()} onKeepEditing={() => {}} />)
    const list = await screen.findByRole('list', { name: 'Versions' })
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3))
    const [, overCap, tooLarge] = within(list).getAllByRole('button')
    expect(tooLarge?.textContent).toContain('Not kept: too large (17 MB)')
    expect(overCap?.textContent).toContain('Not kept: larger than the history limit (1.5 MB)')
    await user.click(tooLarge as HTMLElement)
    expect(screen.getByText(/not kept: it is too large \(17 MB\)/i)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull()
    await user.click(overCap as HTMLElement)
    expect(screen.getByText(/larger than the whole history size limit/i)).toBeTruthy()
  })
})
