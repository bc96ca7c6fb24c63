import { describe, expect, test } from 'vitest'
import { channels } from '@shared/contract'
import { SettingsSchema } from '@shared/app/settings'
import { NEWEST_MODELS, reply, text, webSearch } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { CONTINUE_NOTE } from '../calls/message-actions'
import { bodyOf, converse, expectValidRequests, startRig } from './harness'

// Every stop reason the API defines is saved with the reply (the renderer says why it stopped);
// "Continue" picks up an answer cut off at the reply limit, or a paused server step.

const tempDir = useTempDir('cairn-stops-')

describe('stop reasons and Continue', () => {
  test('the default reply limit is one current models handle comfortably', () => {
    expect(SettingsSchema.parse({}).maxTokens).toBe(32_000)
  })

  for (const stopReason of [
    'end_turn',
    'max_tokens',
    'stop_sequence',
    'pause_turn',
    'refusal',
    'model_context_window_exceeded'
  ] as const)
    test(`a reply that stops with ${stopReason} is saved with it, and the turn ends`, async () => {
      const rig = await startRig(tempDir())
      const { id } = await rig.chat.createConversation()
      rig.fake.script(reply([text('Half an ans')], { stopReason }))
      const { end } = await converse(rig, 'Tell me everything.', id)
      expect(end.event).toBe('chat:done')
      expect(end.payload).toMatchObject({ status: 'complete', stopReason })
      const { conversation } = await rig.chat.getConversation({ conversationId: id })
      expect(conversation.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason })
      expect(rig.fake.messageRequests()).toHaveLength(1)
    })

  test('tool_use runs the memory command and goes on (a normal round)', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    rig.fake.script(
      reply([{ type: 'tool_use', name: 'memory', input: { command: 'view', path: '/memories' } }]),
      reply('Nothing saved yet.')
    )
    const { end } = await converse(rig, 'What do you remember?', id)
    expect(end.payload).toMatchObject({ stopReason: 'end_turn' })
    expect(rig.fake.messageRequests()).toHaveLength(2)
  })

  test('Continue after max_tokens: a new turn tells Claude to go on where it stopped', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    rig.fake.script(
      reply([text('The first half of the')], { stopReason: 'max_tokens' }),
      reply('second half.')
    )
    await converse(rig, 'Write a long story.', id)
    const { turnId, conversation } = await rig.chat.continueReply({ conversationId: id })
    expect(turnId).toEqual(expect.any(String))
    await rig.chat.idle(id)
    expectValidRequests(rig.fake)
    const sent = bodyOf(rig.fake, 1).messages
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(sent[1]?.content).toMatchObject([{ type: 'text', text: 'The first half of the' }])
    expect(sent[2]?.content).toMatchObject([{ type: 'text', text: CONTINUE_NOTE }])
    // The note is for Claude: the user message that carries it shows no text of its own.
    const asked = conversation.messages.at(-2)
    expect(asked).toMatchObject({ role: 'user', content: [], context: CONTINUE_NOTE })
    const last = (await rig.chat.getConversation({ conversationId: id })).conversation.messages.at(
      -1
    )
    expect(last).toMatchObject({ role: 'assistant', stopReason: 'end_turn' })
  })

  test('Continue after pause_turn: the paused reply goes back as it is, so the API goes on', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: NEWEST_MODELS },
      settings: (s) => (s.model = 'claude-sonnet-5-5')
    })
    const { id } = await rig.chat.createConversation()
    await rig.chat.updateConversation(
      channels['chat:update-conversation'].input.parse({ conversationId: id, webSearch: true })
    )
    const [call] = webSearch('origin of tea', [])
    rig.fake.script(
      reply([text('Let me look.'), call!], { stopReason: 'pause_turn' }),
      reply('Found it.')
    )
    await converse(rig, 'Where does tea come from?', id)
    await rig.chat.continueReply({ conversationId: id })
    await rig.chat.idle(id)
    expectValidRequests(rig.fake)
    const sent = bodyOf(rig.fake, 1).messages
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(sent[1]?.content.map((b) => b.type)).toEqual(['text', 'server_tool_use'])
  })

  test('nothing to continue after a whole answer or a refusal', async () => {
    const rig = await startRig(tempDir())
    const { id } = await rig.chat.createConversation()
    rig.fake.script(reply([text('No.')], { stopReason: 'refusal' }))
    await converse(rig, 'Something bad.', id)
    await expect(rig.chat.continueReply({ conversationId: id })).rejects.toMatchObject({
      code: 'CHAT_NOTHING_TO_CONTINUE'
    })
  })
})
