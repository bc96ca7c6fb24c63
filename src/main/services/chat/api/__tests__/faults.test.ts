import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError
} from '@anthropic-ai/sdk'
import { describe, expect, test } from 'vitest'
import {
  classifyFault,
  isAbort,
  rateLimitResetMs,
  retryAfterOf,
  StreamEndedEarly,
  waitWords
} from '../faults'
import { countdown, DEFAULT_RETRY, retryDelay } from '../retry'

const apiError = (status: number, headers: Record<string, string> = {}, type?: string) =>
  APIError.generate(
    status,
    { type: 'error', error: { type: type ?? 'api_error', message: 'detail from the API' } },
    undefined,
    new Headers(headers)
  )

describe('classifyFault', () => {
  test.each([
    [401, 'auth', false],
    [403, 'auth', false],
    [404, 'model-not-found', false],
    [413, 'too-large', false],
    [429, 'rate-limited', true],
    [500, 'overloaded', true],
    [503, 'overloaded', true],
    [529, 'overloaded', true],
    [400, 'bad-request', false],
    [402, 'api-error', false]
  ] as const)('%i → %s (retried by Cairn: %s)', (status, code, autoRetry) => {
    const classified = classifyFault(apiError(status), 'request')
    expect(classified.fault.code).toBe(code)
    expect(classified.fault.status).toBe(status)
    expect(classified.autoRetry).toBe(autoRetry)
    expect(classified.fault.message.length).toBeGreaterThan(10)
    expect(classified.fault.nextStep.length).toBeGreaterThan(10)
  })

  test('"prompt is too long" (a 400) is too large: no Retry that would fail again, a new chat instead', () => {
    const error = APIError.generate(
      400,
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'prompt is too long: 212345 tokens > 200000 maximum'
        }
      },
      undefined,
      new Headers()
    )
    const { fault } = classifyFault(error, 'request')
    expect(fault).toMatchObject({ code: 'too-large', retryable: false })
    expect(fault.nextStep).toContain('“New chat”')
  })

  test('errors in the stream: a cut keeps text, an overload event is not retried once shown', () => {
    expect(classifyFault(new StreamEndedEarly(), 'stream').fault.code).toBe('stream-cut')
    expect(classifyFault(new APIConnectionError({ message: 'x' }), 'stream').fault.code).toBe(
      'stream-cut'
    )
    expect(classifyFault(new APIConnectionError({ message: 'x' }), 'request').fault.code).toBe(
      'offline'
    )
    expect(classifyFault(new SyntaxError('Unexpected token'), 'stream').fault.code).toBe(
      'bad-stream'
    )
    const event = new APIError(
      undefined,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      undefined,
      new Headers()
    )
    const classified = classifyFault(event, 'stream')
    expect(classified.fault.code).toBe('overloaded')
    expect(classified.autoRetry).toBe(false)
    expect(classifyFault(new Error('odd'), 'request').fault.code).toBe('internal')
  })

  test('abort errors are recognised', () => {
    expect(isAbort(new APIUserAbortError())).toBe(true)
    expect(isAbort(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(true)
    expect(isAbort(new Error('x'))).toBe(false)
  })
})

describe('retry-after', () => {
  test('seconds, milliseconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterOf(apiError(429, { 'retry-after': '7' }) as RateLimitError, now)).toBe(7_000)
    expect(retryAfterOf(apiError(429, { 'retry-after': '0.5' }), now)).toBe(500)
    expect(retryAfterOf(apiError(429, { 'retry-after-ms': '1234', 'retry-after': '9' }), now)).toBe(
      1_234
    )
    expect(
      retryAfterOf(apiError(429, { 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)
    ).toBe(30_000)
    expect(retryAfterOf(apiError(429, { 'retry-after': 'soon' }), now)).toBeNull()
    expect(retryAfterOf(apiError(429), now)).toBeNull()
  })
})

describe('retryDelay', () => {
  const overloaded = classifyFault(apiError(529), 'request')
  test('backs off exponentially within the jitter band, up to the attempt limit', () => {
    expect(retryDelay(overloaded, 1, DEFAULT_RETRY, () => 1)).toBe(1_000)
    expect(retryDelay(overloaded, 2, DEFAULT_RETRY, () => 1)).toBe(2_000)
    expect(retryDelay(overloaded, 3, DEFAULT_RETRY, () => 0)).toBe(3_200)
    expect(retryDelay(overloaded, 4, DEFAULT_RETRY)).toBeNull()
    const capped = { ...DEFAULT_RETRY, maxAttempts: 20 }
    expect(retryDelay(overloaded, 12, capped, () => 1)).toBe(30_000)
  })

  test('retry-after wins when given, unless it is too long to wait', () => {
    const limited = classifyFault(apiError(429, { 'retry-after': '12' }), 'request')
    expect(retryDelay(limited, 1, DEFAULT_RETRY)).toBe(12_000)
    const tooLong = classifyFault(apiError(429, { 'retry-after': '600' }), 'request')
    expect(retryDelay(tooLong, 1, DEFAULT_RETRY)).toBeNull()
  })

  test('offline gets fewer attempts; auth none', () => {
    const offline = classifyFault(new APIConnectionError({ message: 'x' }), 'request')
    expect(retryDelay(offline, 1, DEFAULT_RETRY)).not.toBeNull()
    expect(retryDelay(offline, 2, DEFAULT_RETRY)).toBeNull()
    expect(retryDelay(classifyFault(apiError(401), 'request'), 1, DEFAULT_RETRY)).toBeNull()
    const server = classifyFault(
      new InternalServerError(500, undefined, undefined, new Headers()),
      'request'
    )
    expect(server.autoRetry).toBe(true)
  })
})

describe('how long a 429 asks to wait', () => {
  test("the next step names the wait and never promises a retry of Cairn's own", () => {
    const step = (headers: Record<string, string>) =>
      classifyFault(apiError(429, headers), 'request').fault.nextStep
    expect(step({ 'retry-after': '300' })).toBe(
      'Anthropic asks Cairn to wait 5 minutes; press Retry after that.'
    )
    expect(step({ 'retry-after': '20' })).toContain('wait 20 seconds')
    expect(step({})).toBe('Wait a minute, then press Retry.')
    for (const status of [429, 500, 529])
      expect(classifyFault(apiError(status), 'request').fault.nextStep).not.toContain('on its own')
  })

  test("without retry-after: the rate limits' latest reset time", () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    const error = apiError(429, {
      'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:40Z',
      'anthropic-ratelimit-tokens-reset': '2026-01-01T00:01:30Z'
    })
    expect(rateLimitResetMs(error, now)).toBe(90_000)
    expect(rateLimitResetMs(apiError(429), now)).toBeNull()
  })

  test('in words', () => {
    expect(waitWords(1)).toBe('1 second')
    expect(waitWords(45_000)).toBe('45 seconds')
    expect(waitWords(300_000)).toBe('5 minutes')
    expect(waitWords(3 * 3_600_000)).toBe('about 3 hours')
  })
})

describe('countdown', () => {
  test('ticks once per whole second, then stops at zero', async () => {
    const ticks: number[] = []
    const waits: number[] = []
    await countdown(
      2_500,
      new AbortController().signal,
      async (ms) => void waits.push(ms),
      (s) => ticks.push(s)
    )
    expect(ticks).toEqual([3, 2, 1])
    expect(waits).toEqual([500, 1_000, 1_000])
  })

  test('a zero wait still says it is retrying', async () => {
    const ticks: number[] = []
    await countdown(
      0,
      new AbortController().signal,
      async () => undefined,
      (s) => ticks.push(s)
    )
    expect(ticks).toEqual([0])
  })

  test('an abort ends it at once', async () => {
    const controller = new AbortController()
    const ticks: number[] = []
    await countdown(
      5_000,
      controller.signal,
      async () => controller.abort(),
      (s) => ticks.push(s)
    )
    expect(ticks).toEqual([5])
  })
})
