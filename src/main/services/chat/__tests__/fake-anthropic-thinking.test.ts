import Anthropic, { BadRequestError } from '@anthropic-ai/sdk'
import { afterEach, describe, expect, test } from 'vitest'
import {
  memory,
  NEWEST_MODELS,
  redactedThinking,
  reply,
  startFakeAnthropic,
  text,
  thinking,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'

// The fake's thinking, driven by the real SDK: what it streams, and what it refuses as the API does.

let fake: FakeAnthropic | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

const MODEL = 'claude-sonnet-4-6'
const ON = { type: 'enabled' as const, budget_tokens: 1024 }

async function start() {
  fake = await startFakeAnthropic()
  const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  return { fake, client }
}

/** Asks for thinking + a memory call, and returns the assistant message as the SDK rebuilt it. */
async function firstRound(client: Anthropic, fake: FakeAnthropic) {
  fake.script(
    reply([
      thinking('The user wants tea remembered.'),
      redactedThinking(),
      memory({ command: 'view', path: '/memories' }, 'toolu_1')
    ])
  )
  const stream = client.beta.messages.stream({
    model: MODEL,
    max_tokens: 4096,
    thinking: ON,
    messages: [{ role: 'user', content: 'Remember I like tea' }]
  })
  const deltas: string[] = []
  stream.on('streamEvent', (event) => {
    if (event.type === 'content_block_delta') deltas.push(event.delta.type)
  })
  const message = await stream.finalMessage()
  return { message, deltas }
}

function secondRound(content: unknown) {
  return {
    model: MODEL,
    max_tokens: 4096,
    thinking: ON,
    messages: [
      { role: 'user' as const, content: 'Remember I like tea' },
      { role: 'assistant' as const, content: content as Anthropic.Beta.BetaContentBlockParam[] },
      {
        role: 'user' as const,
        content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_1', content: 'empty' }]
      }
    ]
  }
}

/** The JSON body of a 400, exactly as the fake sent it (a reply is scripted: it checks first). */
async function refusal(call: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  fake?.script(reply('never sent'))
  const error = await call().then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(BadRequestError)
  const bad = error as BadRequestError
  return { status: bad.status, body: bad.error }
}

describe('fake Anthropic API: extended thinking', () => {
  test('streams thinking_delta then signature_delta, and redacted blocks whole', async () => {
    const { fake, client } = await start()
    const { message, deltas } = await firstRound(client, fake)
    expect(deltas.filter((d) => d === 'thinking_delta').length).toBeGreaterThan(3)
    expect(deltas.indexOf('signature_delta')).toBeGreaterThan(deltas.lastIndexOf('thinking_delta'))
    expect(message.content.map((b) => b.type)).toEqual([
      'thinking',
      'redacted_thinking',
      'tool_use'
    ])
    expect(message.content[0]).toMatchObject({ thinking: 'The user wants tea remembered.' })
    expect((message.content[0] as { signature: string }).signature).toMatch(/^fake-sig\./)
  })

  test('the assistant turn sent back unchanged is accepted', async () => {
    const { fake, client } = await start()
    const { message } = await firstRound(client, fake)
    fake.script(reply('Noted.'))
    const next = await client.beta.messages.create(secondRound(message.content))
    expect(next.content[0]).toMatchObject({ type: 'text', text: 'Noted.' })
  })

  test('thinking dropped from a tool loop → 400 with the real error body', async () => {
    const { fake, client } = await start()
    const { message } = await firstRound(client, fake)
    const dropped = message.content.filter((b) => b.type === 'tool_use')
    const { status, body } = await refusal(() => client.beta.messages.create(secondRound(dropped)))
    expect(status).toBe(400)
    expect(body).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking'
      },
      request_id: expect.stringMatching(/^req_/)
    })
    expect(fake.messageRequests().at(-1)?.rejected).toContain('Expected `thinking`')
  })

  test('an altered signature, edited thinking text or a dropped redacted block → 400', async () => {
    const { fake, client } = await start()
    const { message } = await firstRound(client, fake)
    const [think, redacted, call] = message.content as [
      { type: 'thinking'; thinking: string; signature: string },
      { type: 'redacted_thinking'; data: string },
      Anthropic.Beta.BetaToolUseBlock
    ]
    const cases: Array<[unknown[], string]> = [
      [
        [{ ...think, signature: `${think.signature}x` }, redacted, call],
        'messages.1.content.0: Invalid `signature` in `thinking` block'
      ],
      [
        [{ ...think, thinking: `${think.thinking} (edited)` }, redacted, call],
        'messages.1.content.0: Invalid `signature` in `thinking` block'
      ],
      [
        [think, { ...redacted, data: 'forged' }, call],
        'messages.1.content.1: Invalid `data` in `redacted_thinking` block'
      ],
      [
        [{ ...think, durationMs: 12 }, redacted, call],
        'messages.1.content.0.thinking.durationMs: Extra inputs are not permitted'
      ]
    ]
    for (const [content, expected] of cases) {
      const { body } = await refusal(() => client.beta.messages.create(secondRound(content)))
      expect((body as { error: { message: string } }).error.message).toBe(expected)
    }
  })

  test('budget rules: at least 1,024 and below max_tokens; clear_thinking needs thinking', async () => {
    const { client, fake } = await start()
    const base = { model: MODEL, messages: [{ role: 'user' as const, content: 'hi' }] }
    const low = await refusal(() =>
      client.beta.messages.create({
        ...base,
        max_tokens: 4096,
        thinking: { type: 'enabled', budget_tokens: 1000 }
      })
    )
    expect(JSON.stringify(low.body)).toContain(
      'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024'
    )
    const high = await refusal(() =>
      client.beta.messages.create({
        ...base,
        max_tokens: 2048,
        thinking: { type: 'enabled', budget_tokens: 2048 }
      })
    )
    expect(JSON.stringify(high.body)).toContain(
      '`max_tokens` must be greater than `thinking.budget_tokens`.'
    )
    const clear = await refusal(() =>
      client.beta.messages.create({
        ...base,
        max_tokens: 2048,
        betas: ['context-management-2025-06-27'],
        context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] }
      })
    )
    expect(JSON.stringify(clear.body)).toContain(
      '`clear_thinking_20251015` strategy requires `thinking` to be enabled'
    )
    // What a model takes is what GET /v1/models says of it.
    fake.setModels(NEWEST_MODELS)
    const adaptiveOnly = await refusal(() =>
      client.beta.messages.create({
        ...base,
        model: 'claude-sonnet-5-5',
        max_tokens: 4096,
        thinking: ON
      })
    )
    expect((adaptiveOnly.body as { error: { message: string } }).error.message).toContain(
      '"thinking.type.enabled" is not supported for this model'
    )
  })

  test('a request without thinking may carry earlier thinking (the API ignores it)', async () => {
    const { fake, client } = await start()
    const { message } = await firstRound(client, fake)
    fake.script(reply([text('Fine.')]))
    const next = await client.beta.messages.create({
      ...secondRound(message.content),
      thinking: { type: 'disabled' }
    })
    expect(next.content[0]).toMatchObject({ type: 'text', text: 'Fine.' })
  })
})
