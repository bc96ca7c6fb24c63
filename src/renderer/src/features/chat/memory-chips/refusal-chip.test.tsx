import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onNavigate, type NavTarget } from '../../../lib/navigation'
import { renderSettings } from '../../../test/render-app'
import { fieldId } from '../../settings/field-labels'
import { chipLabel, MemoryChip, type ChipData } from './memory-chip'

const refused = (cap: ChipData['cap']): ChipData => ({
  command: 'create',
  path: '/memories/new.md',
  status: 'error',
  // Claude's text stays the engine's; the chip's words come from `cap`, not from this.
  result:
    'Error: Cannot create /memories/new.md: memory would grow to 1,048,600 bytes (1.0M), over the total cap of 1,048,576 bytes (1.0M).',
  ...(cap ? { cap } : {})
})

let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('a chip for a write a cap refused', () => {
  it('names the cap in plain words, from the structured refusal', () => {
    expect(chipLabel(refused({ cap: 'total', limit: 1024 * 1024, used: 1024 * 1024 + 10 }))).toBe(
      'Refused: memory is over its 1 MB total cap'
    )
    expect(chipLabel(refused({ cap: 'files', limit: 50, used: 50 }))).toBe(
      'Refused: memory is at its cap of 50 files'
    )
    // Without the structured part (an older conversation), the engine's first line, as before.
    expect(chipLabel(refused(undefined))).toMatch(/^Create refused: Error: Cannot create/)
  })

  it('links to the setting that raises that cap', async () => {
    const seen: NavTarget[] = []
    stop = onNavigate((target) => seen.push(target))
    const user = userEvent.setup()
    render(
      <MemoryChip
        chip={refused({ cap: 'total', limit: 1024 * 1024, used: 2e6 })}
        onOpen={vi.fn()}
      />
    )
    await user.click(screen.getByRole('button', { name: 'Raise the total cap' }))
    expect(seen).toEqual([{ view: 'settings', field: 'maxTotalBytes' }])
  })

  it('a chip that was not refused by a cap offers no such link', () => {
    render(<MemoryChip chip={refused(undefined)} onOpen={vi.fn()} />)
    expect(screen.queryByRole('button', { name: /Raise the/ })).toBeNull()
  })

  it('in the app, the link opens Settings with the cap field focused', async () => {
    const { user } = await renderSettings()
    await user.click(screen.getByRole('tab', { name: /Chat/ }))
    render(<MemoryChip chip={refused({ cap: 'file', limit: 1024, used: 2048 })} onOpen={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: 'Raise the per-file cap' }))
    await waitFor(() => expect(document.activeElement?.id).toBe(fieldId('maxFileBytes')))
    expect(screen.getByRole('tab', { name: /Settings/ }).getAttribute('aria-selected')).toBe('true')
  })
})
