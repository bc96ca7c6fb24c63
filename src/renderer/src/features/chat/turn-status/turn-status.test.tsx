import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ChatRetrying } from '@shared/chat/events'
import { TurnStatusAnnouncer, TurnStatusLine, useTurnWait } from './turn-status'
import type { Draft } from '../use-conversation'

const retrying: ChatRetrying = {
  conversationId: 'c0000001',
  turnId: 't',
  attempt: 2,
  maxAttempts: 4,
  secondsLeft: 6,
  // Ahead of now: the count shown is the event's own until the next whole second.
  retryAt: new Date(Date.now() + 6_000).toISOString(),
  reason: {
    code: 'overloaded',
    message: 'Anthropic is overloaded right now.',
    nextStep: 'x',
    retryable: true,
    status: 529
  }
}

/** The chat's wiring: the line where the answer will appear, and the live region. */
function Wait(props: { running: boolean; drafts: Draft[]; retrying: ChatRetrying | null }) {
  const wait = useTurnWait(props.running, props.drafts, props.retrying)
  return (
    <>
      <TurnStatusAnnouncer wait={wait} />
      {wait ? <TurnStatusLine wait={wait} /> : null}
    </>
  )
}
const status = () => screen.getByRole('status', { name: 'Reply status' })
const line = () => document.querySelector('p[aria-hidden="true"]')?.textContent ?? null

describe('the wait before an answer', () => {
  it('says Claude is thinking from send until the first token', () => {
    const view = render(<Wait running drafts={[]} retrying={null} />)
    expect(line()).toBe('Claude is thinking…')
    expect(status().textContent).toBe('Claude is thinking…')
    expect(status().getAttribute('aria-live')).toBe('polite')
    view.rerender(
      <Wait running drafts={[{ messageId: 'm', text: '', tools: [] }]} retrying={null} />
    )
    expect(line()).toBe('Claude is thinking…')
    view.rerender(
      <Wait running drafts={[{ messageId: 'm', text: 'Hel', tools: [] }]} retrying={null} />
    )
    expect(line()).toBeNull()
    expect(status().textContent).toBe('')
    view.rerender(<Wait running={false} drafts={[]} retrying={null} />)
    expect(line()).toBeNull()
  })

  it('after a few seconds of thinking, says how long it has been (screen readers are not told each second)', () => {
    vi.useFakeTimers()
    try {
      render(<Wait running drafts={[]} retrying={null} />)
      act(() => vi.advanceTimersByTime(4_000))
      expect(line()).toBe('Claude is thinking…')
      act(() => vi.advanceTimersByTime(8_000))
      expect(line()).toBe('Claude is thinking… 12 s')
      expect(status().textContent).toBe('Claude is thinking…')
    } finally {
      vi.useRealTimers()
    }
  })

  it('during a retry: the countdown and the attempt, and a calm line for screen readers', () => {
    render(<Wait running drafts={[]} retrying={retrying} />)
    expect(line()).toBe('Overloaded, retrying in 6 s, try 2 of 4')
    const spoken = status().textContent ?? ''
    expect(spoken).toContain('try 2 of 4')
    expect(spoken).not.toContain('6 s') // the ticking seconds stay out of the live region
  })
})
