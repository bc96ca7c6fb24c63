import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import type { EventName } from '@shared/contract'
import { memory, reply } from '../../../../../e2e/fake-anthropic'
import { checkedEmitter, wireEvents } from '../../../ipc/events'
import { createHandlers } from '../../../ipc/handlers'
import { createIpcRegistry } from '../../../ipc/registry'
import { trustedUrlCheck } from '../../../ipc/trusted-url'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { useServicesOnFake } from '../../__tests__/services-on-fake'

// The chat channels and events as the renderer meets them: through the one registry and the
// contract-checked emitter, on the services createServices builds (memory engine included).

const tempDir = useTempDir('cairn-chat-ipc-')
const KEY = 'sk-ant-api03-ipc-test-key-4242'
const startServices = useServicesOnFake('chat-ipc')

test('send through the registry; events reach the page as the contract says; memory is written', async () => {
  const userDataDir = join(tempDir(), 'user-data')
  const { logger } = captureLogger()
  const { services, fake } = await startServices({ userDataDir, apiKey: KEY, deps: { logger } })
  const page = 'http://localhost:5173/'
  const registry = createIpcRegistry({
    handlers: createHandlers(services),
    isTrustedUrl: trustedUrlCheck({ kind: 'url', url: page }),
    logger
  })
  const sender = { url: page, isTopLevel: true }
  const sent: Array<[EventName, unknown]> = []
  let onDone: (payload: unknown) => void = () => undefined
  const done = new Promise((resolve) => (onDone = resolve))
  wireEvents(
    services,
    checkedEmitter((event, payload) => {
      sent.push([event, payload])
      if (event === 'chat:done' || event === 'chat:error') onDone(payload)
    })
  )
  const call = async (channel: string, input?: unknown) => {
    const answer = await registry.handle(channel, input, sender)
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`)
    return answer.data as Record<string, unknown>
  }

  expect(await call('secrets:test')).toMatchObject({ ok: true, code: 'ok' })
  const conversation = await call('chat:create-conversation', {})
  fake.script(
    reply([memory({ command: 'create', path: '/memories/ipc.md', file_text: 'over IPC\n' })]),
    reply('Saved it.')
  )
  const answer = await call('chat:send-message', {
    conversationId: conversation.id,
    text: 'Save a note over IPC'
  })
  expect(answer).toMatchObject({ message: { role: 'user' }, conversation: { running: true } })
  expect(await done).toMatchObject({ status: 'complete', conversation: { running: false } })
  expect(await readFile(join(userDataDir, 'memories', 'ipc.md'), 'utf8')).toBe('over IPC\n')

  const names = sent.map(([event]) => event)
  expect(names).toContain('chat:delta')
  expect(names).toContain('chat:tool')
  expect(names).toContain('chat:message')
  expect(names).toContain('memory:changed') // the inspector hears about Claude's write too
  expect(names.at(-1)).toBe('chat:done')
  expect(JSON.stringify(sent)).not.toContain(KEY)

  const listed = await call('chat:list-conversations')
  expect(listed).toMatchObject({
    conversations: [{ id: conversation.id, title: 'Save a note over IPC', messageCount: 2 }],
    problems: []
  })
  const models = await call('chat:list-models', { refresh: true })
  expect(models).toMatchObject({ source: 'api' })
  // A bad payload is an answer, not a crash, and no reply starts.
  const refused = await registry.handle(
    'chat:send-message',
    { conversationId: 'x', text: '' },
    sender
  )
  expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } })
  expect(fake.messageRequests()).toHaveLength(2)
})
