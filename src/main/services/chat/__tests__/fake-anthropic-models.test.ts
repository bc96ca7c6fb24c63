import Anthropic, { BadRequestError, NotFoundError } from '@anthropic-ai/sdk'
import type { BetaMessageParam } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import { afterEach, describe, expect, test } from 'vitest'
import {
  memory,
  NEWEST_MODELS,
  reply,
  startFakeAnthropic,
  text,
  thinking,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'

// The fake's models, driven by the real SDK: GET /v1/models describes each one, and
// POST /v1/messages refuses what that model does not take, as the real API does.

let fake: FakeAnthropic | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function start() {
  fake = await startFakeAnthropic({ models: NEWEST_MODELS })
  const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 })
  return { fake, client }
}

async function refused(call: () => Promise<unknown>): Promise<string> {
  fake?.script(reply('never sent'))
  const error = await call().then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(BadRequestError)
  const body = (error as BadRequestError).error as { error: { type: string; message: string } }
  expect(body.error.type).toBe('invalid_request_error')
  return body.error.message
}

const hi: BetaMessageParam[] = [{ role: 'user', content: 'hi' }]

describe('fake Anthropic API: models as the API describes them', () => {
  test('the list carries capabilities and limits; retired models only when asked; one by id', async () => {
    const { client } = await start()
    const listed = []
    for await (const model of client.models.list()) listed.push(model)
    expect(listed.map((m) => m.id)).not.toContain('claude-sonnet-4-5')
    const sonnet = listed.find((m) => m.id === 'claude-sonnet-5-5')!
    expect(sonnet.max_tokens).toBe(128_000)
    expect(sonnet.max_input_tokens).toBe(1_000_000)
    expect(sonnet.capabilities?.thinking.types).toMatchObject({
      adaptive: { supported: true },
      enabled: { supported: false }
    })
    expect(sonnet.capabilities?.effort.xhigh).toEqual({ supported: true })
    const retired = []
    for await (const model of client.models.list({ lifecycle: ['retired'] })) retired.push(model.id)
    expect(retired).toEqual(['claude-sonnet-4-5'])
    expect((await client.models.retrieve('claude-quill-1')).display_name).toBe('Claude Quill 1')
    await expect(client.models.retrieve('claude-none-9')).rejects.toBeInstanceOf(NotFoundError)
  })

  test('a thinking type, an effort level or max_tokens the model lacks is refused', async () => {
    const { client } = await start()
    const base = { messages: hi, max_tokens: 4096 }
    expect(
      await refused(() =>
        client.beta.messages.create({
          ...base,
          model: 'claude-sonnet-5-5',
          thinking: { type: 'enabled', budget_tokens: 2048 }
        })
      )
    ).toContain('"thinking.type.enabled" is not supported for this model')
    expect(
      await refused(() =>
        client.beta.messages.create({
          ...base,
          model: 'claude-opus-5-5',
          thinking: { type: 'disabled' }
        })
      )
    ).toContain('Use "thinking.type.between_tools"')
    expect(
      await refused(() =>
        client.beta.messages.create({
          ...base,
          model: 'claude-mythos-5-2',
          thinking: { type: 'between_tools' }
        })
      )
    ).toContain('it always thinks')
    expect(
      await refused(() =>
        client.beta.messages.create({
          ...base,
          model: 'claude-quill-1',
          output_config: { effort: 'max' }
        })
      )
    ).toBe(
      'output_config.effort: "max" is not supported for this model. Supported levels: low, medium, high.'
    )
    expect(
      await refused(() =>
        client.beta.messages.create({
          ...base,
          model: 'claude-haiku-4-5-20251001',
          output_config: { effort: 'low' }
        })
      )
    ).toBe('output_config.effort: This model does not support effort.')
    expect(
      await refused(() =>
        client.beta.messages.create(
          { ...base, model: 'claude-quill-1', max_tokens: 32_000 },
          { timeout: 60_000 }
        )
      )
    ).toBe(
      'max_tokens: 32000 > 16000, which is the maximum allowed number of output tokens for claude-quill-1'
    )
    expect(
      await refused(() =>
        client.beta.messages.create({
          ...base,
          model: 'claude-quill-1',
          tools: [{ type: 'web_search_20260318', name: 'web_search' }]
        })
      )
    ).toContain('web search tool is not supported')
    // A retired model answers 404.
    fake!.script(reply('never'))
    await expect(
      client.beta.messages.create({ ...base, model: 'claude-sonnet-4-5' })
    ).rejects.toBeInstanceOf(NotFoundError)
  })

  test('a prefill is refused on the newest models', async () => {
    const { client } = await start()
    expect(
      await refused(() =>
        client.beta.messages.create({
          model: 'claude-sonnet-5-5',
          max_tokens: 1024,
          messages: [...hi, { role: 'assistant', content: 'Well,' }]
        })
      )
    ).toContain('Prefilling assistant messages is not supported for this model')
  })

  test('thinking text is omitted unless asked for; each block is bound to what came before it', async () => {
    const { fake, client } = await start()
    const model = 'claude-sonnet-5-5'
    fake.script(reply([thinking('Plan: look first.'), memory({ command: 'view' }, 'toolu_1')]))
    const hidden = await client.beta.messages.create({
      model,
      max_tokens: 4096,
      system: 'Be brief.',
      thinking: { type: 'adaptive' },
      messages: hi
    })
    expect(hidden.content[0]).toMatchObject({ type: 'thinking', thinking: '' })

    fake.script(reply([thinking('Plan: look first.'), memory({ command: 'view' }, 'toolu_1')]))
    const shown = await client.beta.messages.create({
      model,
      max_tokens: 4096,
      system: 'Be brief.',
      thinking: { type: 'adaptive', display: 'summarized' },
      messages: hi
    })
    expect(shown.content[0]).toMatchObject({ type: 'thinking', thinking: 'Plan: look first.' })
    const turn = (system: string, content = shown.content) => ({
      model,
      max_tokens: 4096,
      system,
      thinking: { type: 'adaptive' as const, display: 'summarized' as const },
      messages: [
        ...hi,
        { role: 'assistant' as const, content: content as Anthropic.Beta.BetaContentBlockParam[] },
        {
          role: 'user' as const,
          content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_1', content: 'empty' }]
        }
      ]
    })
    // Sent back after the same prefix (cache markers and a split system aside): accepted.
    fake.script(reply([text('Done.')]))
    await expect(
      client.beta.messages.create({
        ...turn('Be brief.'),
        system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }]
      })
    ).resolves.toMatchObject({ content: [{ type: 'text', text: 'Done.' }] })
    // The system text changed: refused.
    expect(await refused(() => client.beta.messages.create(turn('Be very brief.')))).toContain(
      'messages.1.content.0: The block is bound to a different conversation'
    )
    // The thinking text changed: refused as a forged block.
    const [block, call] = shown.content as [{ thinking: string }, unknown]
    expect(
      await refused(() =>
        client.beta.messages.create(
          turn('Be brief.', [{ ...block, thinking: 'Edited.' }, call] as typeof shown.content)
        )
      )
    ).toBe('messages.1.content.0: Invalid `signature` in `thinking` block')
  })
})
