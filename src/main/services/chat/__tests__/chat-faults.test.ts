import { createServer } from 'node:net'
import { describe, expect, test } from 'vitest'
import { apiError, gate, reply, type StreamFault } from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { converse, expectValidRequests, startRig, type ChatRig } from './harness'

const tempDir = useTempDir('cairn-chat-faults-')

/** The user's message is on disk whatever happened to the reply. */
async function expectUserMessageKept(rig: ChatRig, conversationId: string, text: string) {
  const restarted = await rig.restart()
  const { conversation } = await restarted.getConversation({ conversationId })
  const first = conversation.messages[0]
  expect(first?.role === 'user' && first.content).toEqual([{ type: 'text', text }])
}

describe('faults that end the reply at once, with a message and a next step', () => {
  test.each([
    [401, 'auth', /API key/, /Settings/, true],
    [403, 'auth', /not allowed/, /Settings/, true],
    [404, 'model-not-found', /model/, /available model under “Model” in Settings/, false],
    [413, 'too-large', /too large/, /New chat/, false],
    [400, 'bad-request', /refused/, /New chat/, true]
  ] as const)('%i → %s', async (status, code, message, nextStep, retryable) => {
    const rig = await startRig(tempDir())
    rig.fake.script(apiError(status))
    const { end, conversationId } = await converse(rig, `Hello ${status}`)
    expect(end.event).toBe('chat:error')
    if (end.event !== 'chat:error') return
    expect(end.payload.error).toMatchObject({ code, retryable, status })
    expect(end.payload.error.message).toMatch(message)
    expect(end.payload.error.nextStep).toMatch(nextStep)
    expect(end.payload.partialKept).toBe(false)
    expect(rig.fake.messageRequests()).toHaveLength(1) // not retried on its own
    expect(rig.waits).toEqual([])
    const { conversation } = await rig.chat.getConversation({ conversationId })
    expect(conversation.messages.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'failed',
      content: [],
      error: { code }
    })
    await expectUserMessageKept(rig, conversationId, `Hello ${status}`)
  })

  test('no API key: nothing is sent; after adding one, Retry answers', async () => {
    const rig = await startRig(tempDir())
    rig.apiKey.value = null
    const { end, conversationId } = await converse(rig, 'Hi without a key')
    expect(end.event).toBe('chat:error')
    expect(end.payload).toMatchObject({ error: { code: 'no-api-key', retryable: true } })
    expect(rig.fake.messageRequests()).toHaveLength(0)
    rig.apiKey.value = 'sk-ant-api03-added-later-0000'
    rig.fake.script(reply('Now I can answer.'))
    const { turnId } = await rig.chat.retry({ conversationId })
    const retried = await rig.events.end(turnId)
    expect(retried.event).toBe('chat:done')
    const { conversation } = await rig.chat.getConversation({ conversationId })
    // The failed attempt was replaced by the answer.
    expect(conversation.messages.map((m) => m.role === 'assistant' && m.status)).toEqual([
      false,
      'complete'
    ])
  })
})

describe('faults Cairn retries on its own', () => {
  test('429 honours retry-after with a countdown, then answers', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      apiError(429, { headers: { 'retry-after': '3' } }),
      reply('Thanks for waiting.')
    )
    const { end, turnId } = await converse(rig, 'Busy?')
    expect(end.event).toBe('chat:done')
    const retrying = rig.events.of('chat:retrying').filter((r) => r.turnId === turnId)
    expect(retrying.map((r) => r.secondsLeft)).toEqual([3, 2, 1])
    expect(retrying.every((r) => r.attempt === 2 && r.maxAttempts === 4)).toBe(true)
    expect(retrying[0]?.reason).toMatchObject({ code: 'rate-limited', status: 429 })
    // The countdown waited exactly what the API asked, one second at a time.
    expect(rig.waits).toEqual([1_000, 1_000, 1_000])
    expect(rig.fake.messageRequests()).toHaveLength(2)
    expect(rig.events.text(turnId)).toBe('Thanks for waiting.')
  })

  test('retry-after-ms is honoured too; a fractional wait counts down to the second', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(apiError(429, { headers: { 'retry-after-ms': '1500' } }), reply('ok'))
    const { turnId } = await converse(rig, 'Busy?')
    expect(rig.events.of('chat:retrying').map((r) => r.secondsLeft)).toEqual([2, 1])
    expect(rig.waits).toEqual([500, 1_000])
    expect((await rig.events.end(turnId)).event).toBe('chat:done')
  })

  test('429 that never clears: gives up after the last attempt and says so', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      ...Array.from({ length: 4 }, () => apiError(429, { headers: { 'retry-after': '1' } }))
    )
    const { end, conversationId } = await converse(rig, 'Still busy?')
    expect(end.event).toBe('chat:error')
    expect(end.payload).toMatchObject({ error: { code: 'rate-limited', retryable: true } })
    if (end.event === 'chat:error') expect(end.payload.error.message).toContain('tried 4 times')
    expect(rig.fake.messageRequests()).toHaveLength(4)
    await expectUserMessageKept(rig, conversationId, 'Still busy?')
  })

  test('a retry-after longer than Cairn waits is reported instead of waited out', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(apiError(429, { headers: { 'retry-after': '3600' } }))
    const { end } = await converse(rig, 'Later?')
    expect(end.payload).toMatchObject({ error: { code: 'rate-limited' } })
    expect(rig.waits).toEqual([])
  })

  test('500 and 529 back off (each wait longer than the last), then answer', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(apiError(500), apiError(529), apiError(529), reply('Back.'))
    const { end, turnId } = await converse(rig, 'Are you there?')
    expect(end.event).toBe('chat:done')
    const reasons = rig.events
      .of('chat:retrying')
      .filter((r) => r.turnId === turnId)
      .map((r) => `${r.attempt}:${r.reason.code}:${r.reason.status}`)
    expect([...new Set(reasons)]).toEqual([
      '2:overloaded:500',
      '3:overloaded:529',
      '4:overloaded:529'
    ])
    // Backoff: the total wait before each attempt grows.
    const perAttempt = [2, 3, 4].map((attempt) =>
      rig.events
        .of('chat:retrying')
        .filter((r) => r.attempt === attempt)
        .map((r) => r.secondsLeft)
    )
    expect(perAttempt.map((ticks) => ticks[0])).toEqual(
      [...perAttempt.map((ticks) => ticks[0])].sort((a, b) => (a ?? 0) - (b ?? 0))
    )
    const totals = splitWaits(
      rig.waits,
      perAttempt.map((t) => t.length)
    )
    expect(totals[1]).toBeGreaterThan(totals[0] ?? 0)
    expect(totals[2]).toBeGreaterThan(totals[1] ?? 0)
    expectValidRequests(rig.fake)
  })

  test('an overload reported in the stream before any text is retried like a failed request', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      reply('lost', { fault: { kind: 'error-event', afterDeltas: 0 } }),
      reply('Second time lucky.')
    )
    const { end, turnId } = await converse(rig, 'Go')
    expect(end.event).toBe('chat:done')
    expect(rig.events.text(turnId)).toBe('Second time lucky.')
  })
})

describe('the network', () => {
  test('down: an offline message after one quiet retry; the message is kept; Retry works', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(
      apiError(0, { dropConnection: true }),
      apiError(0, { dropConnection: true }),
      reply('Back online.')
    )
    const { end, conversationId } = await converse(rig, 'Anyone?')
    expect(end.event).toBe('chat:error')
    expect(end.payload).toMatchObject({
      error: { code: 'offline', retryable: true, status: null },
      partialKept: false
    })
    if (end.event === 'chat:error') expect(end.payload.error.nextStep).toMatch(/internet/)
    expect(rig.fake.messageRequests()).toHaveLength(2)
    const { turnId } = await rig.chat.retry({ conversationId })
    expect((await rig.events.end(turnId)).event).toBe('chat:done')
    const { conversation } = await rig.chat.getConversation({ conversationId })
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(conversation.messages[1]).toMatchObject({ status: 'complete' })
  })

  test('no server at all (connection refused) is reported as offline', async () => {
    const port = await closedPort()
    const rig = await startRig(tempDir(), {
      service: { anthropic: { baseURL: `http://127.0.0.1:${port}` } }
    })
    const { end, conversationId } = await converse(rig, 'Hello?')
    expect(end.payload).toMatchObject({ error: { code: 'offline' } })
    await expectUserMessageKept(rig, conversationId, 'Hello?')
  })
})

describe('a reply cut short keeps what arrived and offers Retry', () => {
  test.each([
    ['the connection drops', { kind: 'cut', afterDeltas: 3 }, 'stream-cut'],
    ['the stream ends without message_stop', { kind: 'end', afterDeltas: 3 }, 'stream-cut'],
    ['malformed stream data', { kind: 'malformed', afterDeltas: 3 }, 'bad-stream'],
    ['an overload error event mid-answer', { kind: 'error-event', afterDeltas: 3 }, 'overloaded']
  ] as Array<[string, StreamFault, string]>)('%s', async (_label, fault, code) => {
    const rig = await startRig(tempDir())
    // The fault strikes once the first text is on screen: then it cannot be retried quietly.
    const shown = gate()
    rig.fake.script(
      reply('Once upon a time there was a fox.', { fault: { ...fault, gate: shown } })
    )
    const { id: conversationId } = await rig.chat.createConversation()
    const { turnId } = await rig.chat.send({ conversationId, text: 'A story please' })
    await rig.events.next('chat:delta', () => rig.events.text(turnId) === 'Once upon a ')
    shown.release()
    const end = await rig.events.end(turnId)
    expect(end.event).toBe('chat:error')
    expect(end.payload).toMatchObject({ error: { code, retryable: true }, partialKept: true })
    expect(rig.fake.messageRequests()).toHaveLength(1) // text was shown: no silent retry
    expect(rig.events.text(turnId)).toBe('Once upon a ')
    const { conversation } = await rig.chat.getConversation({ conversationId })
    expect(conversation.messages[1]).toMatchObject({
      role: 'assistant',
      status: 'failed',
      content: [{ type: 'text', text: 'Once upon a ' }],
      error: { code }
    })

    // Retry replaces the broken reply with a whole one.
    rig.fake.script(reply('Once upon a time there was a fox. The end.'))
    const retried = await rig.chat.retry({ conversationId })
    expect((await rig.events.end(retried.turnId)).event).toBe('chat:done')
    const after = (await rig.chat.getConversation({ conversationId })).conversation
    expect(after.messages).toHaveLength(2)
    expect(after.messages[1]).toMatchObject({
      status: 'complete',
      content: [{ type: 'text', text: 'Once upon a time there was a fox. The end.' }]
    })
    // The retried request asked the same question again, without the broken text.
    const messages = rig.fake.messageRequests()[1]?.body as { messages: unknown[] }
    expect(messages.messages).toHaveLength(1)
    expectValidRequests(rig.fake)
  })

  test('Retry with nothing unfinished is refused', async () => {
    const rig = await startRig(tempDir())
    rig.fake.script(reply('Complete.'))
    const { conversationId } = await converse(rig, 'Hi')
    await expect(rig.chat.retry({ conversationId })).rejects.toMatchObject({
      code: 'CHAT_NOTHING_TO_RETRY'
    })
  })

  test('send while a reply is running is refused without losing anything', async () => {
    const rig = await startRig(tempDir(), {
      service: {
        wait: (_ms, signal) =>
          new Promise((resolve) => signal.addEventListener('abort', () => resolve()))
      }
    })
    rig.fake.script(apiError(529))
    const { id } = await rig.chat.createConversation()
    const sent = await rig.chat.send({ conversationId: id, text: 'one' })
    await rig.events.next('chat:retrying', (r) => r.turnId === sent.turnId)
    await expect(rig.chat.send({ conversationId: id, text: 'two' })).rejects.toMatchObject({
      code: 'CHAT_BUSY'
    })
    await rig.chat.stop({ conversationId: id })
    const { conversation } = await rig.chat.getConversation({ conversationId: id })
    expect(conversation.messages.filter((m) => m.role === 'user')).toHaveLength(1)
  })
})

/** Groups the recorded one-second waits by attempt and sums each group. */
function splitWaits(waits: number[], counts: number[]): number[] {
  const totals: number[] = []
  let at = 0
  for (const count of counts) {
    totals.push(waits.slice(at, at + count).reduce((a, b) => a + b, 0))
    at += count
  }
  return totals
}

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}
