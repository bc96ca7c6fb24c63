import { describe, expect, it } from 'vitest'
import type { ChatFault } from '@shared/chat/chat'
import {
  retryingAnnouncement,
  retryingText,
  retryReason,
  secondsText,
  secondsUntil
} from './turn-status-text'

const fault = (code: ChatFault['code'], status: number | null): ChatFault => ({
  code,
  message: 'm',
  nextStep: 'n',
  retryable: true,
  status
})
const overloaded = { attempt: 2, maxAttempts: 4, reason: fault('overloaded', 529) }

describe('retry wording', () => {
  it('says why, how long and which try: "Overloaded, retrying in 6 s, try 2 of 4"', () => {
    expect(retryingText(overloaded, 6)).toBe('Overloaded, retrying in 6 s, try 2 of 4')
    expect(retryingText(overloaded, 1)).toBe('Overloaded, retrying in 1 s, try 2 of 4')
    expect(retryingText({ ...overloaded, attempt: 4 }, 0)).toBe(
      'Overloaded, retrying now, try 4 of 4'
    )
  })

  it('one unit symbol for one second and for many', () => {
    expect(secondsText(1)).toBe('1 s')
    expect(secondsText(6)).toBe('6 s')
    expect(secondsText(120)).toBe('120 s')
    expect(secondsText(0.2)).toBe('1 s') // a part of a second still to wait is a second
  })

  it('names the reason by what happened, not only by its code', () => {
    expect(retryReason(fault('overloaded', 529))).toBe('Overloaded')
    expect(retryReason(fault('overloaded', null))).toBe('Overloaded') // the stream's overloaded_error
    expect(retryReason(fault('overloaded', 503))).toBe('Anthropic server error')
    expect(retryReason(fault('rate-limited', 429))).toBe('Rate limited')
    expect(retryReason(fault('offline', null))).toBe('Cannot reach Anthropic')
    expect(retryReason(fault('timeout', null))).toBe('No answer in time')
    expect(retryReason(fault('stream-cut', null))).toBe('Connection dropped')
  })

  it('counts down from the target time, never below zero; an unreadable time is null', () => {
    const at = '2026-01-01T00:00:10.000Z'
    const t = Date.parse(at)
    expect(secondsUntil(at, t - 6_000)).toBe(6)
    expect(secondsUntil(at, t - 5_001)).toBe(6)
    expect(secondsUntil(at, t - 5_000)).toBe(5)
    expect(secondsUntil(at, t + 3_000)).toBe(0)
    expect(secondsUntil('soon', t)).toBeNull()
  })

  it('the screen-reader line names the attempt and the way out, without the ticking seconds', () => {
    const line = retryingAnnouncement(overloaded)
    expect(line).toContain('try 2 of 4')
    expect(line).toContain('Stop')
    expect(line).not.toMatch(/\d+ s\b/)
  })
})
