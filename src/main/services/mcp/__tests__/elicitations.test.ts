import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { ElicitationResolved, PendingElicitation } from '@shared/mcp/elicitation'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { createElicitationDesk, type ElicitationDesk } from '../elicitations'
import type { McpHub } from '../hub'
import {
  EVERYTHING_BIN,
  makeHub,
  stdioConfig,
  waitForStatus,
  writeFixtureServer
} from './mcp-test-kit'

/*
 * Elicitation end to end in main: the real server-everything over stdio asks for its form during
 * `trigger-elicitation-request`, the question waits on the desk (tied to the chat whose call is
 * running), and each answer (Submit, Decline, Cancel) reaches the server: its tool result says
 * what it got. Stop, the server going away, and the server's own timeout close the question.
 */

const node = process.execPath
const tempDir = useTempDir('cairn-elicit-')
const CHAT = 'chat-elicit-0001'
const TOOL = 'trigger-elicitation-request'
let hub: McpHub | undefined
afterEach(async () => {
  await hub?.dispose()
  hub = undefined
})

function desk(): ElicitationDesk {
  return createElicitationDesk({
    serverName: (id) => `Server ${id}`,
    logger: captureLogger().logger
  })
}

function next<E extends 'mcp:elicitation-pending' | 'mcp:elicitation-resolved'>(
  on: ElicitationDesk,
  event: E
): Promise<E extends 'mcp:elicitation-pending' ? PendingElicitation : ElicitationResolved> {
  return new Promise((resolve) => {
    const off = on.onEvent((told) => {
      if (told.event !== event) return
      off()
      resolve(told.payload as never)
    })
  })
}

/** server-everything connected with the desk as its elicit hook. */
async function everything(questions: ElicitationDesk, id = 'everything'): Promise<McpHub> {
  hub = makeHub(join(tempDir(), 'logs'), {
    elicit: (server, request, signal) => questions.ask(server, request, signal)
  })
  hub.configure([stdioConfig(id, node, [EVERYTHING_BIN, 'stdio'])])
  await waitForStatus(hub, id, (s) => s.state === 'connected')
  return hub
}

/** The tool called for CHAT; resolves with the question it asks and the call's result. */
async function askDuringCall(questions: ElicitationDesk, stop = new AbortController()) {
  const release = questions.track('everything', { conversationId: CHAT, signal: stop.signal })
  const asked = next(questions, 'mcp:elicitation-pending')
  const call = hub!
    .callTool('everything', TOOL, {}, { signal: stop.signal })
    .then((result) => JSON.stringify(result.content))
    .finally(release)
  return { pending: await asked, text: call }
}

describe('elicitation with server-everything over stdio', () => {
  it('shows its form in the chat of the call; Submit sends the answers, which the server says back', async () => {
    const questions = desk()
    await everything(questions)
    const { pending, text } = await askDuringCall(questions)
    expect(pending).toMatchObject({
      conversationId: CHAT,
      server: 'everything',
      serverName: 'Server everything',
      message: 'Please provide inputs for the following fields:'
    })
    const field = (name: string) => pending.fields.find((f) => f.name === name)
    expect(field('name')).toMatchObject({ kind: 'text', title: 'String', required: true })
    expect(field('email')).toMatchObject({ kind: 'text', format: 'email', required: false })
    expect(field('integer')).toMatchObject({
      kind: 'number',
      integer: true,
      minimum: 1,
      maximum: 100
    })
    expect(field('check')).toMatchObject({ kind: 'boolean' })
    expect(field('titledSingleSelectEnum')).toMatchObject({
      kind: 'choice',
      options: [
        { value: 'hero-1', title: 'Superman' },
        { value: 'hero-2', title: 'Green Lantern' },
        { value: 'hero-3', title: 'Wonder Woman' }
      ]
    })
    expect(field('legacyTitledEnum')).toMatchObject({
      kind: 'choice',
      options: expect.arrayContaining([{ value: 'pet-2', title: 'Dogs' }])
    })
    expect(field('titledMultipleSelectEnum')).toMatchObject({
      kind: 'choices',
      minItems: 1,
      maxItems: 3
    })
    expect(questions.list(CHAT)).toEqual([pending])

    // An answer that does not fit is refused in main with each reason; the form stays.
    const id = pending.id
    expect(() =>
      questions.answer({
        elicitationId: id,
        action: 'accept',
        content: { email: 'nope', integer: 500 }
      })
    ).toThrow(
      /String: this field is required.*String with email format: enter an email address.*Integer: enter a number from 1 to 100/
    )
    expect(questions.list()).toHaveLength(1)

    const resolved = next(questions, 'mcp:elicitation-resolved')
    const content = { name: 'Ada Lovelace', check: true, email: 'ada@example.com', integer: 7 }
    expect(questions.answer({ elicitationId: id, action: 'accept', content })).toEqual({
      status: 'answered'
    })
    expect(await resolved).toEqual({ elicitationId: id, conversationId: CHAT, outcome: 'accepted' })
    const said = await text
    expect(said).toContain('User provided the requested information')
    expect(said).toContain('- Name: Ada Lovelace')
    expect(said).toContain('- Email: ada@example.com')
    expect(said).toContain('- Favorite Integer: 7')
    expect(questions.list()).toEqual([])
    // Answered once: a second answer finds nothing.
    expect(questions.answer({ elicitationId: id, action: 'decline' })).toEqual({ status: 'gone' })
  })

  it('Decline and Cancel each reach the server', async () => {
    const questions = desk()
    await everything(questions)
    const declined = await askDuringCall(questions)
    questions.answer({ elicitationId: declined.pending.id, action: 'decline' })
    expect(await declined.text).toContain('User declined to provide the requested information')

    const cancelled = await askDuringCall(questions)
    questions.answer({ elicitationId: cancelled.pending.id, action: 'cancel' })
    expect(await cancelled.text).toContain('User cancelled the elicitation dialog')
  })

  it('Stop on the turn cancels the question', async () => {
    const questions = desk()
    await everything(questions)
    const stop = new AbortController()
    const { pending, text } = await askDuringCall(questions, stop)
    const resolved = next(questions, 'mcp:elicitation-resolved')
    stop.abort()
    expect(await resolved).toMatchObject({ elicitationId: pending.id, outcome: 'stopped' })
    await expect(text).rejects.toThrow()
    expect(questions.list()).toEqual([])
  })

  it('a server that goes away closes its question', async () => {
    const questions = desk()
    await everything(questions)
    const { pending, text } = await askDuringCall(questions)
    const resolved = next(questions, 'mcp:elicitation-resolved')
    void hub!.restart('everything')
    expect(await resolved).toMatchObject({ elicitationId: pending.id, outcome: 'withdrawn' })
    await expect(text).rejects.toThrow()
    expect(questions.list()).toEqual([])
  })

  it('a question asked with no call of that server running shows in whichever chat is open', async () => {
    const questions = desk()
    await everything(questions)
    const asked = next(questions, 'mcp:elicitation-pending')
    const call = hub!.callTool('everything', TOOL, {}, { signal: new AbortController().signal })
    const pending = await asked
    expect(pending.conversationId).toBeNull()
    questions.answer({ elicitationId: pending.id, action: 'decline' })
    expect(JSON.stringify((await call).content)).toContain('User declined')
  })
})

describe('the call clock while a form waits', () => {
  it('does not time out a call while its server waits on the user', async () => {
    const questions = desk()
    const fixture = await writeFixtureServer(tempDir())
    hub = makeHub(join(tempDir(), 'logs'), {
      callTimeoutMs: 300,
      elicit: (server, request, signal) => questions.ask(server, request, signal)
    })
    hub.configure([
      stdioConfig('everything', node, [EVERYTHING_BIN, 'stdio']),
      stdioConfig('slow', node, [fixture])
    ])
    await waitForStatus(hub, 'everything', (s) => s.state === 'connected')
    await waitForStatus(hub, 'slow', (s) => s.state === 'connected')
    const { pending, text } = await askDuringCall(questions)
    // Another call with the same timeout, started after the form appeared, has run out of time:
    // at least that long has passed with the form waiting.
    await expect(
      hub.callTool('slow', 'wait-for-cancel', {}, { signal: new AbortController().signal })
    ).rejects.toThrow('did not finish the tool "wait-for-cancel"')
    questions.answer({ elicitationId: pending.id, action: 'decline' })
    expect(await text).toContain('User declined to provide the requested information')
  })
})

describe('elicitation from a server with its own clock', () => {
  it('says the server stopped waiting when its time runs out', async () => {
    const questions = desk()
    const script = await writeBriefAsker(tempDir())
    hub = makeHub(join(tempDir(), 'logs'), {
      elicit: (server, request, signal) => questions.ask(server, request, signal)
    })
    hub.configure([stdioConfig('brief', node, [script])])
    await waitForStatus(hub, 'brief', (s) => s.state === 'connected')
    const asked = next(questions, 'mcp:elicitation-pending')
    const resolved = next(questions, 'mcp:elicitation-resolved')
    const call = hub.callTool('brief', 'ask-briefly', {}, { signal: new AbortController().signal })
    const pending = await asked
    expect(await resolved).toMatchObject({ elicitationId: pending.id, outcome: 'timed-out' })
    expect(JSON.stringify((await call).content)).toContain('no answer in time')
  })

  it('refuses a form larger than it shows, and the server hears why', async () => {
    const questions = desk()
    const script = await writeBriefAsker(tempDir())
    hub = makeHub(join(tempDir(), 'logs'), {
      elicit: (server, request, signal) => questions.ask(server, request, signal)
    })
    hub.configure([stdioConfig('brief', node, [script])])
    await waitForStatus(hub, 'brief', (s) => s.state === 'connected')
    const result = await hub.callTool(
      'brief',
      'ask-wide',
      {},
      { signal: new AbortController().signal }
    )
    expect(JSON.stringify(result.content)).toContain(
      'Cairn cannot show this form: the form has 60 fields; Cairn shows at most 50.'
    )
    expect(questions.list()).toEqual([])
  })
})

const require = createRequire(import.meta.url)
const SDK_SERVER = dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'))
const SDK_TYPES = pathToFileURL(join(SDK_SERVER, '..', 'types.js')).href

/**
 * A server whose `ask-briefly` waits 300 ms for an answer (server-everything waits ten minutes)
 * and whose `ask-wide` asks for more fields than a form shows.
 */
async function writeBriefAsker(dir: string): Promise<string> {
  const sdk = (file: string): string => pathToFileURL(join(SDK_SERVER, file)).href
  const script = join(dir, 'brief-asker.mjs')
  await writeFile(
    script,
    `
import { McpServer } from ${JSON.stringify(sdk('mcp.js'))}
import { StdioServerTransport } from ${JSON.stringify(sdk('stdio.js'))}
import { ElicitResultSchema } from ${JSON.stringify(SDK_TYPES)}
const server = new McpServer({ name: 'brief', version: '1.0.0' })
const text = (t) => ({ content: [{ type: 'text', text: t }] })
const ask = (extra, properties, timeout) =>
  extra.sendRequest({ method: 'elicitation/create', params: { message: 'Your name?', requestedSchema: { type: 'object', properties } } }, ElicitResultSchema, { timeout })
server.registerTool('ask-briefly', {}, async (extra) => {
  try { return text(JSON.stringify(await ask(extra, { name: { type: 'string' } }, 300))) }
  catch (error) { return text('no answer in time: ' + error.message) }
})
const wide = Object.fromEntries(Array.from({ length: 60 }, (_, i) => ['field' + i, { type: 'string' }]))
server.registerTool('ask-wide', {}, async (extra) => {
  try { return text(JSON.stringify(await ask(extra, wide, 60000))) }
  catch (error) { return text(error.message) }
})
await server.connect(new StdioServerTransport())
`
  )
  return script
}
