import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ChatRetrying } from '@shared/chat'
import { TurnStatus } from './turn-status'

const retrying: ChatRetrying = {
  conversationId: 'c0000001',
  turnId: 't',
  attempt: 2,
  maxAttempts: 4,
  secondsLeft: 6,
  // Far ahead: the count shown is the event's own until the next whole second.
  retryAt: new Date(Date.now() + 6_000).toISOString(),
  reason: {
    code: 'overloaded',
    message: 'Anthropic is overloaded right now.',
    nextStep: 'x',
    retryable: true,
    status: 529
  }
}
const status = () => screen.getByRole('status', { name: 'Reply status' })

describe('TurnStatus', () => {
  it('says Claude is thinking from send until the first token', () => {
    const view = render(<TurnStatus running drafts={[]} retrying={null} />)
    expect(status().textContent).toBe('Claude is thinking…')
    view.rerender(
      <TurnStatus running drafts={[{ messageId: 'm', text: '', tools: [] }]} retrying={null} />
    )
    expect(status().textContent).toBe('Claude is thinking…')
    view.rerender(
      <TurnStatus running drafts={[{ messageId: 'm', text: 'Hel', tools: [] }]} retrying={null} />
    )
    expect(status().textContent).toBe('')
    view.rerender(<TurnStatus running={false} drafts={[]} retrying={null} />)
    expect(status().textContent).toBe('')
  })

  it('during a retry: the countdown and the attempt, and a calm line for screen readers', () => {
    render(<TurnStatus running drafts={[]} retrying={retrying} />)
    expect(screen.getByText('Overloaded, retrying in 6 s, try 2 of 4')).toBeTruthy()
    expect(status().textContent).not.toContain('thinking')
    expect(status().getAttribute('aria-live')).toBe('polite')
    const spoken = status().querySelector('.sr-only')?.textContent ?? ''
    expect(spoken).toContain('try 2 of 4')
  })
})
