import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { chipLabel, MemoryChip } from './memory-chip'

describe('MemoryChip', () => {
  it('names the operation, expands to its result and opens the file in the inspector', async () => {
    const onOpen = vi.fn()
    const user = userEvent.setup()
    render(
      <MemoryChip
        chip={{
          command: 'create',
          path: '/memories/projects.md',
          status: 'done',
          result: 'File created successfully at: /memories/projects.md'
        }}
        onOpen={onOpen}
      />
    )
    const toggle = screen.getByRole('button', { name: 'Created /memories/projects.md' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/File created successfully/)).toBeTruthy()
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
})
