import Anthropic from '@anthropic-ai/sdk'
import { afterEach, describe, expect, test } from 'vitest'
import {
  checkCacheControl,
  createPromptCache,
  minimumCacheableTokens,
  reply,
  startFakeAnthropic,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'

/*
 * The fake's prompt cache against hand-computed figures. A block costs ceil(chars / 4) tokens of
 * its JSON with the role and without cache_control: a user text block is
 * {"role":"user","type":"text","text":"…"} = 39 characters + the text, an assistant one 44 + the
 * text. So 'a' × 4001 in a user block = 1,010 tokens, 'b' × 17 = 14, an assistant 'c' × 36 = 20,
 * a user 'd' × 41 = 20. Sonnet 4.6 caches from 1,024 tokens.
 */

const MODEL = 'claude-sonnet-4-6'
const CC = { type: 'ephemeral' } as const
const MIN = 60_000

const long = 'a'.repeat(4001)
const first = (head = long, control: object = CC) => ({
  role: 'user',
  content: [
    { type: 'text', text: head },
    { type: 'text', text: 'b'.repeat(17), cache_control: control }
  ]
})
const plain = (role: 'user' | 'assistant', text: string, marked = false) => ({
  role,
  content: [{ type: 'text', text, ...(marked ? { cache_control: CC } : {}) }]
})
const turn1 = (head?: string, control?: object) => ({
  model: MODEL,
  max_tokens: 10,
  messages: [first(head, control)]
})
const turn2 = (head?: string) => ({
  model: MODEL,
  max_tokens: 10,
  messages: [
    {
      ...first(head),
      content: first(head).content.map((b) => ({ ...b, cache_control: undefined }))
    },
    plain('assistant', 'c'.repeat(36)),
    plain('user', 'd'.repeat(41), true)
  ]
})

function clock() {
  let t = Date.UTC(2026, 0, 1)
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('the fake API prompt cache', () => {
  test('a hit: turn 2 reads the prefix turn 1 wrote and writes only what is new', () => {
    const cache = createPromptCache(clock())
    expect(cache.account(turn1())).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 1024,
      cache_read_input_tokens: 0
    })
    // The breakpoint moved to the end; the entry two blocks back is found by the lookback.
    expect(cache.account(turn2())).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 40,
      cache_read_input_tokens: 1024
    })
    expect(cache.size()).toBe(2)
  })

  test('a miss: one character changed at the start of the prefix reads nothing', () => {
    const cache = createPromptCache(clock())
    cache.account(turn1())
    const changed = 'e' + long.slice(1)
    expect(cache.account(turn2(changed))).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 1064,
      cache_read_input_tokens: 0
    })
  })

  test('the system prompt is part of the prefix: changing it misses the messages too', () => {
    const cache = createPromptCache(clock())
    cache.account({ ...turn1(), system: 'Be brief.' })
    expect(cache.account({ ...turn1(), system: 'Be brief!' }).cache_read_input_tokens).toBe(0)
    expect(
      cache.account({ ...turn1(), system: 'Be brief!' }).cache_read_input_tokens
    ).toBeGreaterThan(1024)
  })

  test('expiry: 5 minutes by default, refreshed by each read; an hour with ttl 1h', () => {
    const time = clock()
    const cache = createPromptCache(time)
    cache.account(turn1())
    time.advance(5 * MIN - 1)
    expect(cache.account(turn1()).cache_read_input_tokens).toBe(1024)
    time.advance(5 * MIN - 1) // the read above refreshed it
    expect(cache.account(turn1()).cache_read_input_tokens).toBe(1024)
    time.advance(5 * MIN)
    expect(cache.account(turn1())).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 1024,
      cache_read_input_tokens: 0
    })

    const hour = createPromptCache(time)
    hour.account(turn1(undefined, { type: 'ephemeral', ttl: '1h' }))
    time.advance(59 * MIN)
    expect(hour.account(turn1()).cache_read_input_tokens).toBe(1024)
    time.advance(61 * MIN)
    expect(hour.account(turn1()).cache_read_input_tokens).toBe(0)
  })

  test('below the minimum length: nothing written, nothing read, all billed as input', () => {
    const cache = createPromptCache(clock())
    const short = turn1('a'.repeat(3989)) // 1,007 + 14 = 1,021 tokens < 1,024
    const usage = { input_tokens: 1021, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
    expect(cache.account(short)).toEqual(usage)
    expect(cache.account(short)).toEqual(usage)
    expect(cache.size()).toBe(0)
    // The same prompt clears Sonnet's minimum but not Haiku 4.5's.
    const haiku = createPromptCache(clock())
    expect(haiku.account({ ...turn1(), model: 'claude-haiku-4-5-20251001' })).toMatchObject({
      cache_creation_input_tokens: 0,
      input_tokens: 1024
    })
  })

  test('the lookback reaches 20 blocks back from a breakpoint, no further', () => {
    const cache = createPromptCache(clock())
    cache.account(turn1())
    const grow = (extra: number) => ({
      ...turn1(),
      messages: [
        { ...first(), content: first().content.map((b) => ({ ...b, cache_control: undefined })) },
        {
          role: 'assistant',
          content: Array.from({ length: extra }, (_, i) => ({
            type: 'text',
            text: `x${i}`,
            ...(i === extra - 1 ? { cache_control: CC } : {})
          }))
        }
      ]
    })
    // Cached block is index 1; a breakpoint at index 1 + 19 still finds it, one at 1 + 20 does not.
    expect(cache.account(grow(19)).cache_read_input_tokens).toBe(1024)
    const other = createPromptCache(clock())
    other.account(turn1())
    expect(other.account(grow(21)).cache_read_input_tokens).toBe(0)
  })

  test('the minimum per model', () => {
    expect(minimumCacheableTokens('claude-sonnet-4-6')).toBe(1024)
    expect(minimumCacheableTokens('claude-opus-4-6')).toBe(4096)
    expect(minimumCacheableTokens('claude-haiku-4-5-20251001')).toBe(4096)
    expect(minimumCacheableTokens('claude-3-5-haiku-20241022')).toBe(2048)
  })

  test('the API caching off: the same request is billed whole', () => {
    const cache = createPromptCache({ ...clock(), enabled: false })
    cache.account(turn1())
    expect(cache.account(turn1())).toEqual({
      input_tokens: 1024,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0
    })
  })
})

describe('the fake API refuses breakpoints as the API does', () => {
  const five = {
    model: MODEL,
    max_tokens: 10,
    messages: [
      {
        role: 'user',
        content: [1, 2, 3, 4, 5].map((i) => ({ type: 'text', text: `p${i}`, cache_control: CC }))
      }
    ]
  }

  test('more than four, on thinking, or of an unknown type', () => {
    expect(checkCacheControl(five)).toBe(
      'A maximum of 4 blocks with cache_control may be provided. Found 5.'
    )
    const four = {
      ...five,
      messages: [{ ...five.messages[0]!, content: five.messages[0]!.content.slice(1) }]
    }
    expect(checkCacheControl(four)).toBeNull()
    const onThinking = {
      ...four,
      messages: [
        ...four.messages,
        {
          role: 'assistant',
          content: [{ type: 'thinking', thinking: 't', signature: 's', cache_control: CC }]
        }
      ]
    }
    expect(checkCacheControl(onThinking)).toBe(
      'messages.1.content.0.thinking.cache_control: Extra inputs are not permitted'
    )
    expect(
      checkCacheControl({
        ...four,
        system: [{ type: 'text', text: 's', cache_control: { type: 'forever' } }]
      })
    ).toBe("system.0.cache_control.type: Input should be 'ephemeral'")
  })

  let fake: FakeAnthropic | undefined
  afterEach(async () => {
    await fake?.close()
    fake = undefined
  })

  test('over the wire: a 400 invalid_request_error, and usage computed from the request', async () => {
    fake = await startFakeAnthropic()
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    fake.script(reply('never sent'))
    const refused = await client.messages
      .create(five as unknown as Anthropic.MessageCreateParamsNonStreaming)
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError)
    expect((refused as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'A maximum of 4 blocks with cache_control may be provided. Found 5.'
      }
    })
    fake.script(reply('one'), reply('two'))
    const one = await client.messages.create(turn1() as Anthropic.MessageCreateParamsNonStreaming)
    const two = await client.messages.create(turn2() as Anthropic.MessageCreateParamsNonStreaming)
    expect(one.usage).toMatchObject({
      cache_creation_input_tokens: 1024,
      cache_read_input_tokens: 0
    })
    expect(two.usage).toMatchObject({
      input_tokens: 0,
      cache_creation_input_tokens: 40,
      cache_read_input_tokens: 1024
    })
  })
})
