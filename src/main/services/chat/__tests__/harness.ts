import { join } from 'node:path'
import { afterEach, expect } from 'vitest'
import { events as eventSchemas, type EventPayload } from '@shared/contract'
import { defaultSettings, type Settings } from '@shared/app/settings'
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicOptions
} from '../../../../../e2e/fake-anthropic'
import { captureLogger } from '../../__tests__/helpers'
import { openMemoryStore, type MemoryStore } from '../../memory'
import { createChatService, type ChatService, type ChatServiceOptions } from '../chat-service'
import type { ChatEventName, MemoryToolRunner } from '../types'

export const API_KEY = 'sk-ant-api03-test-key-0123456789'
export const MODEL = 'claude-sonnet-4-6'

export interface RecordedEvent<E extends ChatEventName = ChatEventName> {
  event: E
  payload: EventPayload<E>
}

/** Every chat event, checked against the contract as it arrives, with waits on what comes. */
export class EventLog {
  readonly all: RecordedEvent[] = []
  private waiters: Array<{
    test: (e: RecordedEvent) => boolean
    resolve: (e: RecordedEvent) => void
  }> = []

  push<E extends ChatEventName>(event: E, payload: EventPayload<E>): void {
    // What the renderer would receive: the payload must match the contract.
    const parsed = eventSchemas[event].safeParse(payload)
    expect(parsed.success, `${event} payload matches the contract`).toBe(true)
    const entry = { event, payload } as RecordedEvent
    this.all.push(entry)
    for (const waiter of [...this.waiters]) {
      if (waiter.test(entry)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        waiter.resolve(entry)
      }
    }
  }

  of<E extends ChatEventName>(event: E): Array<EventPayload<E>> {
    return this.all.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>)
  }

  /** The first event (already seen or still to come) of this name that passes the test. */
  next<E extends ChatEventName>(
    event: E,
    test: (payload: EventPayload<E>) => boolean = () => true
  ): Promise<EventPayload<E>> {
    const match = (e: RecordedEvent) => e.event === event && test(e.payload as EventPayload<E>)
    const seen = this.all.find(match)
    if (seen) return Promise.resolve(seen.payload as EventPayload<E>)
    return new Promise((resolve) =>
      this.waiters.push({ test: match, resolve: (e) => resolve(e.payload as EventPayload<E>) })
    )
  }

  /** How the turn ended: its chat:done or chat:error. */
  end(turnId: string): Promise<RecordedEvent<'chat:done'> | RecordedEvent<'chat:error'>> {
    const match = (e: RecordedEvent) =>
      (e.event === 'chat:done' || e.event === 'chat:error') &&
      (e.payload as { turnId: string }).turnId === turnId
    const seen = this.all.find(match)
    if (seen) return Promise.resolve(seen as RecordedEvent<'chat:done'>)
    return new Promise((resolve) =>
      this.waiters.push({ test: match, resolve: (e) => resolve(e as RecordedEvent<'chat:done'>) })
    )
  }

  text(turnId: string): string {
    return this.of('chat:delta')
      .filter((d) => d.turnId === turnId)
      .map((d) => d.text)
      .join('')
  }
}

export interface ChatRig {
  dir: string
  fake: FakeAnthropic
  chat: ChatService
  store: MemoryStore
  events: EventLog
  settings: Settings
  /** Milliseconds each retry wait asked for (no real time passes). */
  waits: number[]
  logLines: string[]
  memoryRoot: string
  apiKey: { value: string | null }
  /** A new service on the same folder, as after a restart. */
  restart(): Promise<ChatService>
}

const open: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close()
})

export async function startRig(
  dir: string,
  options: {
    fake?: FakeAnthropicOptions
    settings?: (settings: Settings) => void
    memoryLimits?: Partial<Settings['memory']>
    memory?: (store: MemoryStore) => MemoryToolRunner
    service?: Partial<ChatServiceOptions>
  } = {}
): Promise<ChatRig> {
  const fake = await startFakeAnthropic(options.fake)
  open.push(() => fake.close())
  const memoryRoot = join(dir, 'memories')
  const store = await openMemoryStore({
    root: memoryRoot,
    stateDir: join(dir, 'memory-state'),
    limits: options.memoryLimits ?? {}
  })
  open.push(() => store.dispose())
  const settings = defaultSettings()
  settings.model = MODEL
  options.settings?.(settings)
  const waits: number[] = []
  const { logger, lines } = captureLogger()
  const apiKey = { value: API_KEY as string | null }
  const events = new EventLog()
  const make = (): ChatService => {
    const chat = createChatService({
      dir: join(dir, 'user-data'),
      settings: { get: () => ({ settings }) },
      secrets: { getApiKey: async () => apiKey.value },
      memory: options.memory ? options.memory(store) : store,
      logger,
      anthropic: { baseURL: fake.url },
      wait: async (ms) => void waits.push(ms),
      ...options.service
    })
    chat.onEvent((event, payload) => events.push(event, payload))
    open.push(() => chat.dispose())
    return chat
  }
  const rig: ChatRig = {
    dir,
    fake,
    chat: make(),
    store,
    events,
    settings,
    waits,
    logLines: lines,
    memoryRoot,
    apiKey,
    async restart() {
      await rig.chat.dispose()
      rig.chat = make()
      return rig.chat
    }
  }
  return rig
}

/** Creates a conversation, sends one message and waits for the turn to end. */
export async function converse(rig: ChatRig, text: string, conversationId?: string) {
  const id = conversationId ?? (await rig.chat.createConversation()).id
  const sent = await rig.chat.send({ conversationId: id, text })
  const end = await rig.events.end(sent.turnId)
  return { conversationId: id, turnId: sent.turnId, sent, end }
}

/** Every request the fake received was valid for the real API. */
export function expectValidRequests(fake: FakeAnthropic): void {
  for (const request of fake.messageRequests())
    expect(request.rejected, 'the API would have refused this request').toBeNull()
}

export type MessagesBody = {
  model: string
  max_tokens: number
  system?: string
  tools: unknown[]
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>
  context_management?: { edits: Array<Record<string, unknown>> }
  stream: boolean
}

export function bodyOf(fake: FakeAnthropic, index: number): MessagesBody {
  const request = fake.messageRequests()[index]
  if (!request) throw new Error(`no request #${index}`)
  return request.body as MessagesBody
}
