import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk'
import { describe, expect, test } from 'vitest'
import { ChatFaultCodeSchema, type ChatFault } from '@shared/chat/chat'
import { CONTROL_NAMES, type ControlName } from '@shared/control-names'
import { classifyFault, noApiKeyFault, saveFailedFault, StreamEndedEarly } from '../api/faults'
import { toolRoundLimitText } from '../turn/notice-texts'

/*
 * Every fault and notice may send people only to controls that exist. Texts write a control's
 * name as “Name” (or the plain words Settings and Retry), taken from CONTROL_NAMES; this table
 * says what each text names, and the renderer test message-controls.test.tsx renders every
 * CONTROL_NAMES entry. Together: a text naming a control the UI lacks fails one of the two.
 */

const apiError = (status: number) =>
  APIError.generate(
    status,
    { type: 'error', error: { type: 'api_error', message: 'detail' } },
    undefined,
    new Headers()
  )
const request = (error: unknown) => classifyFault(error, 'request').fault

const TEXTS: Array<{ what: string; fault?: ChatFault; text?: string; names: ControlName[] }> = [
  { what: 'no key', fault: noApiKeyFault(), names: ['settings', 'apiKey', 'retry'] },
  {
    what: 'save failed',
    fault: saveFailedFault(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' })),
    names: ['retry']
  },
  { what: '401', fault: request(apiError(401)), names: ['settings', 'apiKey', 'retry'] },
  { what: '403', fault: request(apiError(403)), names: ['settings', 'apiKey', 'retry'] },
  { what: '404', fault: request(apiError(404)), names: ['settings', 'model', 'newChat'] },
  { what: '413', fault: request(apiError(413)), names: ['newChat'] },
  { what: '429', fault: request(apiError(429)), names: ['retry'] },
  { what: '529', fault: request(apiError(529)), names: ['retry'] },
  { what: '500', fault: request(apiError(500)), names: ['retry'] },
  {
    what: '400',
    fault: request(apiError(400)),
    names: ['settings', 'maxTokens', 'retry', 'newChat']
  },
  { what: '402', fault: request(apiError(402)), names: ['retry'] },
  { what: 'offline', fault: request(new APIConnectionError({ message: 'x' })), names: ['retry'] },
  { what: 'timeout', fault: request(new APIConnectionTimeoutError()), names: ['retry'] },
  { what: 'cut', fault: classifyFault(new StreamEndedEarly(), 'stream').fault, names: ['retry'] },
  { what: 'garbled', fault: classifyFault(new SyntaxError('x'), 'stream').fault, names: ['retry'] },
  { what: 'internal', fault: request(new Error('x')), names: ['retry'] },
  { what: 'round limit', text: toolRoundLimitText(25), names: ['settings', 'maxToolRounds'] }
]

const textOf = (t: (typeof TEXTS)[number]) =>
  t.fault ? `${t.fault.message} ${t.fault.nextStep}` : (t.text ?? '')

/** The controls a text sends people to. */
function named(text: string): ControlName[] {
  return (Object.keys(CONTROL_NAMES) as ControlName[]).filter(
    (name) =>
      text.includes(`“${CONTROL_NAMES[name]}”`) ||
      (name === 'settings' && /\bSettings\b/.test(text)) ||
      (name === 'retry' && /\bRetry\b/.test(text))
  )
}

describe('fault and notice texts name only controls that exist', () => {
  test('the table covers every fault code', () => {
    const covered = new Set(TEXTS.flatMap((t) => (t.fault ? [t.fault.code] : [])))
    expect([...covered].sort()).toEqual([...ChatFaultCodeSchema.options].sort())
  })

  test.each(TEXTS.map((t) => [t.what, t] as const))('%s names what the table says', (_, t) => {
    const text = textOf(t)
    expect(named(text).sort()).toEqual([...t.names].sort())
    // Anything quoted is a control Cairn has.
    for (const [, inner] of text.matchAll(/“([^”]+)”/g))
      expect(Object.values(CONTROL_NAMES)).toContain(inner)
    // "in Settings" alone is no direction: the text must say which control there.
    if (/\bsettings?\b/i.test(text))
      expect(t.names.some((n) => !['settings', 'retry', 'newChat'].includes(n))).toBe(true)
    // Retry is offered only when the fault says so.
    if (t.fault && t.names.includes('retry')) expect(t.fault.retryable).toBe(true)
  })

  test('the round-limit notice counts rounds in words that fit the number', () => {
    expect(toolRoundLimitText(1)).toContain('in 1 round for')
    expect(toolRoundLimitText(25)).toContain('in 25 rounds for')
  })
})
