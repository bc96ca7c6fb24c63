import Anthropic from '@anthropic-ai/sdk'
import { afterEach, describe, expect, test } from 'vitest'
import {
  apiError,
  memory,
  reply,
  startFakeAnthropic,
  text,
  validateMessagesRequest,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'

// The fake must speak the real protocol: these drive it with the real SDK, nothing else.

let fake: FakeAnthropic | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function start(options?: Parameters<typeof startFakeAnthropic>[0]) {
  fake = await startFakeAnthropic(options)
  const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  return { fake, client }
}

const ask = {
  model: 'claude-sonnet-4-6',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'hi' }]
}

describe('fake Anthropic API', () => {
  test('streams the real event sequence; the SDK helper rebuilds the message', async () => {
    const { fake, client } = await start()
    fake.script(
      reply([
        text('Hello there.'),
        memory({ command: 'create', path: '/memories/a.md', file_text: 'line 1\nline 2\n' })
      ])
    )
    const stream = client.beta.messages.stream({ ...ask, betas: ['context-management-2025-06-27'] })
    const types: string[] = []
    const jsonPieces: string[] = []
    stream.on('streamEvent', (event) => {
      types.push(event.type)
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
        jsonPieces.push(event.delta.partial_json)
    })
    const message = await stream.finalMessage()
    expect(types[0]).toBe('message_start')
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop'])
    expect(types.filter((t) => t === 'content_block_start')).toHaveLength(2)
    // The tool input arrives in several pieces, as from the API.
    expect(jsonPieces.filter(Boolean).length).toBeGreaterThanOrEqual(3)
    expect(message.stop_reason).toBe('tool_use')
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Hello there.' })
    expect(message.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'memory',
      input: { command: 'create', path: '/memories/a.md', file_text: 'line 1\nline 2\n' }
    })
    expect(fake.messageRequests()[0]?.betas).toEqual(['context-management-2025-06-27'])
  })

  test('answers without streaming too, and lists models page by page', async () => {
    const { fake, client } = await start()
    fake.script(reply('Plain answer.', { usage: { input_tokens: 11, output_tokens: 3 } }))
    const message = await client.messages.create(ask)
    expect(message.content).toEqual([{ type: 'text', text: 'Plain answer.', citations: null }])
    expect(message.usage).toMatchObject({ input_tokens: 11, output_tokens: 3 })
    const ids: string[] = []
    for await (const model of client.models.list({ limit: 2 })) ids.push(model.id)
    expect(ids).toEqual(['claude-sonnet-4-6', 'claude-opus-4-6', 'claude-haiku-4-5-20251001'])
  })

  test('real error bodies and headers reach the SDK as its error classes', async () => {
    const { fake, client } = await start({ apiKey: 'sk-ant-test' })
    fake.script(apiError(429, { headers: { 'retry-after': '7' } }), apiError(529))
    const limited = await client.messages.create(ask).catch((e: unknown) => e)
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError)
    expect(
      (limited as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('retry-after')
    ).toBe('7')
    const overloaded = await client.messages.create(ask).catch((e: unknown) => e)
    expect(overloaded).toMatchObject({ status: 529, type: 'overloaded_error' })
    const wrongKey = new Anthropic({ apiKey: 'sk-ant-wrong', baseURL: fake.url, maxRetries: 0 })
    await expect(wrongKey.models.list()).rejects.toBeInstanceOf(Anthropic.AuthenticationError)
  })

  test('refuses what the real API refuses, and records why', async () => {
    const { fake, client } = await start()
    fake.script(reply('never'))
    const bad = await client.messages
      .create({
        ...ask,
        messages: [
          { role: 'user', content: 'hi' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'memory', input: {} }]
          },
          { role: 'user', content: 'no result given' }
        ]
      })
      .catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError)
    expect(fake.messageRequests()[0]?.rejected).toContain('`tool_use` ids were found without')
  })

  test('validation rules', () => {
    const base = { model: 'm', max_tokens: 1 }
    expect(
      validateMessagesRequest({ ...base, messages: [{ role: 'user', content: 'hi' }] })
    ).toBeNull()
    expect(
      validateMessagesRequest({
        ...base,
        messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }]
      })
    ).toContain('non-empty')
    expect(
      validateMessagesRequest({
        ...base,
        messages: [
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'r' }] }
        ]
      })
    ).toContain('unexpected `tool_use_id`')
    expect(
      validateMessagesRequest({
        ...base,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'ends with space ' }
        ]
      })
    ).toContain('trailing whitespace')
  })
})
