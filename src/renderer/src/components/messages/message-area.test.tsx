import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { InMessageArea, MessageArea, MessageAreaScope } from './message-area'
import { Message } from './message'

/** A part below the area (as an open file's panel is) with an error of its own. */
function FileError() {
  const [error, setError] = useState<string | null>('Cannot save notes.md: over the total cap.')
  return (
    <InMessageArea>
      {error ? (
        <Message
          tone="danger"
          role="alert"
          summary={error}
          details={<p>Delete files you no longer need, or raise the cap in Settings.</p>}
          onDismiss={() => setError(null)}
        />
      ) : null}
    </InMessageArea>
  )
}

function View({ usage }: { usage: number }) {
  return (
    <MessageAreaScope>
      <header>Memory</header>
      <MessageArea>
        <Message
          tone="warning"
          role="region"
          label="Memory caps reached"
          summary="Memory has reached its total cap"
          actions={<button type="button">Choose files to archive</button>}
          details={<p>{usage} KB used of 10 KB.</p>}
          fold={{ key: String(usage), chip: 'Total cap reached' }}
        />
      </MessageArea>
      <main>
        <FileError />
      </main>
    </MessageAreaScope>
  )
}

describe('the message area', () => {
  it('stacks a part’s messages with the view’s in one area, one line each', async () => {
    render(<View usage={12} />)
    const caps = screen.getByRole('region', { name: 'Memory caps reached' })
    const error = await screen.findByRole('alert')
    // One area: the file's error is portalled beside the view's own message, not under <main>.
    expect(error.parentElement).toBe(caps.parentElement)
    expect(screen.getByRole('main').childElementCount).toBe(0)
    // One line each: the summary is cut, details wait for a click.
    for (const message of [caps, error])
      expect(message.querySelector('p')?.className).toContain('truncate')
    expect(caps.textContent).not.toContain('12 KB used')
    const user = userEvent.setup()
    await user.click(within(caps).getByRole('button', { name: 'Details' }))
    expect(
      within(caps).getByRole('button', { name: 'Details' }).getAttribute('aria-expanded')
    ).toBe('true')
    expect(caps.textContent).toContain('12 KB used of 10 KB.')
  })

  it('an error is dismissed for good', async () => {
    render(<View usage={12} />)
    const error = await screen.findByRole('alert')
    expect(error.textContent).toContain('over the total cap')
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
    // A state that holds has no Dismiss, only Hide.
    const caps = screen.getByRole('region', { name: 'Memory caps reached' })
    expect(within(caps).queryByRole('button', { name: 'Dismiss' })).toBeNull()
  })

  it('a state folds into a chip, stays folded while it holds, and comes back when it changes', async () => {
    const view = render(<View usage={12} />)
    const user = userEvent.setup()
    const caps = () => screen.getByRole('region', { name: 'Memory caps reached' })
    await user.click(within(caps()).getByRole('button', { name: 'Hide memory caps reached' }))
    // Still there, under the same name, as one chip.
    const chip = within(caps()).getByRole('button', { name: 'Show: Total cap reached' })
    expect(chip.getAttribute('aria-expanded')).toBe('false')
    expect(within(caps()).queryByRole('button', { name: 'Choose files to archive' })).toBeNull()
    expect(caps().textContent).not.toContain('Memory has reached its total cap')

    // The same state: still folded.
    view.rerender(<View usage={12} />)
    expect(within(caps()).getByRole('button', { name: /^Show/ })).toBeTruthy()
    // Usage grew further: the message is back, whole.
    view.rerender(<View usage={13} />)
    expect(caps().textContent).toContain('Memory has reached its total cap')
    expect(within(caps()).getByRole('button', { name: 'Choose files to archive' })).toBeTruthy()

    // A chip opens again on a click.
    await user.click(within(caps()).getByRole('button', { name: /^Hide/ }))
    await user.click(within(caps()).getByRole('button', { name: /^Show/ }))
    expect(caps().textContent).toContain('Memory has reached its total cap')
  })

  it('outside any scope, a part shows its messages in an area of its own', () => {
    render(<FileError />)
    expect(screen.getByRole('alert').textContent).toContain('over the total cap')
  })
})
