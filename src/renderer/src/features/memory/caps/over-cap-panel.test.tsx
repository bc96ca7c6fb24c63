import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MemoryUsage } from '@shared/memory/memory'
import { installFakeMain } from '../../../test/fake-main'
import { OverCapPanel } from './over-cap-panel'

const KB = 1024
function usage(totalBytes: number, files = 6): MemoryUsage {
  const limits = {
    maxFiles: 2000,
    maxFileBytes: 256 * KB,
    maxTotalBytes: 10 * KB,
    maxReadChars: 100_000
  }
  return {
    files,
    totalBytes,
    limits,
    fraction: { files: files / limits.maxFiles, totalBytes: totalBytes / limits.maxTotalBytes },
    overCapFiles: []
  }
}

describe('the over-cap message', () => {
  it('folds while memory stays over, comes back only when it grows past what was shown', async () => {
    installFakeMain()
    const view = render(<OverCapPanel usage={usage(14 * KB)} />)
    const user = userEvent.setup()
    const caps = () => screen.getByRole('region', { name: 'Memory caps reached' })
    expect(caps().textContent).toContain('Memory has reached its total cap')
    expect(within(caps()).queryByRole('button', { name: 'Dismiss' })).toBeNull()
    await user.click(within(caps()).getByRole('button', { name: 'Hide memory caps reached' }))
    expect(within(caps()).getByRole('button', { name: 'Show: Total cap reached' })).toBeTruthy()

    // Smaller, still over: it stays folded (the user has seen worse).
    view.rerender(<OverCapPanel usage={usage(12 * KB, 5)} />)
    expect(within(caps()).getByRole('button', { name: /^Show/ })).toBeTruthy()
    // Back up to the size it was folded at: still folded.
    view.rerender(<OverCapPanel usage={usage(14 * KB)} />)
    expect(within(caps()).getByRole('button', { name: /^Show/ })).toBeTruthy()
    // Past it: back, whole.
    view.rerender(<OverCapPanel usage={usage(15 * KB)} />)
    expect(caps().textContent).toContain('Memory has reached its total cap')
    expect(within(caps()).getByRole('button', { name: 'Choose files to archive' })).toBeTruthy()

    // Under every cap: nothing left to say.
    view.rerender(<OverCapPanel usage={usage(8 * KB)} />)
    expect(screen.queryByRole('region', { name: 'Memory caps reached' })).toBeNull()
  })

  it('says what it means, and how to raise the cap, under Details', async () => {
    installFakeMain()
    render(<OverCapPanel usage={usage(14 * KB)} />)
    const caps = screen.getByRole('region', { name: 'Memory caps reached' })
    expect(caps.textContent).not.toContain('Claude will be refused')
    await userEvent.setup().click(within(caps).getByRole('button', { name: 'Details' }))
    expect(caps.textContent).toContain('Claude will be refused')
    expect(within(caps).getByRole('button', { name: 'Raise the total cap' })).toBeTruthy()
  })
})
