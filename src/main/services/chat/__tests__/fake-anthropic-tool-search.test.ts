import Anthropic from '@anthropic-ai/sdk'
import { afterEach, describe, expect, test } from 'vitest'
import {
  createPromptCache,
  reply,
  startFakeAnthropic,
  text,
  toolSearch,
  validateMessagesRequest,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'

// The fake's tool search, driven with the real SDK: what it streams, what it refuses (as the
// API's docs say it does), and how it counts deferred tools.

let fake: FakeAnthropic | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

const SEARCH = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' } as const

function tool(name: string, description: string, deferred = true) {
  return {
    name,
    description,
    input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
    ...(deferred ? { defer_loading: true } : {})
  }
}

const TOOLS = [
  { type: 'memory_20250818', name: 'memory' },
  SEARCH,
  tool('get_weather', 'Gives the weather for a city'),
  tool('get_time', 'Tells the time in a city'),
  tool('book_table', 'Books a table at a restaurant')
]

const base = { model: 'claude-sonnet-4-6', max_tokens: 100 }
const user = (content: unknown) => ({ role: 'user', content })
const assistant = (content: unknown[]) => ({ role: 'assistant', content })
const found = (id: string, names: string[]) => ({
  type: 'tool_search_tool_result',
  tool_use_id: id,
  content: {
    type: 'tool_search_tool_search_result',
    tool_references: names.map((tool_name) => ({ type: 'tool_reference', tool_name }))
  }
})
const searched = (id: string) => ({
  type: 'server_tool_use',
  id,
  name: 'tool_search_tool_bm25',
  input: { query: 'weather' }
})
const call = (name: string) => ({ type: 'tool_use', id: 'toolu_1', name, input: { city: 'Oslo' } })
const answer = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Rain.' }

describe('fake Anthropic: tool search', () => {
  test('a search streams as server_tool_use then tool_search_tool_result, then the call of what it found', async () => {
    fake = await startFakeAnthropic()
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
    fake.script(
      reply([
        text('Searching.'),
        toolSearch('weather'),
        { type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' } }
      ])
    )
    const starts: Array<Record<string, unknown>> = []
    const stream = client.beta.messages.stream({
      ...base,
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: TOOLS as never
    })
    stream.on('streamEvent', (event) => {
      if (event.type === 'content_block_start') starts.push(event.content_block as never)
    })
    const message = await stream.finalMessage()
    // The search's input streams as JSON; its result arrives whole in its start.
    expect(starts[1]).toMatchObject({
      type: 'server_tool_use',
      name: 'tool_search_tool_bm25',
      input: {}
    })
    expect(starts[2]).toMatchObject({ type: 'tool_search_tool_result' })
    const id = (message.content[1] as { id: string }).id
    expect(message.content.slice(1)).toEqual([
      {
        type: 'server_tool_use',
        id,
        name: 'tool_search_tool_bm25',
        input: { query: 'weather' }
      },
      found(id, ['get_weather']),
      expect.objectContaining({ type: 'tool_use', name: 'get_weather' })
    ])
    expect(message.stop_reason).toBe('tool_use')
    expect(fake.messageRequests()[0]!.rejected).toBeNull()
  })

  test('refuses what the API refuses', () => {
    const ok = (body: Record<string, unknown>) => validateMessagesRequest({ ...base, ...body })
    const question = [user('Weather?')]
    expect(ok({ tools: TOOLS, messages: question })).toBeNull()
    expect(ok({ tools: TOOLS.slice(2), messages: question })).toBe(
      'At least one tool must have defer_loading=false. All tools cannot be deferred.'
    )
    expect(ok({ tools: [TOOLS[0], ...TOOLS.slice(2)], messages: question })).toMatch(
      /need a tool search tool/
    )
    expect(
      ok({
        tools: [...TOOLS.slice(0, 2), { ...TOOLS[2], cache_control: { type: 'ephemeral' } }],
        messages: question
      })
    ).toBe('tools.2: cannot have both defer_loading=true and cache_control set')
    // A call of a deferred tool no search loaded: the model never saw it.
    expect(
      ok({
        tools: TOOLS,
        messages: [...question, assistant([call('get_weather')]), user([answer])]
      })
    ).toMatch(
      /^messages\.1\.content\.0: tool_use names 'get_weather', a tool with defer_loading=true/
    )
    // Loaded by a search before it, in the same reply or an earlier one: fine.
    const afterSearch = [
      ...question,
      assistant([
        searched('srvtoolu_1'),
        found('srvtoolu_1', ['get_weather']),
        call('get_weather')
      ]),
      user([answer])
    ]
    expect(ok({ tools: TOOLS, messages: afterSearch })).toBeNull()
    // A reference to a tool the request does not list.
    expect(
      ok({ tools: TOOLS.filter((t) => t.name !== 'get_weather'), messages: afterSearch })
    ).toBe("Tool reference 'get_weather' not found in available tools")
  })

  test('refuses the search tool for a model without it', () => {
    const body = { ...base, tools: TOOLS, messages: [user('Weather?')] }
    expect(
      validateMessagesRequest(body, { id: base.model, display_name: 'Old', toolSearch: false })
    ).toBe('tools.1: The tool search tool is not supported for this model.')
  })

  test('a deferred tool costs no prompt tokens until a search finds it; then it counts where it was found', () => {
    const count = (body: Record<string, unknown>) =>
      createPromptCache({ enabled: false }).account({ ...base, ...body }).input_tokens
    const question = [user('Weather?')]
    const loadedOnly = count({ tools: TOOLS.slice(0, 2), messages: question })
    expect(count({ tools: TOOLS, messages: question })).toBe(loadedOnly)
    const search = [searched('srvtoolu_1'), found('srvtoolu_1', ['get_weather'])]
    const withFind = count({ tools: TOOLS, messages: [...question, assistant(search)] })
    const without = count({ tools: TOOLS.slice(0, 2), messages: [...question, assistant(search)] })
    const definition = Math.ceil(JSON.stringify(TOOLS[2]).length / 4)
    expect(withFind - without).toBeGreaterThanOrEqual(definition - 1)
  })
})
