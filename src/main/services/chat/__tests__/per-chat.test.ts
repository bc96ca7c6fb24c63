import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION, ConversationSchema } from '@shared/chat/chat'
import { migrateConversation } from '../conversations/migrate'
import type { ModelOption } from '@shared/chat/models'
import { automaticModel, modelLabel, newestSonnet } from '@shared/models/model-choice'
import { AUTO_MODEL, defaultSettings, FALLBACK_MODEL, SettingsSchema } from '@shared/app/settings'
import type { ToolResult } from '@shared/memory/memory'
import { memory, reply, text } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { MEMORY_OFF_RESULT, optionsOf } from '../conversations/conversation-options'
import { buildRequest } from '../frame/request'
import { MEMORY_TOOL } from '../tools/memory/memory-provider'
import { MEMORY_OFF_SYSTEM } from '../frame/request-frame'
import { bodyOf, converse, expectValidRequests, MODEL, startRig } from './harness'

const tempDir = useTempDir('cairn-per-chat-')
const T = '2026-01-01T00:00:00.000Z'
const hello = [
  {
    id: 'u1',
    role: 'user' as const,
    createdAt: T,
    content: [{ type: 'text' as const, text: 'Hi' }]
  }
]

describe('request building per chat', () => {
  const settings = { ...defaultSettings(), customInstructions: 'Answer in British English.' }

  test("the chat's model is the request's model", () => {
    const body = buildRequest({ model: 'claude-opus-4-6', messages: hello }, settings)
    expect(body.model).toBe('claude-opus-4-6')
  })

  test('system: the global instructions first, then the memory guidance', () => {
    const body = buildRequest({ model: MODEL, messages: hello }, settings)
    expect(body.system).toBe(`Answer in British English.\n\n${settings.memoryGuidance}`)
    expect(body.tools).toEqual([MEMORY_TOOL])
  })

  test("a chat's own instructions replace the global ones; an empty override sends none", () => {
    const own = buildRequest(
      { model: MODEL, messages: hello, instructions: '  Reply in French.  ' },
      settings
    )
    expect(own.system).toBe(`Reply in French.\n\n${settings.memoryGuidance}`)
    const none = buildRequest({ model: MODEL, messages: hello, instructions: '' }, settings)
    expect(none.system).toBe(settings.memoryGuidance)
  })

  test('memory off: the tool stays listed, the guidance is replaced by "memory is off", the instructions stay', () => {
    const body = buildRequest({ model: MODEL, messages: hello }, settings, false)
    expect(body.tools).toEqual([MEMORY_TOOL])
    expect(body.system).toBe(`Answer in British English.\n\n${MEMORY_OFF_SYSTEM}`)
    const bare = buildRequest({ model: MODEL, messages: hello }, defaultSettings(), false)
    expect(bare.system).toBe(MEMORY_OFF_SYSTEM)
  })
})

describe('default model for new chats', () => {
  const sonnet = (id: string, createdAt: string, extra: Partial<ModelOption> = {}) =>
    ({ id, displayName: id, createdAt, line: 'sonnet', lifecycle: 'active', ...extra }) as const

  test('the newest active Sonnet by created_at, whatever the order', () => {
    const models: ModelOption[] = [
      { id: 'claude-opus-9', displayName: 'Opus', createdAt: '2027-01-01T00:00:00Z', line: 'opus' },
      sonnet('claude-sonnet-4-6', '2026-02-17T00:00:00Z'),
      sonnet('claude-sonnet-5-5', '2026-09-01T00:00:00Z'),
      sonnet('claude-sonnet-6', '2026-12-01T00:00:00Z', { lifecycle: 'deprecated' }),
      sonnet('claude-sonnet-5', '2026-06-01T00:00:00Z')
    ]
    expect(newestSonnet(models)).toBe('claude-sonnet-5-5')
  })

  test('a model the API puts in no line is not a Sonnet, whatever its ID', () => {
    expect(newestSonnet([sonnet('claude-sonnet-x', '2026-01-01T00:00:00Z', { line: null })])).toBe(
      null
    )
  })

  test('a list cached before the line was kept falls back on the ID', () => {
    expect(newestSonnet([{ id: 'claude-sonnet-4-6', displayName: 'S' }])).toBe('claude-sonnet-4-6')
  })

  test('no Sonnet (or no list): the fixed fallback, the newest Sonnet in the installed SDK', () => {
    expect(automaticModel([])).toBe(FALLBACK_MODEL)
    expect(FALLBACK_MODEL).toBe('claude-sonnet-5-5')
  })

  test('deprecated and retired models are flagged in their label', () => {
    expect(
      modelLabel({
        id: 'claude-sonnet-4-5',
        displayName: 'Claude Sonnet 4.5',
        lifecycle: 'deprecated',
        retiresAt: '2026-11-30T00:00:00Z'
      })
    ).toBe('Claude Sonnet 4.5 (claude-sonnet-4-5): deprecated, retires 2026-11-30')
    expect(modelLabel({ id: 'claude-2', displayName: 'claude-2', lifecycle: 'retired' })).toBe(
      'claude-2: retired, requests fail'
    )
    expect(modelLabel({ id: 'claude-x', displayName: 'X', lifecycle: 'active' })).toBe(
      'X (claude-x)'
    )
  })

  test('"Automatic" is the default for new settings; a saved model keeps meaning that model', () => {
    expect(defaultSettings().model).toBe(AUTO_MODEL)
    expect(SettingsSchema.parse({ version: 1, model: 'claude-sonnet-4-6' }).model).toBe(
      'claude-sonnet-4-6'
    )
    const old = SettingsSchema.parse({ version: 1, model: 'claude-sonnet-4-6' })
    expect(old.customInstructions).toBe('')
    expect(old.newChatMemory).toBe('on')
  })

  const newer = [
    {
      id: 'claude-sonnet-5-5',
      display_name: 'Claude Sonnet 5.5',
      created_at: '2026-09-01T00:00:00Z',
      line: 'sonnet'
    },
    {
      id: 'claude-sonnet-4-6',
      display_name: 'Claude Sonnet 4.6',
      created_at: '2026-02-17T00:00:00Z',
      line: 'sonnet'
    },
    {
      id: 'claude-sonnet-4-5',
      display_name: 'Claude Sonnet 4.5',
      created_at: '2025-09-29T00:00:00Z',
      line: 'sonnet',
      lifecycle: 'deprecated' as const,
      deprecated_at: '2026-08-01T00:00:00Z',
      retires_at: '2026-11-30T00:00:00Z'
    }
  ]

  test('with "Automatic", a new chat gets the newest Sonnet from GET /v1/models', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: newer },
      settings: (s) => (s.model = AUTO_MODEL)
    })
    expect((await rig.chat.createConversation()).model).toBe('claude-sonnet-5-5')
    const list = await rig.chat.listModels()
    expect(list.automatic).toBe('claude-sonnet-5-5')
    expect(list.models.find((m) => m.id === 'claude-sonnet-4-5')).toMatchObject({
      lifecycle: 'deprecated',
      retiresAt: '2026-11-30T00:00:00Z',
      line: 'sonnet'
    })
    // "auto" itself is never offered as a model.
    expect(list.models.map((m) => m.id)).not.toContain(AUTO_MODEL)
  })

  test('offline with nothing cached: the fixed fallback', async () => {
    const rig = await startRig(tempDir(), { settings: (s) => (s.model = AUTO_MODEL) })
    rig.apiKey.value = null
    expect((await rig.chat.createConversation()).model).toBe(FALLBACK_MODEL)
  })

  test('a model picked in Settings wins over the API', async () => {
    const rig = await startRig(tempDir(), {
      fake: { models: newer },
      settings: (s) => (s.model = 'claude-sonnet-4-6')
    })
    expect((await rig.chat.createConversation()).model).toBe('claude-sonnet-4-6')
    expect(rig.fake.requests.filter((r) => r.path === '/v1/models')).toEqual([])
  })
})

describe('per-chat model and instructions', () => {
  test('the model chosen for a chat is sent and recorded on its answer', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Bonjour.'))
    const { id } = await rig.chat.createConversation()
    await rig.chat.setModel({ conversationId: id, model: 'claude-opus-4-6' })
    await converse(rig, 'Hello', id)
    expect(bodyOf(rig.fake, 0).model).toBe('claude-opus-4-6')
    const saved = (await rig.chat.getConversation({ conversationId: id })).conversation
    expect(saved.messages.at(-1)).toMatchObject({ role: 'assistant', model: 'claude-opus-4-6' })
  })

  test('instructions: set for one chat, saved, sent; a later change is a note at the end, the system text stays', async () => {
    const rig = await startRig(tempDir(), {
      settings: (s) => (s.customInstructions = 'Be brief.')
    })
    rig.fake.script(reply('One.'), reply('Two.'))
    const { id } = await rig.chat.createConversation()
    const set = await rig.chat.updateConversation({
      conversationId: id,
      instructions: 'You are a pirate.'
    })
    expect(set).toEqual({
      conversationId: id,
      model: MODEL,
      instructions: 'You are a pirate.',
      memory: 'on',
      webSearch: false,
      webFetch: false
    })
    await converse(rig, 'Hello', id)
    expect(bodyOf(rig.fake, 0).system).toBe(`You are a pirate.\n\n${rig.settings.memoryGuidance}`)

    const chat = await rig.restart()
    expect((await chat.getConversation({ conversationId: id })).conversation.instructions).toBe(
      'You are a pirate.'
    )
    await chat.updateConversation({ conversationId: id, instructions: null })
    await converse(rig, 'Again', id)
    // The system text keeps its bytes (earlier thinking is bound to it); the change is told at the end.
    const second = bodyOf(rig.fake, 1)
    expect(second.system).toBe(`You are a pirate.\n\n${rig.settings.memoryGuidance}`)
    const last = second.messages.at(-1)!
    expect(last.role).toBe('user')
    expect(last.content[0]?.text).toContain(
      'The user changed the instructions for this chat. From now on, follow these instead of any given earlier:\n<instructions>\nBe brief.\n</instructions>'
    )
    expect(last.content.at(-1)?.text).toBe('Again')
    const unmarked = (m: { content: Array<Record<string, unknown>> }) =>
      m.content.map(({ cache_control: _marker, ...block }) => block)
    expect(unmarked(second.messages[0]!)).toEqual(unmarked(bodyOf(rig.fake, 0).messages[0]!))
    // Nothing changed since: no note on the next message.
    rig.fake.script(reply('Three.'))
    await converse(rig, 'Third', id)
    expect(
      bodyOf(rig.fake, 2)
        .messages.at(-1)
        ?.content.map((b) => b.text)
    ).toEqual(['Third'])
    expectValidRequests(rig.fake)
  })

  test('a failed save leaves the options as they were', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Hi.'))
    // Saved with its first message (an empty new chat is never written).
    const { conversationId: id } = await converse(rig, 'Hello')
    // A folder where the file goes makes the rename fail, even for root.
    const file = join(rig.dir, 'user-data', 'conversations', `${id}.json`)
    await rm(file)
    await mkdir(join(file, 'blocker'), { recursive: true })
    await expect(
      rig.chat.updateConversation({ conversationId: id, memory: 'off', instructions: 'x' })
    ).rejects.toThrow(/could not be saved/)
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    expect(optionsOf(conversation)).toMatchObject({ memory: 'on', instructions: null })
  })
})

describe('chats without memory', () => {
  test('the tool listed but answering "memory is off"; no guidance; a call never reaches memory', async () => {
    const calls: unknown[] = []
    const rig = await startRig(tempDir(), {
      settings: (s) => (s.customInstructions = 'Be kind.'),
      memory: (store) => ({
        execute: async (input, actor): Promise<ToolResult> => {
          calls.push(input)
          return store.execute(input, actor)
        }
      })
    })
    await rig.store.create({ path: '/memories/secret.md', content: 'likes tea\n' })
    rig.fake.script(
      // The model asks for memory although none was offered.
      reply([text('Looking.'), memory({ command: 'view', path: '/memories/secret.md' })]),
      reply('I have no memory here.')
    )
    const created = await rig.chat.createConversation({ memory: 'off' })
    expect(optionsOf(created).memory).toBe('off')
    const { end, conversationId } = await converse(rig, 'What do I like?', created.id)
    expect(end.event).toBe('chat:done')

    const first = bodyOf(rig.fake, 0)
    expect(first.tools).toEqual([MEMORY_TOOL])
    expect(first.system).toBe(`Be kind.\n\n${MEMORY_OFF_SYSTEM}`)
    expect(JSON.stringify(first)).not.toContain(rig.settings.memoryGuidance)
    expect(calls).toEqual([])
    const saved = (await rig.chat.getConversation({ conversationId })).conversation
    const result = saved.messages
      .flatMap((m) => (m.role === 'user' ? m.content : []))
      .find((b) => b.type === 'tool_result')
    expect(result).toMatchObject({ is_error: true, content: MEMORY_OFF_RESULT.content })
    expect(JSON.stringify(saved)).not.toContain('likes tea')
    // The list knows it is a chat without memory (and marks it).
    const listed = (await rig.chat.listConversations()).conversations
    expect(listed.find((c) => c.id === conversationId)?.memory).toBe('off')
    expectValidRequests(rig.fake)
  })

  test('the setting makes new chats start without memory; the switch turns it back on', async () => {
    const rig = await startRig(tempDir(), { settings: (s) => (s.newChatMemory = 'off') })
    rig.fake.script(reply('Off.'), reply('On.'), reply('Off again.'))
    const { id, memory: mode } = await rig.chat.createConversation()
    expect(mode).toBe('off')
    await converse(rig, 'one', id)
    expect(bodyOf(rig.fake, 0).tools).toEqual([MEMORY_TOOL])
    expect(bodyOf(rig.fake, 0).system).toBe(MEMORY_OFF_SYSTEM)
    await rig.chat.updateConversation({ conversationId: id, memory: 'on' })
    await converse(rig, 'two', id)
    // Same tools, same system: the switch is told in a note before the new message.
    expect(bodyOf(rig.fake, 1).tools).toEqual([MEMORY_TOOL])
    expect(bodyOf(rig.fake, 1).system).toBe(MEMORY_OFF_SYSTEM)
    const note = bodyOf(rig.fake, 1).messages.at(-1)?.content[0]?.text
    expect(note).toContain('Memory is on again for this chat: the memory tool works.')
    expect(note).toContain(rig.settings.memoryGuidance)
    await rig.chat.updateConversation({ conversationId: id, memory: 'off' })
    await converse(rig, 'three', id)
    expect(bodyOf(rig.fake, 2).messages.at(-1)?.content[0]?.text).toContain(
      'Memory is now off for this chat'
    )
    expectValidRequests(rig.fake)
  })
})

describe('conversation files from before per-chat options', () => {
  test('load unchanged, with memory on and the instructions from Settings', async () => {
    const dir = tempDir()
    const id = '0ddf11e5-0000-4000-8000-000000000000'
    const old = {
      version: 1,
      id,
      title: 'Old chat',
      titleSource: 'auto',
      model: 'claude-sonnet-4-6',
      createdAt: T,
      updatedAt: T,
      messages: hello
    }
    await mkdir(join(dir, 'user-data', 'conversations'), { recursive: true })
    const file = join(dir, 'user-data', 'conversations', `${id}.json`)
    await writeFile(file, JSON.stringify(old))
    // Version 1 (before spaces) reads as version 2 with nothing else changed.
    const current = { ...old, version: CONVERSATION_VERSION }
    expect(ConversationSchema.parse(migrateConversation(old))).toEqual(current)
    const rig = await startRig(dir)
    const { conversations, problems } = await rig.chat.listConversations()
    expect(problems).toEqual([])
    expect(conversations.map((c) => c.id)).toEqual([id])
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    expect(conversation).toEqual(current)
    expect(optionsOf(conversation)).toEqual({
      conversationId: id,
      model: 'claude-sonnet-4-6',
      instructions: null,
      memory: 'on',
      webSearch: false,
      webFetch: false
    })
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(old)
  })
})
