import { describe, expect, test } from 'vitest'
import { channels } from '@shared/contract'
import { CairnError } from '@shared/errors'
import { b64, png } from '../attachments/__tests__/fixtures'
import {
  capabilities,
  memory,
  NEWEST_MODELS,
  reply,
  text,
  thinking,
  type Reply
} from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { bodyOf, converse, expectValidRequests, startRig, type ChatRig } from './harness'

// The strict API: several models, each described only by GET /v1/models (one of them known to no
// table anywhere), and a fake that refuses what each does not take, a thinking block sent back
// after its prefix changed, and a prefill. Driven through the chat service as the renderer does,
// with every input checked by the contract's schema first (as the IPC registry does).

const tempDir = useTempDir('cairn-strict-models-')

const setThinking = (rig: ChatRig, input: unknown) =>
  rig.chat.setThinking(channels['chat:set-thinking'].input.parse(input))
const setModel = (rig: ChatRig, input: unknown) =>
  rig.chat.setModel(channels['chat:set-model'].input.parse(input))
const update = (rig: ChatRig, input: unknown) =>
  rig.chat.updateConversation(channels['chat:update-conversation'].input.parse(input))

/** A reply that thinks, calls the memory tool, then answers after the result. */
function thinkAndRemember(note: string): Reply[] {
  return [
    reply([
      thinking(`I should keep "${note}".`),
      memory({ command: 'create', path: `/memories/${note}.md`, file_text: `${note}\n` })
    ]),
    reply([thinking('Saved; now answer.'), text(`Kept ${note}.`)])
  ]
}

type Body = {
  model: string
  max_tokens: number
  thinking?: { type: string; display?: string; budget_tokens?: number }
  output_config?: { effort?: string }
}

describe('the strict API: models known only by their capabilities', () => {
  test('setModel, setThinking, updateConversation and send across several models: every request accepted, thinking shown, effort sent', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: NEWEST_MODELS },
      settings: (s) => {
        s.model = 'auto'
        s.maxTokens = 64_000
      }
    })
    // "Automatic" is the newest Sonnet the API lists.
    const { id } = await rig.chat.createConversation()
    expect((await rig.chat.getConversation({ conversationId: id })).conversation.model).toBe(
      'claude-sonnet-5-5'
    )
    const bodies = () => rig.fake.messageRequests().map((r) => r.body as Body)

    // 1. Sonnet 5.5: adaptive thinking at high effort, through a memory tool round.
    await setThinking(rig, { conversationId: id, thinking: { enabled: true, effort: 'high' } })
    rig.fake.script(...thinkAndRemember('tea'))
    const first = await converse(rig, 'Remember tea.', id)
    expect(first.end.event).toBe('chat:done')
    expect(bodies().at(-1)).toMatchObject({
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'high' },
      max_tokens: 64_000
    })

    // 2. New instructions and memory off between turns: the prefix stays, the change is a note.
    await update(rig, { conversationId: id, instructions: 'Answer like a sailor.' })
    rig.fake.script(reply([thinking('Sailor talk.'), text('Aye.')]))
    await converse(rig, 'Hello again.', id)
    await update(rig, { conversationId: id, memory: 'off' })
    rig.fake.script(
      reply([thinking('Memory is off.'), memory({ command: 'view', path: '/memories' })]),
      reply([text('No memory here.')])
    )
    await converse(rig, 'What do you remember?', id)
    expectValidRequests(rig.fake)

    // 3. A model no table knows: its own limits and levels.
    await setModel(rig, { conversationId: id, model: 'claude-quill-1' })
    await setThinking(rig, { conversationId: id, thinking: { enabled: true, effort: 'medium' } })
    rig.fake.script(reply([thinking('Quill thinks.'), text('Quill answers.')]))
    await converse(rig, 'And you?', id)
    expect(bodies().at(-1)).toMatchObject({
      model: 'claude-quill-1',
      max_tokens: 16_000,
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'medium' }
    })
    // A level it does not offer is refused, and said why.
    const refused = await setThinking(rig, {
      conversationId: id,
      thinking: { enabled: true, effort: 'max' }
    }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CairnError)
    expect((refused as CairnError).detail).toContain('takes low, medium, high')

    // 4. Thinking off where `disabled` is refused: between_tools, effort still sent.
    await setModel(rig, { conversationId: id, model: 'claude-opus-5-5' })
    await setThinking(rig, { conversationId: id, thinking: { enabled: false, effort: 'low' } })
    rig.fake.script(reply([text('Opus, briefly.')]))
    await converse(rig, 'Short one.', id)
    expect(bodies().at(-1)).toMatchObject({
      thinking: { type: 'between_tools' },
      output_config: { effort: 'low' }
    })

    // 5. A model that always thinks: asked for adaptive (shown), the chat's effort fitted to it.
    await setModel(rig, { conversationId: id, model: 'claude-mythos-5-2' })
    rig.fake.script(reply([thinking('Always thinking.'), text('Mythos answers.')]))
    await converse(rig, 'Deep one.', id)
    expect(bodies().at(-1)).toMatchObject({
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'medium' }
    })

    // 6. A model that takes only a budget.
    await setModel(rig, { conversationId: id, model: 'claude-haiku-4-5-20251001' })
    await setThinking(rig, { conversationId: id, thinking: { enabled: true, budgetTokens: 3000 } })
    rig.fake.script(...thinkAndRemember('cake'))
    await update(rig, { conversationId: id, memory: 'on' })
    await converse(rig, 'Remember cake.', id)
    expect(bodies().at(-1)).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 3000 } })
    expect(bodies().at(-1)).not.toHaveProperty('output_config')

    // 7. Back to Sonnet 5.5 with thinking, twice: its old thinking and the new all accepted.
    await setModel(rig, { conversationId: id, model: 'claude-sonnet-5-5' })
    await setThinking(rig, { conversationId: id, thinking: { enabled: true, effort: 'xhigh' } })
    rig.fake.script(...thinkAndRemember('jam'), reply([thinking('Last.'), text('Done.')]))
    await converse(rig, 'Remember jam.', id)
    await update(rig, { conversationId: id, instructions: null })
    await converse(rig, 'Thanks.', id)
    expect(bodies().at(-1)).toMatchObject({ output_config: { effort: 'xhigh' } })

    // Every request was one the API takes, and thinking was shown every time it came.
    expectValidRequests(rig.fake)
    expect(rig.fake.messageRequests().every((r) => r.rejected === null)).toBe(true)
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    const thoughts = conversation.messages.flatMap((m) =>
      m.role === 'assistant' ? m.content.filter((b) => b.type === 'thinking') : []
    )
    expect(thoughts.length).toBeGreaterThanOrEqual(10)
    for (const block of thoughts) expect(block.type === 'thinking' && block.thinking).not.toBe('')
    expect(
      rig.events
        .of('chat:thinking')
        .map((e) => e.text)
        .join('')
    ).toContain('Quill thinks.')
    // The system prompt never changed: every block's prefix held.
    const systems = new Set(
      rig.fake.messageRequests().map((_, i) => JSON.stringify(bodyOf(rig.fake, i).system))
    )
    expect(systems.size).toBe(1)
  })

  test("a model the API describes nothing of: no thinking, no effort, Settings' reply limit", async () => {
    const models = NEWEST_MODELS.map((m) =>
      m.id === 'claude-quill-1' ? { ...m, capabilities: null, max_tokens: null } : m
    )
    const rig = await startRig(tempDir(), { fake: { models } })
    const { id } = await rig.chat.createConversation({ model: 'claude-quill-1' })
    await expect(
      setThinking(rig, { conversationId: id, thinking: { enabled: true, effort: 'high' } })
    ).rejects.toThrow(/could not learn what Claude Quill 1 takes/)
    rig.fake.script(reply('Plain.'))
    await converse(rig, 'Hi', id)
    const body = bodyOf(rig.fake, 0) as unknown as Body
    expect(body.max_tokens).toBe(rig.settings.maxTokens)
    expect(body).not.toHaveProperty('thinking')
    expect(body).not.toHaveProperty('output_config')
    expectValidRequests(rig.fake)
  })

  test('a chat on a retired model is told so before anything is sent', async () => {
    const rig = await startRig(tempDir(), { fake: { models: NEWEST_MODELS } })
    const { id } = await rig.chat.createConversation({ model: 'claude-sonnet-4-5' })
    const { end } = await converse(rig, 'Hello?', id)
    expect(end.event).toBe('chat:error')
    expect(end.payload).toMatchObject({
      error: {
        code: 'model-not-found',
        message:
          'Claude Sonnet 4.5 was retired on 2026-09-29: Anthropic no longer answers requests to it.'
      }
    })
    expect(rig.fake.messageRequests()).toHaveLength(0)
    // The newest of its line is one switch away, and then it answers.
    await setModel(rig, { conversationId: id, model: 'claude-sonnet-5-5' })
    rig.fake.script(reply('Here now.'))
    await rig.chat.retry({ conversationId: id })
    await rig.chat.idle(id)
    expectValidRequests(rig.fake)
    expect(rig.fake.messageRequests()).toHaveLength(1)
  })

  test('an image for a model that reads none is refused before sending, and said why', async () => {
    const models = NEWEST_MODELS.map((m) =>
      m.id === 'claude-quill-1'
        ? { ...m, capabilities: capabilities({ thinking: ['adaptive', 'disabled'], image: false }) }
        : m
    )
    const rig = await startRig(tempDir(), { fake: { models } })
    const { id } = await rig.chat.createConversation({ model: 'claude-quill-1' })
    const { attachment } = await rig.chat.attachments.add({
      name: 'chart.png',
      data: b64(await png(20, 20))
    })
    await expect(
      rig.chat.send({ conversationId: id, text: 'Look', attachments: [attachment] })
    ).rejects.toThrow(/Claude Quill 1 does not read images, so “chart.png” cannot go/)
    expect(rig.fake.messageRequests()).toHaveLength(0)
  })
})
