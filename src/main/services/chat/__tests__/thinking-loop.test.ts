import { describe, expect, test } from 'vitest'
import { CairnError } from '@shared/errors'
import { memory, redactedThinking, reply, text, thinking } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

const tempDir = useTempDir('cairn-thinking-')
const ON = { enabled: true, budgetTokens: 2048 }
/** Takes only budget thinking (its capabilities say so). */
const HAIKU = 'claude-haiku-4-5-20251001'

describe('extended thinking through the chat service and the real SDK', () => {
  test('a memory tool round with thinking: streamed live, saved, sent back so the fake accepts it', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    await rig.chat.setThinking({ conversationId: id, thinking: ON })
    rig.fake.script(
      reply([
        thinking('The user wants this kept. I should check memory first.'),
        redactedThinking(),
        memory({ command: 'create', path: '/memories/tea.md', file_text: 'green tea\n' })
      ]),
      reply([text('Noted: green tea.')]),
      reply([thinking('A second turn.'), text('Still green tea.')])
    )
    const first = await converse(rig, 'Remember that I like green tea.', id)
    expect(first.end.event).toBe('chat:done')
    const second = await converse(rig, 'What do I drink?', id)
    expect(second.end.event).toBe('chat:done')
    expectValidRequests(rig.fake)

    const requests = rig.fake.messageRequests()
    expect(requests).toHaveLength(3)
    // Sonnet 4.6 takes adaptive thinking: it gets that, with the text shown (not omitted).
    for (const [i] of requests.entries())
      expect(bodyOf(rig.fake, i)).toMatchObject({
        thinking: { type: 'adaptive', display: 'summarized' }
      })
    // The tool round sends the opening assistant message back with its thinking first.
    const loop = bodyOf(rig.fake, 1).messages[1]?.content ?? []
    expect(loop.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use'])

    // Live: the thinking text arrived as chat:thinking, the redacted block as a marker.
    const live = rig.events.of('chat:thinking').filter((e) => e.turnId === first.turnId)
    expect(live.map((e) => e.text).join('')).toBe(
      'The user wants this kept. I should check memory first.'
    )
    expect(live.some((e) => e.redacted)).toBe(true)
    expect(rig.events.text(first.turnId)).toBe('Noted: green tea.')

    // Saved with the signature, and still there after a restart.
    await rig.restart()
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    expect(conversation.thinking).toEqual(ON)
    const saved = conversation.messages.find((m) => m.role === 'assistant')
    expect(saved?.role === 'assistant' && saved.content[0]).toMatchObject({
      type: 'thinking',
      thinking: 'The user wants this kept. I should check memory first.',
      signature: expect.stringMatching(/^fake-sig\./),
      durationMs: expect.any(Number)
    })
  })

  test('turning thinking off: the next request has none, and the earlier thinking is still accepted', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    await rig.chat.setThinking({ conversationId: id, thinking: ON })
    rig.fake.script(reply([thinking('Hmm.'), text('One.')]), reply('Two.'))
    await converse(rig, 'first', id)
    await rig.chat.setThinking({ conversationId: id, thinking: { ...ON, enabled: false } })
    await converse(rig, 'second', id)
    expectValidRequests(rig.fake)
    expect(bodyOf(rig.fake, 1)).toMatchObject({ thinking: { type: 'disabled' } })
  })

  test('refused settings: a model the API does not describe, a budget not below Max tokens; nothing saved', async () => {
    const rig = await startRig(tempDir(), { settings: (s) => (s.maxTokens = 4096) })
    rig.fake.script(reply('Hi.'), reply('Hello.'))
    // Both chats get a first message: a new chat is only saved (and kept) with one.
    const { id } = await rig.chat.createConversation({ model: 'claude-opus-4-7' })
    await converse(rig, 'Hi', id)
    const refused = await rig.chat.setThinking({ conversationId: id, thinking: ON }).then(
      () => null,
      (e: unknown) => e
    )
    expect(refused).toBeInstanceOf(CairnError)
    expect((refused as CairnError).code).toBe('BAD_INPUT')
    expect((refused as CairnError).detail).toContain(
      'Cairn could not learn what claude-opus-4-7 takes'
    )

    const { id: other } = await rig.chat.createConversation({ model: HAIKU })
    await converse(rig, 'Hello', other)
    const tooBig = await rig.chat
      .setThinking({ conversationId: other, thinking: { enabled: true, budgetTokens: 4096 } })
      .then(
        () => null,
        (e: unknown) => e
      )
    expect((tooBig as CairnError).detail).toContain('must be less than the reply limit')
    await rig.restart()
    const { conversation } = await rig.chat.getConversation({ conversationId: other })
    expect(conversation.thinking).toBeUndefined()
    // Off is always allowed, whatever the model.
    await expect(
      rig.chat.setThinking({ conversationId: id, thinking: { enabled: false, budgetTokens: 2048 } })
    ).resolves.toMatchObject({ id, thinking: { enabled: false } })
  })

  test('Max tokens lowered below a saved budget: the turn ends with a clear fault, nothing is sent', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation({ model: HAIKU })
    await rig.chat.setThinking({
      conversationId: id,
      thinking: { enabled: true, budgetTokens: 3000 }
    })
    rig.settings.maxTokens = 2000
    const { end } = await converse(rig, 'hello', id)
    expect(end.event).toBe('chat:error')
    const error = end.payload as { error: { message: string; nextStep: string } }
    expect(error.error.message).toContain('The thinking budget (3,000 tokens) must be less than')
    expect(rig.fake.messageRequests()).toHaveLength(0)
  })
})
