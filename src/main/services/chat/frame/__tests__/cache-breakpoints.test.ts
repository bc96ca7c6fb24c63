import type {
  BetaContentBlockParam,
  MessageCreateParamsStreaming
} from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { describe, expect, test } from 'vitest'
import type { AssistantBlock, ChatMessage } from '@shared/chat/chat'
import { defaultSettings, type Settings } from '@shared/app/settings'
import {
  createPromptCache,
  signThinking,
  validateMessagesRequest
} from '../../../../../../e2e/fake-anthropic'
import { MAX_CACHE_BREAKPOINTS, reachesTokens, withCacheBreakpoints } from '../cache-breakpoints'
import { buildRequest } from '../request'

const MODEL = 'claude-sonnet-4-6'
const T = '2026-01-01T00:00:00.000Z'
let n = 0
const user = (text: string): ChatMessage => ({
  id: `u${(n += 1)}`,
  role: 'user',
  createdAt: T,
  content: [{ type: 'text', text }]
})
const assistant = (...content: AssistantBlock[]): ChatMessage => ({
  id: `a${(n += 1)}`,
  role: 'assistant',
  createdAt: T,
  model: MODEL,
  content,
  status: 'complete',
  stopReason: null,
  usage: null,
  error: null
})
const results = (...ids: string[]): ChatMessage => ({
  id: `r${(n += 1)}`,
  role: 'user',
  createdAt: T,
  content: ids.map((id) => ({
    type: 'tool_result',
    tool_use_id: id,
    content: 'x'.repeat(900),
    is_error: false
  }))
})
const say = (text: string): AssistantBlock => ({ type: 'text', text })
const call = (id: string): AssistantBlock => ({
  type: 'tool_use',
  id,
  name: 'memory',
  input: { command: 'view', path: '/memories' }
})
const thought = (text: string): AssistantBlock => ({
  type: 'thinking',
  thinking: text,
  signature: signThinking(MODEL, text),
  durationMs: 10
})

function settings(change: (s: Settings) => void = () => undefined): Settings {
  const s = defaultSettings()
  s.contextEditing.enabled = false
  change(s)
  return s
}

/** Where the request's breakpoints are: 'tools.0', 'system.0', 'messages.2.content.1'. */
function markers(params: MessageCreateParamsStreaming): string[] {
  const out: string[] = []
  const marked = (b: unknown) => !!(b as { cache_control?: unknown }).cache_control
  params.tools?.forEach((t, i) => marked(t) && out.push(`tools.${i}`))
  if (Array.isArray(params.system))
    params.system.forEach((b, i) => marked(b) && out.push(`system.${i}`))
  params.messages.forEach((m, i) =>
    (m.content as BetaContentBlockParam[]).forEach(
      (b, j) => marked(b) && out.push(`messages.${i}.content.${j}`)
    )
  )
  return out
}

function blockAt(params: MessageCreateParamsStreaming, where: string): BetaContentBlockParam {
  const [, i, , j] = where.split('.')
  return (params.messages[Number(i)]!.content as BetaContentBlockParam[])[Number(j)]!
}

describe('cache breakpoints on each request of a turn', () => {
  test('a multi-round memory turn: end of request, end of the previous request, end of the previous turn', () => {
    const s = settings()
    const messages: ChatMessage[] = [user('Plan my garden.'), assistant(say('Here is a plan.'))]
    // Turn 2, round 1.
    messages.push(user('Remember that I like roses.'))
    const round1 = buildRequest({ model: MODEL, messages }, s)
    expect(markers(round1)).toEqual([
      'messages.0.content.0', // where turn 1's last request wrote
      'messages.1.content.0', // the end of turn 1
      'messages.2.content.0' // this request
    ])
    // Round 2: Claude viewed the folder (thinking first), the result went back.
    messages.push(assistant(thought('Check memory.'), call('t1')), results('t1'))
    const round2 = buildRequest(
      { model: MODEL, messages, thinking: { enabled: true, budgetTokens: 2048 } },
      s
    )
    expect(markers(round2)).toEqual([
      'messages.1.content.0',
      'messages.2.content.0', // where round 1 wrote
      'messages.4.content.0'
    ])
    // Round 3: another call.
    messages.push(assistant(call('t2')), results('t2'))
    const round3 = buildRequest(
      { model: MODEL, messages, thinking: { enabled: true, budgetTokens: 2048 } },
      s
    )
    expect(markers(round3)).toEqual([
      'messages.1.content.0',
      'messages.4.content.0', // where round 2 wrote
      'messages.6.content.0'
    ])
    for (const request of [round1, round2, round3]) {
      expect(markers(request).length).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS)
      expect(validateMessagesRequest(request)).toBeNull()
    }
    // The saved conversation is untouched: markers live only in the request.
    expect(JSON.stringify(messages)).not.toContain('cache_control')
  })

  test('each round reads what the round before wrote (the fake API, same rules)', () => {
    const cache = createPromptCache({ now: () => 0 })
    const s = settings()
    const messages: ChatMessage[] = [user('u'.repeat(5000))]
    const reads: number[] = []
    for (let round = 0; round < 6; round += 1) {
      reads.push(cache.account(buildRequest({ model: MODEL, messages }, s)).cache_read_input_tokens)
      // A reply with many parallel calls: more than 20 blocks since the last write.
      const ids = Array.from({ length: 12 }, (_, i) => `r${round}-${i}`)
      messages.push(assistant(...ids.map(call)), results(...ids))
    }
    expect(reads[0]).toBe(0)
    for (let i = 1; i < reads.length; i += 1) expect(reads[i]).toBeGreaterThan(reads[i - 1]!)
  })

  test('a long stable prefix gets the fourth breakpoint on the system; never more than four', () => {
    const long = settings((s) => (s.customInstructions = 'Be precise. '.repeat(500)))
    const messages = [user('a'), assistant(say('b')), user('c'), assistant(call('t')), results('t')]
    const request = buildRequest({ model: MODEL, messages }, long)
    expect(Array.isArray(request.system)).toBe(true)
    expect(markers(request)).toEqual([
      'system.0',
      'messages.1.content.0',
      'messages.2.content.0',
      'messages.4.content.0'
    ])
    expect(validateMessagesRequest(request)).toBeNull()
    // A short system prompt stays a plain string: no breakpoint where it cannot pay.
    const short = buildRequest({ model: MODEL, messages }, settings())
    expect(typeof short.system).toBe('string')
    // Without a system prompt, a long tool list carries it.
    const tools = withCacheBreakpoints({
      model: MODEL,
      max_tokens: 10,
      stream: true,
      tools: [{ name: 'big', description: 'd'.repeat(5000), input_schema: { type: 'object' } }],
      messages: [{ role: 'user', content: 'hi' }]
    })
    expect(markers(tools)).toEqual(['tools.0', 'messages.0.content.0'])
  })

  test('tool search: the marker goes on the last loaded tool, never a deferred one, and deferred tools do not count as prefix', () => {
    const deferred = Array.from({ length: 40 }, (_, i) => ({
      name: `mcp__s__tool_${i}`,
      description: 'd'.repeat(400),
      input_schema: { type: 'object' as const },
      defer_loading: true
    }))
    const search = {
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25'
    } as const
    const big = { name: 'big', description: 'd'.repeat(5000), input_schema: { type: 'object' } }
    const request = (tools: object[]) =>
      withCacheBreakpoints({
        model: MODEL,
        max_tokens: 10,
        stream: true,
        tools: tools as never,
        messages: [{ role: 'user', content: 'hi' }]
      })
    const long = request([big, search, ...deferred])
    expect(markers(long)).toEqual(['tools.1', 'messages.0.content.0'])
    expect(validateMessagesRequest(long)).toBeNull()
    // 16,000 characters of deferred tools, but the loaded part is too short to cache.
    expect(markers(request([search, ...deferred]))).toEqual(['messages.0.content.0'])
  })

  test('hundreds of tools: the prefix is counted only as far as it takes to reach the minimum', () => {
    let read = 0
    const tool = (i: number) => ({
      name: `lookup_${i}`,
      description: 'Looks records up. '.repeat(5),
      input_schema: { type: 'object' as const },
      toJSON() {
        read += 1
        return { name: this.name, description: this.description, input_schema: this.input_schema }
      }
    })
    const tools = Array.from({ length: 500 }, (_, i) => tool(i))
    const params = withCacheBreakpoints({
      model: MODEL,
      max_tokens: 10,
      stream: true,
      tools,
      messages: [{ role: 'user', content: 'hi' }]
    })
    expect(markers(params)).toEqual(['tools.499', 'messages.0.content.0'])
    expect(read).toBeLessThan(50)
    // The same line as before: short parts stay under it, the count stops where it is reached.
    expect(reachesTokens(['x'.repeat(4 * 1024 - 3)], 1024)).toBe(false)
    expect(reachesTokens(['x'.repeat(4 * 1024 - 2)], 1024)).toBe(true)
  })

  test('never on thinking: a marker meant for a thinking block goes on the block before it', () => {
    const params = withCacheBreakpoints({
      model: MODEL,
      max_tokens: 10,
      stream: true,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'first' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'answer' },
            { type: 'thinking', thinking: 'hm', signature: 'sig' },
            { type: 'redacted_thinking', data: 'x' }
          ]
        },
        { role: 'user', content: 'next' }
      ]
    })
    const where = markers(params)
    expect(where).toEqual(['messages.0.content.0', 'messages.1.content.0', 'messages.2.content.0'])
    for (const w of where) expect(blockAt(params, w).type).not.toMatch(/thinking/)
  })

  test('attachments carry the marker when they end a message', () => {
    const image: BetaContentBlockParam = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' }
    }
    const pdf: BetaContentBlockParam = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }
    }
    const params = withCacheBreakpoints({
      model: MODEL,
      max_tokens: 10,
      stream: true,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'see' }, image] },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: [{ type: 'text', text: 'and' }, pdf] }
      ]
    })
    expect(markers(params)).toEqual([
      'messages.0.content.1',
      'messages.1.content.0',
      'messages.2.content.1'
    ])
    expect(blockAt(params, 'messages.0.content.1')).toMatchObject({
      type: 'image',
      cache_control: { type: 'ephemeral' }
    })
    expect(blockAt(params, 'messages.2.content.1')).toMatchObject({ type: 'document' })
  })

  test('markers already in the request count toward the four', () => {
    const cc = { type: 'ephemeral' } as const
    const params = withCacheBreakpoints({
      model: MODEL,
      max_tokens: 10,
      stream: true,
      system: [
        { type: 'text', text: 'a', cache_control: cc },
        { type: 'text', text: 'b', cache_control: cc },
        { type: 'text', text: 'c', cache_control: cc }
      ],
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'two' },
        { role: 'user', content: 'three' }
      ]
    })
    expect(markers(params)).toEqual(['system.0', 'system.1', 'system.2', 'messages.2.content.0'])
  })

  test('a prompt below the minimum cacheable length is still a valid request, billed whole', () => {
    const request = buildRequest({ model: MODEL, messages: [user('hi')] }, settings())
    expect(markers(request)).toEqual(['messages.0.content.0'])
    expect(validateMessagesRequest(request)).toBeNull()
    const usage = createPromptCache({ now: () => 0 }).account(request)
    expect(usage.cache_creation_input_tokens).toBe(0)
    expect(usage.cache_read_input_tokens).toBe(0)
    expect(usage.input_tokens).toBeGreaterThan(0)
  })
})
