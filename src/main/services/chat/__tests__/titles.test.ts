import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { ConversationSchema, type Conversation } from '@shared/chat/chat'
import {
  apiError,
  capabilities,
  DEFAULT_MODELS,
  gate,
  modelInfo,
  NEWEST_MODELS,
  reply,
  TITLE_SYSTEM_MARK,
  type ErrorReply,
  type FakeModel
} from '../../../../../e2e/fake-anthropic'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { createConversationStore } from '../conversations/conversation-store'
import { createModelCatalog, optionOf } from '../models/models'
import { cleanTitle, createTitles, titleBasis, titleModel, TITLE_MAX_TOKENS } from '../titles'
import { converse, startRig, type ChatRig, type MessagesBody } from './harness'

const tempDir = useTempDir('cairn-chat-titles-')

const titled = (rig: ChatRig, conversationId: string) =>
  rig.events.next('chat:titled', (p) => p.conversationId === conversationId)
const logged = (rig: ChatRig, text: string) =>
  vi.waitFor(() => expect(rig.logLines.join('\n')).toContain(text), { timeout: 8_000 })
const onDisk = async (rig: ChatRig, id: string) =>
  ConversationSchema.parse(
    JSON.parse(await readFile(join(rig.dir, 'user-data', 'conversations', `${id}.json`), 'utf8'))
  )

describe('generated chat titles', () => {
  test('after the first answer a cheap model names the chat; saved, listed, announced, still renameable', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Three days suit Lyon: Vieux Lyon, Fourvière, then the markets.'))
    rig.fake.scriptTitles(reply('Title: "Three days in Lyon."'))
    const { conversationId, end } = await converse(rig, 'Plan my trip to Lyon in May, please')
    expect(end.event).toBe('chat:done')
    expect((end.payload as { conversation: { title: string } }).conversation.title).toBe(
      'Plan my trip to Lyon in May, please'
    )

    const event = await titled(rig, conversationId)
    expect(event.conversation.title).toBe('Three days in Lyon')
    const listed = (await rig.chat.listConversations()).conversations
    expect(listed.map((c) => c.title)).toEqual(['Three days in Lyon'])
    // Saved as still Cairn's own title: the person has not named it.
    expect(await onDisk(rig, conversationId)).toMatchObject({
      title: 'Three days in Lyon',
      titleSource: 'auto'
    })

    // The request: the cheapest listed model, no tools at all, a small reply, not streamed.
    const requests = rig.fake.titleRequests()
    expect(requests).toHaveLength(1)
    const body = requests[0]!.body as MessagesBody & { tools?: unknown }
    expect(requests[0]!.rejected).toBeNull()
    expect(body.model).toBe('claude-haiku-4-5-20251001')
    expect(body.tools).toBeUndefined()
    expect(body.max_tokens).toBe(TITLE_MAX_TOKENS)
    expect(body.max_tokens).toBeLessThanOrEqual(64)
    expect(body.stream).toBeUndefined()
    expect(body.system?.startsWith(TITLE_SYSTEM_MARK)).toBe(true)
    expect(JSON.stringify(body.messages)).toContain('Plan my trip to Lyon in May, please')
    expect(JSON.stringify(body.messages)).toContain('Vieux Lyon, Fourvière')
    expect(body.messages.at(-1)?.role).toBe('user')
    // Apart from the chat's requests: not counted, nothing taken from the script.
    expect(rig.fake.messageRequests()).toHaveLength(1)
    expect(rig.fake.requests.map((r) => r.body)).not.toContain(body)

    // Still the person's to rename, and their name sticks across a restart.
    await rig.chat.renameConversation({ conversationId, title: 'Lyon' })
    const chat = await rig.restart()
    expect((await chat.getConversation({ conversationId })).conversation).toMatchObject({
      title: 'Lyon',
      titleSource: 'user'
    })
  })

  /** A first answer whose title request the fake holds until `held.release()`. */
  async function titleHeld() {
    const rig = await startRig(tempDir())
    const held = gate()
    rig.fake.script(reply('Sure, here is a plan.'))
    rig.fake.scriptTitles(
      reply('Trip planning', { fault: { kind: 'hold', gate: held, afterDeltas: 0 } })
    )
    const { conversationId } = await converse(rig, 'Plan my trip')
    await vi.waitFor(() => expect(rig.fake.titleRequests()).toHaveLength(1), { timeout: 8_000 })
    return { rig, held, conversationId }
  }

  test('a rename while the title is being written wins', async () => {
    const { rig, held, conversationId } = await titleHeld()
    await rig.chat.renameConversation({ conversationId, title: 'My own name' })
    held.release()
    await logged(rig, 'chat title not used')
    expect(rig.events.of('chat:titled')).toEqual([])
    expect(await onDisk(rig, conversationId)).toMatchObject({
      title: 'My own name',
      titleSource: 'user'
    })
  })

  test('a title that cannot be saved leaves the first title in memory, logged, never shown', async () => {
    const { rig, held, conversationId } = await titleHeld()
    // A file where the conversations folder goes: the title's save fails.
    const folder = join(rig.dir, 'user-data', 'conversations')
    await rm(folder, { recursive: true })
    await writeFile(folder, 'not a folder')
    held.release()
    await logged(rig, 'chat title not saved')
    expect(rig.events.of('chat:titled')).toEqual([])
    expect((await rig.chat.getConversation({ conversationId })).conversation).toMatchObject({
      title: 'Plan my trip',
      titleSource: 'auto'
    })
  })

  const failures: Array<[string, ErrorReply]> = [
    ['a 400', apiError(400, { message: 'messages: bad' })],
    ['a wrong key (401)', apiError(401)],
    ['a 404 model', apiError(404)],
    ['overloaded (529)', apiError(529)],
    ['a dropped connection', { kind: 'error', status: 500, dropConnection: true }]
  ]
  test.each(failures)('%s leaves the first title, logged, never shown', async (_, failure) => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Here you go.'))
    rig.fake.scriptTitles(failure)
    const { conversationId, end } = await converse(rig, 'Plan my trip to Lyon')
    expect(end.event).toBe('chat:done')
    await logged(rig, 'chat title not written')
    expect(rig.fake.titleRequests()).toHaveLength(1)
    expect(rig.events.of('chat:titled')).toEqual([])
    expect(rig.events.of('chat:error')).toEqual([])
    expect((await rig.chat.getConversation({ conversationId })).conversation).toMatchObject({
      title: 'Plan my trip to Lyon',
      titleSource: 'auto'
    })
  })

  test('only the first answer is titled: not the second, nor the third', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('One.'), reply('Two.'), reply('Three.'))
    // The fake repeats the first message unless told: Cairn keeps its title and writes nothing.
    const { conversationId } = await converse(rig, 'Count with me')
    await logged(rig, 'chat title kept')
    await converse(rig, 'Go on', conversationId)
    await converse(rig, 'Once more', conversationId)
    expect(rig.fake.titleRequests()).toHaveLength(1)
    expect(rig.fake.messageRequests()).toHaveLength(3)
    expect(rig.events.of('chat:titled')).toEqual([])
    expect((await rig.chat.getConversation({ conversationId })).conversation.title).toBe(
      'Count with me'
    )
  })

  test('a renamed chat is never titled, and a stopped first answer is not', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Fine.'))
    const id = (await rig.chat.createConversation()).id
    await rig.chat.renameConversation({ conversationId: id, title: 'Mine' })
    await converse(rig, 'Hello there', id)
    const conversation = (await rig.chat.getConversation({ conversationId: id })).conversation
    expect(titleBasis(conversation)).toBeNull()
    expect(rig.fake.titleRequests()).toEqual([])
  })
})

describe('titles without the chat service', () => {
  const answered = (title = 'Plan my trip'): Conversation => ({
    version: 2,
    id: 'c0ffee00-0000-4000-8000-000000000001',
    title,
    titleSource: 'auto',
    model: 'claude-sonnet-4-6',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    messages: [
      {
        id: 'u1',
        role: 'user',
        createdAt: '2026-11-20T10:00:00.000Z',
        content: [{ type: 'text', text: 'Plan my trip' }]
      },
      {
        id: 'a1',
        role: 'assistant',
        createdAt: '2026-11-20T10:00:01.000Z',
        model: 'claude-sonnet-4-6',
        content: [{ type: 'text', text: 'Gladly.' }],
        status: 'complete',
        stopReason: 'end_turn',
        usage: null,
        error: null
      }
    ]
  })

  test('with no key nothing is asked and the title stays', async () => {
    const dir = tempDir()
    const { logger, lines } = captureLogger()
    const store = createConversationStore({ dir, logger, clock: () => new Date() })
    await store.ready()
    const conversation = answered()
    await store.save(conversation)
    const emit = vi.fn()
    const titles = createTitles({
      client: async () => null,
      models: createModelCatalog({
        dir,
        client: async () => null,
        logger,
        clock: () => new Date()
      }),
      store,
      summary: () => {
        throw new Error('not expected')
      },
      emit,
      logger
    })
    titles.afterAnswer(conversation, { kind: 'done', status: 'complete' })
    await titles.idle()
    expect(emit).not.toHaveBeenCalled()
    expect(lines.join('\n')).toContain('no API key')
    expect(store.get(conversation.id)?.title).toBe('Plan my trip')
  })

  test('what is due: the first answer of a chat still under its first-message title', () => {
    expect(titleBasis(answered())).toMatchObject({ message: 'Plan my trip', answer: 'Gladly.' })
    expect(titleBasis({ ...answered(), titleSource: 'user' })).toBeNull()
    expect(titleBasis(answered('A title written before'))).toBeNull()
    const second = answered()
    second.messages.push({ ...second.messages[0]!, id: 'u2' })
    expect(titleBasis(second)).toBeNull()
    const wordless = answered()
    wordless.messages[1] = { ...wordless.messages[1]!, content: [] } as Conversation['messages'][1]
    expect(titleBasis(wordless)).toBeNull()
  })
})

describe('which model writes titles (from the list GET /v1/models gives)', () => {
  const options = (models: FakeModel[]) => models.map((m) => optionOf(modelInfo(m) as never))

  test('the cheapest listed model by the price table', () => {
    expect(titleModel(options(DEFAULT_MODELS), 'claude-opus-4-6')).toBe('claude-haiku-4-5-20251001')
    // The newest generation: Haiku 4.5 is deprecated but still answers, and still the cheapest.
    expect(titleModel(options(NEWEST_MODELS), 'claude-opus-5-5')).toBe('claude-haiku-4-5-20251001')
    const noHaiku = DEFAULT_MODELS.filter((m) => !m.id.includes('haiku'))
    expect(titleModel(options(noHaiku), 'claude-opus-4-6')).toBe('claude-sonnet-4-6')
  })

  test('never a retired model, nor one that always thinks', () => {
    const cheap: FakeModel = {
      id: 'claude-haiku-5-5',
      display_name: 'Claude Haiku 5.5',
      created_at: '2026-11-01T00:00:00Z',
      line: 'haiku',
      capabilities: capabilities({ thinking: ['adaptive'] }),
      max_tokens: 64_000
    }
    const list = [...DEFAULT_MODELS, cheap]
    expect(titleModel(options(list), 'claude-sonnet-4-6')).toBe('claude-haiku-4-5-20251001')
    const canStop = { ...cheap, capabilities: capabilities({ thinking: ['adaptive', 'disabled'] }) }
    expect(titleModel(options([...DEFAULT_MODELS, canStop]), 'x')).toBe('claude-haiku-5-5')
    const retired = { ...canStop, lifecycle: 'retired' as const }
    expect(titleModel(options([...DEFAULT_MODELS, retired]), 'x')).toBe('claude-haiku-4-5-20251001')
  })

  test('no listed model with a known price: the chat’s own model', () => {
    const unknown = NEWEST_MODELS.filter((m) => m.id === 'claude-quill-1')
    expect(titleModel(options(unknown), 'claude-quill-1')).toBe('claude-quill-1')
    expect(titleModel([], 'claude-sonnet-4-6')).toBe('claude-sonnet-4-6')
  })
})

describe('what is kept of the answer', () => {
  test.each([
    ['Trip to Lyon', 'Trip to Lyon'],
    ['"Trip to Lyon."', 'Trip to Lyon'],
    ['Title: **Trip to Lyon**', 'Trip to Lyon'],
    ['  « Voyage à Lyon » !', 'Voyage à Lyon'],
    ['Trip to Lyon\nThis title says what the chat is about.', 'Trip to Lyon'],
    ['Tea or coffee?', 'Tea or coffee'],
    ['one two three four five six seven eight nine ten', 'one two three four five six seven eight'],
    [`${'Supercalifragilistic '.repeat(3)}words`, 'Supercalifragilistic Supercalifragilistic'],
    ['"…"', null],
    ['', null]
  ])('%j → %j', (answer, title) => {
    expect(cleanTitle(answer)).toBe(title)
  })
})
