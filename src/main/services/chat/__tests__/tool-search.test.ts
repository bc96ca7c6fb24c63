import { describe, expect, test } from 'vitest'
import {
  createPromptCache,
  reply,
  text,
  toolSearch,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'
import { TOOL_SEARCH_TOOL } from '@shared/chat/tool-search'
import { useTempDir } from '../../__tests__/helpers'
import type { McpServers } from '../tools/chat-tools'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

/*
 * Many MCP tools in a chat (issue 37, "Many tools, one prompt cache"): past 30 they wait behind
 * Anthropic's tool search. Claude searches, the API finds a tool and Claude calls it in the same
 * reply; the chat keeps the search blocks and sends them back as they came, and the fake refuses
 * what the API refuses (a call of a tool no search loaded, a reference to a tool not listed).
 */

const tempDir = useTempDir('cairn-tool-search-')

const FORECAST = 'mcp__s3__weather_forecast'

/** `servers` × `perServer` tools; s3's lookup_7 is a weather forecast, the rest look records up. */
function catalogue(servers: number, perServer: number, calls: string[] = []) {
  const list = Array.from({ length: servers }, (_, n) => ({ id: `s${n}`, name: `Server ${n}` }))
  const tools = list.flatMap((server) =>
    Array.from({ length: perServer }, (_, n) => {
      const weather = server.id === 's3' && n === 7
      return {
        server: server.id,
        name: weather ? 'weather_forecast' : `lookup_${n}`,
        description: weather
          ? 'Gives the weather forecast for a city, for the next days.'
          : `Looks up records of kind ${n} in the catalogue and returns the matches as text.`,
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string', description: 'Words to look for' } },
          required: ['query']
        }
      }
    })
  )
  const mcp: McpServers = {
    servers: () => list,
    tools: () => tools,
    approvalOf: () => 'always',
    setToolApproval: async () => undefined,
    callTool: async (server, tool, args) => {
      calls.push(`${server}/${tool}`)
      return {
        content: [{ type: 'text', text: `Sunny in ${String(args.query)}.` }],
        isError: false
      }
    }
  }
  return mcp
}

type Tool = { name: string; type?: string; defer_loading?: boolean; cache_control?: unknown }

/** A request's prompt tokens as the fake counts them (characters / 4 per block, no cache). */
function inputTokens(fake: FakeAnthropic, index: number): number {
  return createPromptCache({ enabled: false }).account(bodyOf(fake, index)).input_tokens
}

describe('tool search', () => {
  test('500 tools: Claude searches, calls the tool it found, and the search goes back as it came', async () => {
    const calls: string[] = []
    const rig = await startRig(tempDir(), { service: { mcp: catalogue(10, 50, calls) } })
    rig.fake.script(
      reply([
        text('Let me find a weather tool.'),
        toolSearch('weather forecast city'),
        { type: 'tool_use', name: FORECAST, input: { query: 'Lyon' }, id: 'toolu_forecast' }
      ]),
      reply('Sunny in Lyon.')
    )
    const { end, conversationId } = await converse(rig, 'Weather in Lyon?')
    expect(end.event).toBe('chat:done')
    expectValidRequests(rig.fake)
    expect(calls).toEqual(['s3/weather_forecast'])

    const tools = bodyOf(rig.fake, 0).tools as Tool[]
    expect(tools).toHaveLength(502)
    expect(tools.slice(0, 2)).toEqual([
      { type: 'memory_20250818', name: 'memory' },
      TOOL_SEARCH_TOOL
    ])
    expect(tools.slice(2).every((t) => t.defer_loading === true && !t.cache_control)).toBe(true)

    // The reply's blocks in the next request, exactly as the API streamed them.
    const answer = bodyOf(rig.fake, 1).messages[1]!.content
    const search = answer.find((b) => b.type === 'server_tool_use')
    expect(answer.map((b) => b.type)).toEqual([
      'text',
      'server_tool_use',
      'tool_search_tool_result',
      'tool_use'
    ])
    expect(search).toMatchObject({
      name: 'tool_search_tool_bm25',
      input: { query: 'weather forecast city' }
    })
    expect(answer[2]).toEqual({
      type: 'tool_search_tool_result',
      tool_use_id: search!.id,
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: FORECAST }]
      }
    })
    const result = bodyOf(rig.fake, 1).messages[2]!.content[0]
    expect(result).toMatchObject({ tool_use_id: 'toolu_forecast', content: 'Sunny in Lyon.' })

    // Kept in the conversation file too.
    const { conversation } = await rig.chat.getConversation({ conversationId })
    const saved = conversation.messages.find((m) => m.role === 'assistant')
    expect(saved?.content.map((b) => b.type)).toContain('tool_search_tool_result')

    // The first request's prompt holds none of the 500 definitions; the second holds the one found.
    const withAll = createPromptCache({ enabled: false }).account({
      ...bodyOf(rig.fake, 0),
      tools: tools
        .map(({ defer_loading: _deferred, ...t }) => t)
        .filter((t) => t.type !== TOOL_SEARCH_TOOL.type)
    }).input_tokens
    expect(inputTokens(rig.fake, 0)).toBeLessThan(withAll / 20)
  })

  test('30 tools are all loaded; the 31st puts them behind search', async () => {
    const few = await startRig(tempDir(), { service: { mcp: catalogue(1, 30) } })
    few.fake.script(reply('Hello.'))
    await converse(few, 'Hi.')
    const loaded = bodyOf(few.fake, 0).tools as Tool[]
    expect(loaded).toHaveLength(31)
    expect(loaded.some((t) => t.defer_loading || t.name === TOOL_SEARCH_TOOL.name)).toBe(false)

    const many = await startRig(tempDir(), { service: { mcp: catalogue(1, 31) } })
    many.fake.script(reply('Hello.'))
    await converse(many, 'Hi.')
    const deferred = bodyOf(many.fake, 0).tools as Tool[]
    expect(deferred.map((t) => t.name).slice(0, 2)).toEqual(['memory', TOOL_SEARCH_TOOL.name])
    expect(deferred.filter((t) => t.defer_loading)).toHaveLength(31)
    expectValidRequests(many.fake)
  })

  test('a model the API describes nothing of gets every tool loaded', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: [{ id: 'claude-sonnet-4-6', display_name: 'Claude Sonnet 4.6' }] },
      service: { mcp: catalogue(2, 50) }
    })
    rig.fake.script(reply('Hello.'))
    await converse(rig, 'Hi.')
    const tools = bodyOf(rig.fake, 0).tools as Tool[]
    expect(tools).toHaveLength(101)
    expect(tools.some((t) => t.defer_loading)).toBe(false)
  })

  test('a chat keeps tool search when servers go; a find whose server was turned off is left out', async () => {
    const rig = await startRig(tempDir(), { service: { mcp: catalogue(2, 50) } })
    rig.fake.script(
      reply([
        toolSearch('records kind 3', ['mcp__s0__lookup_3', 'mcp__s1__lookup_3']),
        text('Found lookups.')
      ]),
      reply('Fewer tools now.')
    )
    const { conversationId } = await converse(rig, 'Find a lookup.')
    const found = (await rig.chat.getConversation({ conversationId })).conversation.messages
      .flatMap((m) => (m.role === 'assistant' ? m.content : []))
      .find((b) => b.type === 'tool_search_tool_result')
    expect(JSON.stringify(found)).toContain('mcp__s1__lookup_3')
    await rig.chat.updateConversation({ conversationId, serversOff: ['s1'] })
    await converse(rig, 'And now?', conversationId)
    expectValidRequests(rig.fake)
    const second = bodyOf(rig.fake, 1)
    // 50 tools left, under the threshold, but the chat keeps its search tool (and its cache).
    expect((second.tools as Tool[]).map((t) => t.name).slice(0, 2)).toEqual([
      'memory',
      TOOL_SEARCH_TOOL.name
    ])
    const sent = second.messages[1]!.content.find((b) => b.type === 'tool_search_tool_result')
    const names = JSON.stringify(sent)
    expect(names).toContain('mcp__s0__lookup_3')
    expect(names).not.toContain('mcp__s1__')
  })
})
