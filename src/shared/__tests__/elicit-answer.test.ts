import { describe, expect, it } from 'vitest'
import { checkElicitAnswer } from '../mcp/elicit-answer'
import type { ElicitField } from '../mcp/elicitation'

const text = (format?: 'email' | 'uri' | 'date' | 'date-time'): ElicitField => ({
  kind: 'text',
  name: 'v',
  title: 'Value',
  required: false,
  ...(format ? { format } : {})
})
const problems = (field: ElicitField, v: unknown) =>
  checkElicitAnswer([field], { v } as never).map((p) => p.message)

describe('checkElicitAnswer', () => {
  it('checks the formats a server may ask for', () => {
    expect(problems(text('date'), '2026-02-28')).toEqual([])
    expect(problems(text('date'), '2026-02-30')).toEqual(['Value: enter a date as YYYY-MM-DD.'])
    expect(problems(text('date-time'), '2026-11-27T10:30:00.000Z')).toEqual([])
    expect(problems(text('date-time'), '2026-11-27 10:30')).toEqual([
      'Value: enter a date and time.'
    ])
    expect(problems(text('uri'), 'https://example.com/a')).toEqual([])
    expect(problems(text('uri'), 'example.com')).toHaveLength(1)
    expect(problems(text('email'), 'a@b.co')).toEqual([])
    expect(problems(text('email'), 'a@b')).toHaveLength(1)
  })

  it('counts characters, not UTF-16 units, and refuses what the form did not ask', () => {
    const short: ElicitField = { ...text(), maxLength: 2 } as ElicitField
    expect(problems(short, '😀😀')).toEqual([])
    expect(problems(short, '😀😀😀')).toEqual(['Value: enter at most 2 characters.'])
    expect(checkElicitAnswer([text()], { other: 'x' })).toEqual([
      { field: 'other', message: 'other is not a field of this form.' }
    ])
  })

  it('checks numbers by kind and range, and a value of the wrong type', () => {
    const n: ElicitField = {
      kind: 'number',
      name: 'v',
      title: 'N',
      integer: true,
      minimum: 0,
      required: true
    }
    expect(problems(n, 3)).toEqual([])
    expect(problems(n, 2.5)).toEqual(['N: enter a whole number.'])
    expect(problems(n, -1)).toEqual(['N: enter 0 or more.'])
    expect(problems(n, '3')).toEqual(['N: enter a number.'])
    expect(checkElicitAnswer([n], {})).toEqual([
      { field: 'v', message: 'N: this field is required; fill it in.' }
    ])
  })
})
