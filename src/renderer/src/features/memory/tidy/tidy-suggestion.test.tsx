import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeMain } from '../../../test/fake-main'
import { MemoryView } from '../memory-view'

// Suggest, don't nag (issue 39): the Memory view's quiet line, only when the setting is on.

const notes = { '/memories/a.md': 'a\n', '/memories/b.md': 'b\n', '/memories/c.md': 'c\n' }

function nearlyFull() {
  const main = installFakeMain({ memory: notes })
  main.memoryLimits.maxFiles = 3 // 3 of 3 files: 100% of the file limit
  return main
}

const view = () =>
  render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)

describe('the tidy suggestion line', () => {
  it('is not shown while the setting is off, even past the cap', async () => {
    const main = nearlyFull()
    view()
    await waitFor(() => expect(main.callsTo('tidy:suggestion').length).toBeGreaterThan(0))
    await screen.findByText('a.md')
    expect(screen.queryByText(/of its file limit/)).toBeNull()
  })

  it('on, says how full the memory is, opens the tidy, and a dismissal holds', async () => {
    const main = nearlyFull()
    await main.api.settings.update({ tidySuggest: { enabled: true } })
    const user = userEvent.setup()
    const first = view()
    const line = await screen.findByText('This memory is at 100% of its file limit.')
    expect(line).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(/of its file limit/)).toBeNull()
    await waitFor(() =>
      expect(main.callsTo('tidy:dismiss-suggestion')).toEqual([{ space: 'default' }])
    )
    // Coming back to Memory: still dismissed for this space.
    first.unmount()
    const asked = main.callsTo('tidy:suggestion').length
    view()
    await waitFor(() => expect(main.callsTo('tidy:suggestion').length).toBeGreaterThan(asked))
    await screen.findByText('a.md')
    expect(screen.queryByText(/of its file limit/)).toBeNull()
  })
})
