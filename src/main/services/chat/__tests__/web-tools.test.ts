import { describe, expect, test } from 'vitest'
import { channels } from '@shared/contract'
import { requestCost } from '@shared/models/cost'
import {
  cited,
  NEWEST_MODELS,
  reply,
  text,
  thinking,
  webFetch,
  webSearch
} from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

// Web search and web fetch: Anthropic's server tools, per chat, off by default, offered where the
// model's capabilities list them; results kept with their sources and sent back as they came.

const tempDir = useTempDir('cairn-web-tools-')

const SOURCES = [
  { title: 'Tea - Wikipedia', url: 'https://en.wikipedia.org/wiki/Tea' },
  { title: 'A short history of tea', url: 'https://example.org/history' }
]

describe('web search and web fetch', () => {
  test('off by default; turned on for one chat: listed with the sites Settings allow, results kept and sent back', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: NEWEST_MODELS },
      settings: (s) => {
        s.model = 'claude-sonnet-5-5'
        s.webAllowedDomains = ['wikipedia.org', 'example.org']
      }
    })
    const { id } = await rig.chat.createConversation()
    await rig.chat.setThinking({ conversationId: id, thinking: { enabled: true } })
    rig.fake.script(reply([thinking('No web here.'), text('From what I know.')]))
    await converse(rig, 'Where does tea come from?', id)
    expect(bodyOf(rig.fake, 0).tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])

    const options = await rig.chat.updateConversation(
      channels['chat:update-conversation'].input.parse({
        conversationId: id,
        webSearch: true,
        webFetch: true
      })
    )
    expect(options).toMatchObject({ webSearch: true, webFetch: true })
    rig.fake.script(
      reply([
        thinking('Let me look it up.'),
        ...webSearch('origin of tea', SOURCES),
        ...webFetch('https://example.org/history', 'A short history of tea', 'Tea began in China.'),
        cited('Tea comes from southwest China.', [
          { ...SOURCES[0]!, cited_text: 'Tea originated in southwest China' }
        ])
      ])
    )
    const second = await converse(rig, 'Look it up, please.', id)
    expect(second.end.event).toBe('chat:done')
    expect(bodyOf(rig.fake, 1).tools).toEqual([
      { type: 'memory_20250818', name: 'memory' },
      {
        type: 'web_search_20260318',
        name: 'web_search',
        allowed_domains: ['wikipedia.org', 'example.org']
      },
      {
        type: 'web_fetch_20260318',
        name: 'web_fetch',
        citations: { enabled: true },
        allowed_domains: ['wikipedia.org', 'example.org']
      }
    ])

    // Saved whole: the searches, what they found, the text with its sources, the count.
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    const answer = conversation.messages.findLast((m) => m.role === 'assistant')!
    expect(answer.role === 'assistant' && answer.content.map((b) => b.type)).toEqual([
      'thinking',
      'server_tool_use',
      'web_search_tool_result',
      'server_tool_use',
      'web_fetch_tool_result',
      'text'
    ])
    const last = answer.role === 'assistant' ? answer.content.at(-1) : null
    expect(last).toMatchObject({
      type: 'text',
      citations: [{ url: SOURCES[0]!.url, title: 'Tea - Wikipedia' }]
    })
    expect(answer.role === 'assistant' && answer.usage).toMatchObject({
      webSearchRequests: 1,
      webFetchRequests: 1
    })
    // A search costs $10 per 1,000 on top of the tokens.
    const usage = answer.role === 'assistant' ? answer.usage! : null
    expect(
      requestCost('claude-sonnet-5-5', usage!)! -
        requestCost('claude-sonnet-5-5', { ...usage!, webSearchRequests: 0 })!
    ).toBeCloseTo(0.01, 10)

    // The next turn sends it all back as it came, and the strict fake accepts it.
    rig.fake.script(reply([thinking('Follow-up.'), text('Yes, China.')]))
    await converse(rig, 'China, then?', id)
    const third = bodyOf(rig.fake, 2)
    expect(third.messages.at(-2)?.content.map((b) => b.type)).toEqual([
      'thinking',
      'server_tool_use',
      'web_search_tool_result',
      'server_tool_use',
      'web_fetch_tool_result',
      'text'
    ])
    expectValidRequests(rig.fake)
  })

  test('not offered where the model does not take them, even when the chat asked', async () => {
    const rig = await startRig(tempDir(), { fake: { models: NEWEST_MODELS } })
    const { id } = await rig.chat.createConversation({ model: 'claude-quill-1' })
    await rig.chat.updateConversation({ conversationId: id, webSearch: true })
    rig.fake.script(reply('No web for me.'))
    await converse(rig, 'Search something', id)
    expect(bodyOf(rig.fake, 0).tools).toEqual([{ type: 'memory_20250818', name: 'memory' }])
    expectValidRequests(rig.fake)
  })
})
