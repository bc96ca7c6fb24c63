import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Usage } from '@shared/chat/chat'
import { UsageLine } from './usage-line'

const usage: Usage = {
  inputTokens: 234,
  outputTokens: 56,
  cacheReadTokens: 900,
  cacheCreationTokens: 100
}

describe('UsageLine', () => {
  it('a priced answer: its cost first, then the tokens and how many came from the cache', () => {
    render(<UsageLine usage={usage} cost={{ usd: 0.0123, priced: 2, unpricedTokens: 0 }} />)
    const line = screen.getByTestId('usage-line')
    expect(line.textContent).toBe('$0.0123 · 1,234 in · 56 out · 900 cached')
    expect(line.title).toContain('100 written to the cache')
    expect(line.title).toContain("Anthropic's list prices of 2026-11-22")
  })

  it('a model without a price: tokens only, never a dollar figure', () => {
    render(<UsageLine usage={usage} cost={{ usd: 0, priced: 0, unpricedTokens: 1_290 }} />)
    const line = screen.getByTestId('usage-line')
    expect(line.textContent).toBe('1,234 in · 56 out · 900 cached')
    expect(line.textContent).not.toContain('$')
    expect(line.title).toContain('Unknown price for this model')
  })

  it('a stopped answer says its counts are partial, and why, instead of a bare "1 out"', () => {
    render(<UsageLine usage={{ ...usage, outputTokens: 1 }} partial />)
    const line = screen.getByTestId('usage-line')
    expect(line.textContent).toBe('1,234 in · 1 out (partial) · 900 cached')
    expect(line.title).toMatch(/^This answer did not finish\./)
  })
})
