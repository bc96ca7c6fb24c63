import { generateKeyPairSync } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import {
  memory,
  reply,
  startFakeAnthropic,
  text,
  type FakeAnthropic
} from '../../../../e2e/fake-anthropic'
import { ensurePrivateDir } from '../fs/durable'
import { createServices, type Services } from '../index'
import { memoryKeychain } from '../secrets/__tests__/memory-keychain'
import {
  anthropicKey,
  awsKeyId,
  keptTexts,
  randomOf,
  UPPER_ALNUM
} from '../memory/__tests__/kept-bytes'
import { captureLogger, useTempDir } from './helpers'

// Issue 23, "secrets never land, anywhere": one whole chat turn through the real services (chat,
// memory engine, watcher, settings, file log) and the real SDK against the fake API, in which
// Claude tries to write secrets every way the memory tool allows. Afterwards every byte Cairn keeps
// under its data folder (file names too, history's gzip records opened), every event the renderer
// would receive and every log line is searched for each secret, whole and in part: 0 hits. The
// harmless text Claude wrote in the same turn is found in those same places, so the search works.

const tempDir = useTempDir('cairn-never-land-')
const API_KEY = 'sk-ant-api03-test-key-0123456789'
const MODEL = 'claude-sonnet-4-6'

let services: Services | undefined
let fake: FakeAnthropic | undefined
afterEach(async () => {
  await services?.dispose()
  await fake?.close()
  services = fake = undefined
})

/** Real private keys, as node:crypto writes them. */
function privateKeys() {
  const rsa = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  }).privateKey
  const ec = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'sec1', format: 'pem' }
  }).privateKey
  const ed25519 = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  }).privateKey
  return { rsa, ec, ed25519 }
}

/**
 * What to look for: the secret, its JSON-escaped form, and a 24-character chunk of its random
 * middle (a partial copy, a PEM with its line breaks escaped or re-wrapped).
 */
function needlesOf(secret: string): string[] {
  const body = secret.includes('-----BEGIN')
    ? secret
        .split('\n')
        .filter((line) => line && !line.startsWith('-----'))
        .join('')
    : secret
  // Past the fixed prefix every key of a kind shares (Ed25519's PKCS#8 body starts the same);
  // a short token (an AWS key id, 20 characters) gives its 12 middle ones.
  const size = body.length >= 64 ? 24 : 12
  const from = Math.max(body.length >= 64 ? 20 : 0, Math.floor((body.length - size) / 2))
  const chunk = body.slice(from, from + size)
  expect(chunk).toHaveLength(size)
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), chunk])]
}

type Approval = 'automatic' | 'ask-all'

async function start(dir: string, mode: 'refuse' | 'redact', approval: Approval) {
  fake = await startFakeAnthropic({ apiKey: API_KEY })
  const userDataDir = join(dir, 'user-data')
  await ensurePrivateDir(join(userDataDir, 'logs'))
  const { logger, lines } = captureLogger(join(userDataDir, 'logs', 'main.log'))
  services = await createServices({
    userDataDir,
    keychain: memoryKeychain().keychain,
    keychainService: 'Cairn-never-land-test',
    openPath: async () => '',
    logger,
    env: { ANTHROPIC_API_KEY: API_KEY },
    app: { name: 'Cairn', version: 'test', platform: process.platform, electronVersion: null },
    anthropic: { baseURL: fake.url }
  })
  await services.settings.update({
    model: MODEL,
    secretGuard: { mode },
    memoryWriteApproval: approval
  })
  const conversations = join(userDataDir, 'conversations')
  // As the renderer gets them: serialized when sent (a payload's objects may change later).
  const events: string[] = []
  // The conversation file as it is while each memory command runs (it is saved before they run).
  const whileRunning: string[] = []
  const chat = services.chat
  services.chat.onEvent((event, payload) => {
    events.push(JSON.stringify({ event, payload }))
    // The user approves every card (its path and diff are in `events`).
    if (event === 'chat:approval-pending')
      chat.answerApproval({ approvalId: (payload as { id: string }).id, answer: 'approve' })
    if (event === 'chat:tool' && (payload as { status: string }).status === 'running')
      whileRunning.push(
        readdirSync(conversations)
          .map((name) => readFileSync(join(conversations, name), 'utf8'))
          .join('\n')
      )
  })
  services.memory.onChange((change) =>
    events.push(JSON.stringify({ event: 'memory:changed', change }))
  )
  return { dir, fake, services, userDataDir, lines, events, whileRunning }
}

describe('secrets Claude tries to keep never land in any file Cairn writes', () => {
  test.each([
    ['refuse', 'automatic'],
    ['redact', 'automatic'],
    ['redact', 'ask-all']
  ] as const)('%s mode, %s approval: a full chat turn', async (mode, approval) => {
    const rig = await start(tempDir(), mode, approval)
    const keys = privateKeys()
    const secrets = {
      rsa: keys.rsa,
      ec: keys.ec,
      ed25519: keys.ed25519,
      awsInText: awsKeyId(),
      anthropicInText: anthropicKey(),
      anthropicInName: anthropicKey(),
      awsInRename: awsKeyId(),
      /** In the name of a file the user saves in the folder with another program. */
      awsOutside: awsKeyId()
    }
    const memoryRoot = join(rig.userDataDir, 'memories')
    const usersFile = join(memoryRoot, `from-${secrets.awsOutside}.md`)
    await writeFile(usersFile, 'saved by another program\n')
    const control = `harmless-control-${randomOf(UPPER_ALNUM, 20)}`
    const saidControl = `said-control-${randomOf(UPPER_ALNUM, 20)}`
    rig.fake.script(
      reply([
        text(`I will remember that. ${saidControl}`),
        memory({ command: 'view', path: '/memories' }),
        memory({ command: 'create', path: '/memories/control.md', file_text: `${control}\n` }),
        memory({
          command: 'create',
          path: '/memories/keys.md',
          file_text: `# Keys\n${control}-keys\nrsa:\n${secrets.rsa}\naws_access_key_id = ${secrets.awsInText}\nanthropic: ${secrets.anthropicInText}\n`
        }),
        memory({
          command: 'create',
          path: `/memories/notes-${secrets.anthropicInName}.md`,
          file_text: `${control}-named\n`
        }),
        memory({ command: 'create', path: '/memories/plain.md', file_text: 'plain\n' }),
        memory({
          command: 'rename',
          old_path: '/memories/plain.md',
          new_path: `/memories/${secrets.awsInRename}.md`
        }),
        memory({
          command: 'str_replace',
          path: '/memories/control.md',
          old_str: control,
          new_str: `${control}\nec key:\n${secrets.ec}`
        }),
        memory({
          command: 'insert',
          path: '/memories/control.md',
          insert_line: 0,
          insert_text: `ed25519 key:\n${secrets.ed25519}`
        })
      ]),
      reply('Done.')
    )
    const { chat } = rig.services
    const { id } = await chat.createConversation()
    const sent = await chat.send({ conversationId: id, text: 'Remember these for me.' })
    const done = await new Promise<unknown>((resolve) =>
      chat.onEvent((event, payload) => {
        const ended = event === 'chat:done' || event === 'chat:error'
        if (ended && (payload as { turnId: string }).turnId === sent.turnId) resolve(payload)
      })
    )
    expect(done).toMatchObject({ status: 'complete' })
    const answers: unknown[] = [sent, await chat.getConversation({ conversationId: id })]
    answers.push(await rig.services.memory.activity())

    // Every command ran: the guard refused (or redacted) each secret, the rest was written.
    const results = rig.fake.messageRequests()[1]?.body as {
      messages: Array<{ content: Array<{ type: string; is_error?: boolean }> }>
    }
    const toolResults = results.messages.at(-1)?.content.filter((b) => b.type === 'tool_result')
    expect(toolResults?.map((r) => r.is_error)).toEqual(
      mode === 'refuse'
        ? [false, false, true, true, false, true, true, true]
        : [false, false, false, true, false, true, false, false]
    )
    expect((await readdir(memoryRoot)).sort()).toEqual(
      [
        'control.md',
        'plain.md',
        `from-${secrets.awsOutside}.md`,
        ...(mode === 'redact' ? ['keys.md'] : [])
      ].sort()
    )
    // The watcher noticed the user's file: one activity entry, its name redacted.
    await expect
      .poll(async () => JSON.stringify(await rig.services.memory.activity()), { timeout: 10_000 })
      .toContain('/memories/from-[redacted: AWS access key].md')

    // Everything closed and flushed: the index, the activity log, history, the log file.
    await rig.services.dispose()
    services = undefined

    // The user's own file is theirs to name; nothing of Cairn's may copy the name.
    const files = (await keptTexts(rig.dir)).filter((f) => !f.path.startsWith(usersFile))
    expect(files.length).toBeGreaterThan(10)
    const sources = [
      ...files,
      { path: 'log lines', text: rig.lines.join('\n') },
      { path: 'events to the renderer', text: rig.events.join('\n') },
      { path: 'conversation files while a command ran', text: rig.whileRunning.join('\n') },
      { path: 'answers to the renderer', text: JSON.stringify(answers) },
      ...rig.fake
        .messageRequests()
        .slice(1)
        .map((request, i) => ({ path: `request #${i + 1}`, text: JSON.stringify(request.body) }))
    ]
    const leaks: string[] = []
    for (const [name, secret] of Object.entries(secrets))
      for (const needle of needlesOf(secret))
        for (const source of sources)
          if (source.text.includes(needle)) leaks.push(`${name} in ${source.path}`)
    expect([...new Set(leaks)]).toEqual([])

    // The search can fail: the harmless text of the same turn is where it should be.
    const holding = (needle: string) =>
      files.filter((f) => f.text.includes(needle)).map((f) => f.path.slice(rig.dir.length + 1))
    const withControl = holding(control)
    expect(withControl).toContain(join('user-data', 'memories', 'control.md'))
    expect(withControl.some((p) => /conversations\/.+\.json$/.test(p))).toBe(true)
    expect(withControl.some((p) => /pack-\d+\.dat @\d+ \(gunzip\)$/.test(p))).toBe(true)
    expect(holding(saidControl).some((p) => /conversations\/.+\.json$/.test(p))).toBe(true)
    expect(holding('plain.md').some((p) => p.endsWith('activity.jsonl'))).toBe(true)
    expect(holding('plain.md').some((p) => p.endsWith('journal.jsonl'))).toBe(true)
    expect(rig.lines.length).toBeGreaterThan(0)
    if (approval === 'ask-all') expect(rig.events.join('\n')).toContain('chat:approval-pending')
    expect(rig.whileRunning).toHaveLength(8)
    // Claude's listing showed the user's file, its name redacted.
    const listed = holding('/memories/from-[redacted: AWS access key].md [unreadable name:')
    expect(listed.some((p) => /conversations\/.+\.json$/.test(p))).toBe(true)
    expect(rig.whileRunning.at(-1)).toContain(control)
    if (mode === 'redact') {
      const kept = await readFile(join(memoryRoot, 'keys.md'), 'utf8')
      expect(kept).toContain(`${control}-keys`)
      expect(kept).toContain('[redacted: ')
    }
  })
})
