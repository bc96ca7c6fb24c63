import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AssistantBlock } from '@shared/chat/chat'
import { LiveThinking, REDACTED_NOTE, ThinkingRun, thoughtLabel } from './thinking-block'

const thought = (text: string, durationMs?: number): AssistantBlock => ({
  type: 'thinking',
  thinking: text,
  signature: 'sig',
  ...(durationMs === undefined ? {} : { durationMs })
})

describe('thinking in a saved answer', () => {
  it('is collapsed, and opens to the text of the whole run with the redacted note', async () => {
    const user = userEvent.setup()
    const content: AssistantBlock[] = [
      thought('First idea.', 1500),
      { type: 'redacted_thinking', data: 'x' },
      thought('Second idea.', 1200),
      { type: 'text', text: 'The answer.' }
    ]
    render(
      <>
        {content.map((_, i) => (i < 3 ? <ThinkingRun key={i} content={content} at={i} /> : null))}
      </>
    )
    // One disclosure for the run; three seconds of streaming in all.
    const button = screen.getByRole('button', { name: 'Thought for 3 s' })
    expect(screen.getAllByRole('button')).toHaveLength(1)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText(/First idea/)).toBeNull()
    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const region = screen.getByRole('region', { name: "Claude's thinking" })
    expect(region.textContent).toContain('First idea.\n\nSecond idea.')
    expect(region.textContent).toContain(REDACTED_NOTE)
    expect(button.getAttribute('aria-controls')).toBe(region.id)
  })

  it('says plainly when no duration was measured or no text was returned', async () => {
    expect(thoughtLabel(null)).toBe('Thought')
    expect(thoughtLabel(400)).toBe('Thought for under a second')
    expect(thoughtLabel(61_400)).toBe('Thought for 61 s')
    const user = userEvent.setup()
    render(<ThinkingRun content={[thought('')]} at={0} />)
    await user.click(screen.getByRole('button', { name: 'Thought' }))
    expect(screen.getByRole('region').textContent).toBe(
      'This model did not show its thinking text.'
    )
  })
})

describe('thinking while the reply streams', () => {
  const draft = { messageId: 'm', text: '', tools: [], thinking: 'Working it out' }

  it('shows "Thinking…" until the answer starts, then "Thought"', () => {
    const { rerender } = render(<LiveThinking draft={draft} />)
    expect(screen.getByRole('button', { name: 'Thinking…' })).toBeTruthy()
    rerender(<LiveThinking draft={{ ...draft, text: 'Here' }} />)
    expect(screen.getByRole('button', { name: 'Thought' })).toBeTruthy()
  })

  it('shows nothing for a reply without thinking', () => {
    const { container } = render(<LiveThinking draft={{ messageId: 'm', text: 'Hi', tools: [] }} />)
    expect(container.innerHTML).toBe('')
  })
})
