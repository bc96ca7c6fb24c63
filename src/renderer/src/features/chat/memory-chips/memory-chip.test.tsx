import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MEMORY_OFF_TOOL_TEXT } from '@shared/chat/chat'
import { installFakeMain } from '../../../test/fake-main'
import { chipLabel, MemoryChip, type ChipData } from './memory-chip'

const CLAUDE = { kind: 'claude' as const, conversationId: 'c-1' }

/** A chip for a change made through the fake engine, as the saved tool result carries it. */
function chipFor(
  main: ReturnType<typeof installFakeMain>,
  command: string,
  path: string,
  text: string | null,
  extra: Partial<ChipData> = {}
): ChipData {
  const entry = main.change({ actor: CLAUDE, command: command as 'create', path, text })
  return {
    command,
    path,
    status: 'done',
    result: 'The memory file has been edited.',
    memory: { seq: entry.seq, versions: entry.versions ?? [] },
    ...extra
  }
}

describe('MemoryChip', () => {
  it("in a chat without memory, says so in the user's words, not as a failure", () => {
    installFakeMain()
    const chip: ChipData = {
      command: 'view',
      path: '/memories',
      status: 'error',
      result: MEMORY_OFF_TOOL_TEXT,
      input: { command: 'view', path: '/memories' }
    }
    expect(chipLabel(chip)).toBe('No memory in this chat: nothing was read or saved')
    const { container } = render(<MemoryChip chip={chip} onOpen={() => undefined} />)
    expect(container.querySelector('.text-danger')).toBeNull()
    expect(container.textContent).not.toContain('Error:')
  })

  it('names the operation, expands to the saved text and opens the file in the inspector', async () => {
    const main = installFakeMain()
    const onOpen = vi.fn()
    const user = userEvent.setup()
    render(
      <MemoryChip
        chip={chipFor(main, 'create', '/memories/projects.md', '# Projects\n- Cairn\n', {
          result: 'File created successfully at: /memories/projects.md'
        })}
        onOpen={onOpen}
      />
    )
    const toggle = screen.getByRole('button', { name: 'Created /memories/projects.md' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const diff = await screen.findByRole('table', { name: 'What changed in projects.md' })
    expect(diff.querySelectorAll('ins').length).toBe(2)
    expect(diff.textContent).toContain('# Projects')
    expect(screen.queryByText(/File created successfully/)).toBeNull()
    await user.click(
      screen.getByRole('button', { name: 'Open /memories/projects.md in the memory inspector' })
    )
    expect(onOpen).toHaveBeenCalledWith('/memories/projects.md')
  })

  it('says when an edit was refused, and offers no file to open', () => {
    const chip = {
      command: 'str_replace',
      path: '/memories/big.md',
      status: 'error' as const,
      result: 'over 256 KiB cap\nmore detail'
    }
    expect(chipLabel(chip)).toBe('Edit refused: over 256 KiB cap')
    render(<MemoryChip chip={chip} onOpen={() => undefined} />)
    expect(screen.queryByRole('button', { name: /in the memory inspector/ })).toBeNull()
  })

  it('words views and running operations', () => {
    expect(chipLabel({ command: 'view', path: '/memories', status: 'done', result: '' })).toBe(
      'Viewed /memories'
    )
    expect(chipLabel({ command: 'view', path: '/memories', status: 'running', result: '' })).toBe(
      'Viewing /memories…'
    )
  })

  it('an edit expands to a unified diff with the changed words marked; Undo → Undone', async () => {
    const main = installFakeMain({ memory: { '/memories/me.md': '# Me\n- likes tea\n' } })
    const user = userEvent.setup()
    const chip = chipFor(main, 'str_replace', '/memories/me.md', '# Me\n- likes green tea\n')
    render(<MemoryChip chip={chip} onOpen={() => undefined} />)
    await user.click(screen.getByRole('button', { name: 'Edited /memories/me.md' }))
    const diff = await screen.findByRole('table', { name: 'What changed in me.md' })
    expect(within(diff).getByRole('row', { name: /Removed: - likes tea/ })).toBeTruthy()
    expect(diff.querySelector('ins mark')?.textContent).toBe('green ')
    expect(diff.textContent).toContain('# Me') // context

    await user.click(screen.getByRole('button', { name: /^Undo Claude's change/ }))
    expect((await screen.findByRole('status')).textContent).toBe('Undone')
    expect(main.memory.get('/memories/me.md')).toBe('# Me\n- likes tea\n')
  })

  it('a delete shows what was deleted and offers Restore', async () => {
    const main = installFakeMain({ memory: { '/memories/old.md': 'stale note\n' } })
    const user = userEvent.setup()
    render(
      <MemoryChip
        chip={chipFor(main, 'delete', '/memories/old.md', null)}
        onOpen={() => undefined}
      />
    )
    await user.click(screen.getByRole('button', { name: 'Deleted /memories/old.md' }))
    const diff = await screen.findByRole('table', { name: 'What changed in old.md' })
    expect(diff.querySelector('del')?.textContent).toContain('stale note')
    await user.click(screen.getByRole('button', { name: /^Restore Claude's change/ }))
    expect((await screen.findByRole('status')).textContent).toBe('Restored')
    expect(main.memory.get('/memories/old.md')).toBe('stale note\n')
  })

  it('after the file changed again, Undo changes nothing, says what happened and offers Compare, Undo anyway, Keep file', async () => {
    const main = installFakeMain({ memory: { '/memories/me.md': 'one\n' } })
    const user = userEvent.setup()
    const chip = chipFor(main, 'str_replace', '/memories/me.md', 'two\n')
    main.change({
      actor: { kind: 'external' },
      command: 'external',
      path: '/memories/me.md',
      text: 'three\n'
    })
    render(<MemoryChip chip={chip} onOpen={() => undefined} />)
    await user.click(screen.getByRole('button', { name: /^Undo/ }))
    expect((await screen.findByRole('status')).textContent).toBe(
      "me.md was edited again after Claude's edit. Undo would put back the text from before and lose those later edits."
    )
    await user.click(screen.getByRole('button', { name: 'Compare' }))
    const compare = screen.getByRole('table', { name: 'How me.md changed since' })
    expect(compare.querySelector('del')?.textContent).toContain('two')
    expect(compare.querySelector('ins')?.textContent).toContain('three')
    expect(main.memory.get('/memories/me.md')).toBe('three\n')
    await user.click(screen.getByRole('button', { name: 'Keep file' }))
    expect(screen.getByRole('status').textContent).toBe('Kept as it is; nothing was undone.')
    expect(main.memory.get('/memories/me.md')).toBe('three\n')
  })

  it('a create edited later: "Delete anyway" deletes it, edits and all', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    const chip = chipFor(main, 'create', '/memories/notes.md', 'first\n')
    main.change({
      actor: { kind: 'user' },
      command: 'write',
      path: '/memories/notes.md',
      text: 'first\nmine\n'
    })
    render(<MemoryChip chip={chip} onOpen={() => undefined} />)
    await user.click(screen.getByRole('button', { name: /^Undo/ }))
    expect((await screen.findByRole('status')).textContent).toBe(
      'notes.md was edited after Claude created it. Undo would delete those edits too.'
    )
    expect(screen.getByRole('button', { name: 'Compare' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Keep file' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Delete anyway' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Undone'))
    expect(main.memory.has('/memories/notes.md')).toBe(false)
  })

  it('a rename reads a.md → b.md; an old conversation without history shows the asked change', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'x\n' } })
    const user = userEvent.setup()
    const entry = main.change({
      actor: CLAUDE,
      command: 'rename',
      from: '/memories/a.md',
      path: '/memories/b.md',
      text: 'x\n'
    })
    const { unmount } = render(
      <MemoryChip
        chip={{
          command: 'rename',
          path: '/memories/a.md → /memories/b.md',
          status: 'done',
          result: 'ok',
          memory: { seq: entry.seq, versions: entry.versions ?? [] }
        }}
        onOpen={() => undefined}
      />
    )
    await user.click(
      screen.getByRole('button', { name: 'Renamed /memories/a.md → /memories/b.md' })
    )
    expect(await screen.findByText('Moved from a.md to b.md; the text is unchanged.')).toBeTruthy()
    unmount()

    render(
      <MemoryChip
        chip={{
          command: 'str_replace',
          path: '/memories/me.md',
          status: 'done',
          result: 'The memory file has been edited.',
          input: {
            command: 'str_replace',
            path: '/memories/me.md',
            old_str: 'tea',
            new_str: 'coffee'
          }
        }}
        onOpen={() => undefined}
      />
    )
    await user.click(screen.getByRole('button', { name: 'Edited /memories/me.md' }))
    const diff = screen.getByRole('table', { name: 'What changed in me.md' })
    expect(diff.querySelector('del')?.textContent).toContain('tea')
    expect(diff.querySelector('ins')?.textContent).toContain('coffee')
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull()
  })
})
