import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSettings } from '@shared/app/settings'
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicOptions
} from '../e2e/fake-anthropic'
import {
  createChatService,
  type ChatService,
  type ChatServiceOptions
} from '../src/main/services/chat'
import { createLogger } from '../src/main/services/log/logger'
import { openMemoryStore } from '../src/main/services/memory/index'

// The chat benches' rig: the real chat service and memory store on fresh temp folders, talking to
// the fake API on 127.0.0.1.

export const API_KEY = 'sk-ant-bench-0000'
export const MODEL = 'claude-sonnet-4-6'

export interface ChatRig {
  chat: ChatService
  fake: FakeAnthropic
  close(): Promise<void>
}

/** `service`: options for the chat service beyond the rig's own (its MCP servers, say). */
export async function startChatRig(
  fakeOptions: FakeAnthropicOptions = {},
  service: Partial<ChatServiceOptions> = {}
): Promise<ChatRig> {
  const base = await mkdtemp(join(tmpdir(), 'cairn-bench-chat-'))
  const fake = await startFakeAnthropic(fakeOptions)
  const store = await openMemoryStore({
    root: join(base, 'memories'),
    stateDir: join(base, 'state')
  })
  const settings = { ...defaultSettings(), model: MODEL }
  const chat = createChatService({
    dir: join(base, 'user-data'),
    settings: { get: () => ({ settings }) },
    secrets: { getApiKey: async () => API_KEY },
    memory: store,
    logger: createLogger({}),
    anthropic: { baseURL: fake.url },
    ...service
  })
  return {
    chat,
    fake,
    async close() {
      await chat.dispose()
      await store.dispose()
      await fake.close()
      await rm(base, { recursive: true, force: true })
    }
  }
}
