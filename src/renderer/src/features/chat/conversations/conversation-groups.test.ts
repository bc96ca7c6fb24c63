import { describe, expect, it } from 'vitest'
import type { ConversationSummary } from '@shared/chat/chat'
import { dateGroupOf, groupConversations } from './conversation-groups'

const now = new Date(2026, 10, 22, 9, 30) // Sunday 22 November 2026, 09:30 local

function at(year: number, month: number, day: number, hour = 12): Date {
  return new Date(year, month - 1, day, hour)
}

describe('dateGroupOf', () => {
  it.each([
    [at(2026, 11, 22, 0), 'Today'],
    [at(2026, 11, 22, 23), 'Today'], // later today (a clock ahead) is still today
    [at(2026, 11, 21, 23), 'Yesterday'],
    [at(2026, 11, 21, 0), 'Yesterday'],
    [at(2026, 11, 20), 'Previous 7 days'],
    [at(2026, 11, 15), 'Previous 7 days'],
    [at(2026, 11, 14), 'Previous 30 days'],
    [at(2026, 10, 23), 'Previous 30 days'],
    [at(2026, 10, 22), 'October'],
    [at(2026, 1, 2), 'January'],
    [at(2025, 12, 31), '2025'],
    [at(2019, 6, 1), '2019']
  ])('%s → %s', (date, label) => {
    expect(dateGroupOf(date, now)).toBe(label)
  })
})

describe('groupConversations', () => {
  const item = (id: string, updated: Date, pinned = false): ConversationSummary => ({
    id,
    title: id,
    model: 'm',
    createdAt: updated.toISOString(),
    updatedAt: updated.toISOString(),
    messageCount: 2,
    running: false,
    snippet: null,
    pinned
  })

  it('puts pinned first and keeps the order inside each group', () => {
    const list = [
      item('pinned-old', at(2024, 3, 1), true),
      item('today-2', at(2026, 11, 22, 9)),
      item('today-1', at(2026, 11, 22, 8)),
      item('yesterday', at(2026, 11, 21)),
      item('week', at(2026, 11, 18)),
      item('august', at(2026, 8, 3)),
      item('old', at(2023, 5, 5))
    ]
    expect(groupConversations(list, now).map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Pinned', ['pinned-old']],
      ['Today', ['today-2', 'today-1']],
      ['Yesterday', ['yesterday']],
      ['Previous 7 days', ['week']],
      ['August', ['august']],
      ['2023', ['old']]
    ])
  })

  it('an empty list has no groups; a bad date goes to Older instead of breaking', () => {
    expect(groupConversations([], now)).toEqual([])
    const bad = { ...item('bad', now), updatedAt: 'not a date' }
    expect(groupConversations([bad], now)).toEqual([{ label: 'Older', items: [bad] }])
  })
})
