import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  channelNames,
  channels,
  EnvelopeSchema,
  type ChannelName,
  type Envelope
} from '@shared/contract'
import { ErrorCodeSchema } from '@shared/errors'
import { defaultSettings } from '@shared/app/settings'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { createServices, type Services } from '../../services'
import { createAppService } from '../../services/app/app-service'
import { createLogger, type Logger } from '../../services/log/logger'
import type { Keychain } from '../../services/secrets/keychain'
import { createHandlers } from '../handlers'
import { createIpcRegistry, type Handlers, type IpcRegistry, type SenderInfo } from '../registry'
import { trustedUrlCheck } from '../trusted-url'
import { startOAuthServer, type OAuthTestServer } from '../../services/mcp/__tests__/oauth-server'
import { EVERYTHING_BIN } from '../../services/mcp/__tests__/mcp-test-kit'
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../../../e2e/fake-anthropic'
import { helloBundle } from '../../services/mcp/__tests__/bundle-kit'

/** The keychain is not under test here: an in-memory one with the same interface. */
function memoryKeychain(): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password)
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`)
  }
}

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'

const RENDERER_ROOT = join(tmpdir(), 'cairn-app', 'out', 'renderer')
const RENDERER_PATH = join(RENDERER_ROOT, 'index.html')
const TRUSTED: SenderInfo = { url: 'app://cairn/index.html', isTopLevel: true }

let dir: string
let services: Services
let keychain: ReturnType<typeof memoryKeychain>
let logLines: string[]
let logger: Logger
let openedFolders: string[]
let copied: string[]
let openedLinks: string[]
/** The Anthropic API the services talk to (sync:configure creates a Memory Store there). */
let fake: FakeAnthropic

let importPick: string | null = null

beforeEach(async () => {
  importPick = null
  dir = await mkdtemp(join(tmpdir(), 'cairn-registry-'))
  keychain = memoryKeychain()
  logLines = []
  openedFolders = []
  copied = []
  openedLinks = []
  logger = createLogger({ sink: (line) => logLines.push(line) })
  fake = await startFakeAnthropic()
  services = await createServices({
    userDataDir: join(dir, 'user-data'),
    keychain,
    keychainService: 'cairn-registry-test',
    openPath: async (path) => {
      openedFolders.push(path)
      return ''
    },
    chooseSavePath: async ({ defaultName }) => join(dir, defaultName),
    writeClipboard: (text) => void copied.push(text),
    openExternal: async (url) => void openedLinks.push(url),
    // The OS open dialog, cancelled: nothing picked.
    pickFiles: async () => [],
    pickFolder: async () => null,
    // Import's open dialog: the file a test put here, else cancelled.
    chooseOpenFile: async () => importPick,
    logger,
    env: {},
    app: { name: 'Cairn', version: '1.2.3', platform: 'linux', electronVersion: null },
    anthropic: { baseURL: fake.url }
  })
})

/** A remote server that wants a sign-in (mcp:sign-in's valid call starts one). */
let oauthServer: OAuthTestServer | null = null

afterEach(async () => {
  await services.dispose()
  await oauthServer?.close()
  oauthServer = null
  await fake.close()
  await rm(dir, { recursive: true, force: true })
})

function registryWith(overrides: Partial<Handlers> = {}): IpcRegistry {
  return createIpcRegistry({
    handlers: { ...createHandlers(services), ...overrides },
    isTrustedUrl: trustedUrlCheck({ kind: 'app', root: RENDERER_ROOT }),
    logger
  })
}

/** Every handler wrapped in a spy, so a test can prove a refused call never reached a service. */
function spiedHandlers() {
  const real = createHandlers(services)
  const spies = Object.fromEntries(
    channelNames.map((channel) => [channel, vi.fn(real[channel] as (input: unknown) => unknown)])
  ) as unknown as { [C in ChannelName]: ReturnType<typeof vi.fn> }
  return { handlers: spies as unknown as Handlers, spies }
}

function expectFailure(
  answer: Envelope,
  code?: string,
  label = ''
): { code: string; message: string } {
  expect(EnvelopeSchema.safeParse(answer).success, label).toBe(true)
  expect(answer.ok, label).toBe(false)
  if (answer.ok) throw new Error('expected a failure')
  expect(ErrorCodeSchema.safeParse(answer.error.code).success).toBe(true)
  expect(typeof answer.error.message).toBe('string')
  expect(answer.error.message.length).toBeGreaterThan(0)
  expect(Object.keys(answer.error).sort()).toEqual(['code', 'message'])
  if (code) expect(answer.error.code).toBe(code)
  return answer.error
}

/** Calls handle and fails the test if it throws or rejects instead of answering. */
async function answer(
  registry: IpcRegistry,
  channel: unknown,
  input: unknown,
  sender: SenderInfo | null = TRUSTED
): Promise<Envelope> {
  let result: Envelope | undefined
  let thrown: unknown = null
  try {
    result = await registry.handle(channel, input, sender)
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeNull()
  if (!result) throw new Error('handle answered nothing')
  return result
}

const HUGE = 'x'.repeat(1_000_000)
const OVER_FILE_CAP = 'x'.repeat(10 * 1024 * 1024 + 1)
/** A well-formed conversation id (no such conversation exists). */
const ID = '3f2c8a6e-1b4d-4c2a-9e7f-0a1b2c3d4e5f'
/** A well-formed approval id (nothing waits under it). */
const APPROVAL = '7d1e5b9a-2c3f-4a8b-9d6e-1f2a3b4c5d6e'
const circular: Record<string, unknown> = { a: 1 }
circular.self = circular

/** Garbage that no channel accepts. */
const universalGarbage: Array<[string, unknown]> = [
  ['null', null],
  ['zero', 0],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['true', true],
  ['false', false],
  ['empty string', ''],
  ['string', 'hello'],
  ['huge string', HUGE],
  ['empty array', []],
  ['array of numbers', [1, 2, 3]],
  ['array of objects', [{ apiKey: 'abcdefgh12345' }, { maxTokens: 5 }]],
  ['function', () => 'x'],
  ['symbol', Symbol('x')],
  ['bigint', 10n],
  ['__proto__ pollution', JSON.parse('{"__proto__":{"polluted":1}}')],
  ['constructor pollution', { constructor: { prototype: { polluted: 1 } } }],
  ['unknown key', { totallyUnknown: true }],
  ['nested garbage', { a: [{ b: [[null, { c: () => 1 }]] }], d: new Map([[1, 2]]) }],
  ['circular', circular]
]

/** Per channel: the universal garbage plus what is wrong for that channel in particular. */
const specificGarbage: Record<ChannelName, Array<[string, unknown]>> = {
  'app:info': [],
  'app:diagnostics': [],
  'app:open-memory-folder': [],
  'app:take-links': [],
  'app:crash-report': [],
  'app:copy-text': [
    ['no text', {}],
    ['text number', { text: 42 }],
    ['text over the cap', { text: 'x'.repeat(1_000_001) }],
    ['extra key', { text: 'a', html: '<b>a</b>' }]
  ],
  'app:open-external': [
    ['no url', {}],
    ['http:', { url: 'http://example.com/' }],
    ['javascript:', { url: 'javascript:alert(1)', confirmed: true }],
    ['file:', { url: 'file:///etc/passwd', confirmed: true }],
    ['credentials', { url: 'https://bank.example@evil.example/', confirmed: true }],
    ['overlong', { url: `https://example.com/${'a'.repeat(4_096)}`, confirmed: true }],
    ['confirmed not boolean', { url: 'https://example.com/', confirmed: 'yes' }],
    ['extra key', { url: 'https://example.com/', target: '_blank' }]
  ],
  'secrets:status': [],
  'secrets:clear-api-key': [],
  'settings:get': [],
  'memory:usage': [],
  'memory:space-settings': [],
  'memory:copy-to-space': [
    ['no target', { path: '/memories/a.md', move: false }],
    ['target with a path', { path: '/memories/a.md', to: '../x', move: false }],
    ['move not boolean', { path: '/memories/a.md', to: 'project-a', move: 'yes' }],
    ['an empty path', { path: '', to: 'project-a', move: false }]
  ],
  'memory:search-all': [
    ['no query', {}],
    ['empty query', { query: '' }],
    ['a page (each space pages itself)', { query: 'a', offset: 10 }],
    ['a space (it searches all)', { query: 'a', space: 'default' }]
  ],
  'memory:update-space-settings': [
    ['no section', {}],
    ['a section spaces do not have', { section: 'theme', value: 'dark' }],
    ['an approval that is not one', { section: 'memoryWriteApproval', value: 'x' }],
    ['caps below their floor', { section: 'memory', value: { maxFiles: 0 } }],
    ['pins null', { section: 'pinned', value: null }]
  ],
  'memory:sweep': [],
  'memory:archive-list': [],
  'memory:scan-secrets': [],
  'memory:list': [
    ['path number', { path: 1 }],
    ['path null', { path: null }],
    ['path huge', { path: '/memories/' + HUGE }],
    ['limit over the max', { limit: 2001 }],
    ['limit zero', { limit: 0 }],
    ['cursor number', { cursor: 3 }],
    ['extra key', { path: '/memories', offset: 10 }]
  ],
  'memory:read': [
    ['empty object', {}],
    ['path array', { path: ['/memories/a.md'] }],
    ['extra key', { path: '/memories/a.md', mode: 'raw' }],
    ['refresh not a boolean', { path: '/memories/a.md', refresh: 'yes' }]
  ],
  'memory:write': [
    ['no content', { path: '/memories/a.md' }],
    ['content number', { path: '/memories/a.md', content: 5 }],
    ['hash number', { path: '/memories/a.md', content: 'x', expectedHash: 1 }],
    ['secrets choice unknown', { path: '/memories/a.md', content: 'x', secrets: 'ignore' }],
    ['content over the largest file cap', { path: '/memories/a.md', content: OVER_FILE_CAP }]
  ],
  'memory:create': [
    ['no path', { content: 'x' }],
    ['kind unknown', { path: '/memories/a.md', content: 'x', kind: 'socket' }],
    ['content over the largest file cap', { path: '/memories/a.md', content: OVER_FILE_CAP }]
  ],
  'memory:rename': [
    ['no target', { from: '/memories/a.md' }],
    ['old names', { old_path: '/memories/a.md', new_path: '/memories/b.md' }]
  ],
  'memory:delete': [
    ['empty object', {}],
    ['path object', { path: { toString: () => '/memories' } }]
  ],
  'memory:activity': [
    ['negative offset', { offset: -1 }],
    ['limit too big', { limit: 501 }],
    ['actor unknown', { actor: 'robot' }]
  ],
  'memory:expiry-preview': [
    ['empty object', {}],
    ['days negative', { days: -1 }],
    ['days fraction', { days: 1.5 }]
  ],
  'memory:archive-restore': [
    ['empty object', {}],
    ['empty archive id', { archiveId: '', path: '/memories/a.md' }],
    ['extend without a date', { archiveId: 'x', path: '/memories/a.md', expires: 'extend' }],
    ['a date that is not one', { archiveId: 'x', path: '/memories/a.md', until: 'soon' }]
  ],
  'memory:archive-restore-all': [
    ['empty object', {}],
    ['empty archive id', { archiveId: '' }],
    ['extra key', { archiveId: 'x', path: '/memories/a.md' }]
  ],
  'memory:history': [
    ['empty object', {}],
    ['path number', { path: 7 }]
  ],
  'memory:cap-impact': [
    ['cap below its range', { maxFileBytes: 5 }],
    ['cap as text', { maxTotalBytes: '1 MB' }],
    ['cap fraction', { maxFiles: 2.5 }],
    ['read cap is not checked here', { maxReadChars: 5000 }]
  ],
  'memory:archive': [
    ['empty object', {}],
    ['no paths', { paths: [] }],
    ['path not text', { paths: [7] }],
    ['too many paths', { paths: Array.from({ length: 501 }, (_, i) => `/memories/${i}.md`) }],
    ['extra key', { paths: ['/memories/a.md'], force: true }]
  ],
  'memory:version-text': [
    ['empty object', {}],
    ['short hash', { hash: 'abc' }],
    ['upper-case hash', { hash: 'A'.repeat(64) }],
    ['path instead', { path: '/memories/a.md' }]
  ],
  'memory:find-in-history': [
    ['no text', {}],
    ['text too short', { text: 'ab' }],
    ['text over the cap', { text: 'x'.repeat(10_001) }],
    ['extra key', { text: 'abcd', all: true }]
  ],
  'memory:forget': [
    ['no what', {}],
    ['unknown what', { what: 'everything' }],
    ['version not a hash', { what: 'version', hash: 'abc' }],
    ['file path number', { what: 'file', path: 7 }],
    ['entry zero', { what: 'entry', seq: 0 }],
    ['text too short', { what: 'text', text: 'a' }],
    ['extra key', { what: 'entry', seq: 1, hash: 'x' }],
    ['archived without an id', { what: 'archived', path: '/memories/a.md' }]
  ],
  'memory:forget-at': [
    ['no place', { text: 'abcd' }],
    ['unknown place', { text: 'abcd', place: { kind: 'settings' } }],
    ['text too short', { text: 'ab', place: { kind: 'log', name: 'main.log' } }],
    ['conversation without an id', { text: 'abcd', place: { kind: 'conversation' } }],
    [
      'archive path not a path',
      { text: 'abcd', place: { kind: 'archive', archiveId: 'x', path: 7 } }
    ]
  ],
  'memory:search': [
    ['no query', {}],
    ['empty query', { query: '' }],
    ['query over the cap', { query: 'q'.repeat(201) }],
    ['query number', { query: 5 }]
  ],
  'memory:forget-secrets': [
    ['no path', {}],
    ['path number', { path: 7 }]
  ],
  'memory:revert': [
    ['empty object', {}],
    ['seq zero', { seq: 0 }],
    ['seq fraction', { seq: 1.5 }],
    ['seq text', { seq: '3' }]
  ],
  'secrets:set-api-key': [
    ['empty object', {}],
    ['number key', { apiKey: 12345678 }],
    ['null key', { apiKey: null }],
    ['array key', { apiKey: ['abcdefgh12345'] }],
    ['object key', { apiKey: { toString: () => 'abcdefgh12345' } }],
    ['short key', { apiKey: 'short' }],
    ['600-char key', { apiKey: 'k'.repeat(600) }],
    ['huge key', { apiKey: HUGE }],
    ['key with a space', { apiKey: 'abcd efgh 1234' }],
    ['key with a newline', { apiKey: 'abcdefgh\n12345' }],
    ['key with a NUL', { apiKey: 'abcdefgh\u000012345' }],
    ['key with unicode', { apiKey: 'abcdefgh12345é' }],
    ['extra key', { apiKey: 'abcdefgh12345', extra: 1 }],
    ['sessionOnly not boolean', { apiKey: 'abcdefgh12345', sessionOnly: 'yes' }],
    ['sessionOnly null', { apiKey: 'abcdefgh12345', sessionOnly: null }],
    ['__proto__ beside a key', JSON.parse('{"apiKey":"abcdefgh12345","__proto__":{"x":1}}')],
    ['function key', { apiKey: () => 'abcdefgh12345' }],
    ['symbol key', { apiKey: Symbol('abcdefgh12345') }]
  ],
  'settings:update': [
    ['maxTokens zero', { maxTokens: 0 }],
    ['maxTokens huge', { maxTokens: 1e12 }],
    ['maxTokens fraction', { maxTokens: 1.5 }],
    ['maxTokens NaN', { maxTokens: Number.NaN }],
    ['maxTokens text', { maxTokens: '4096' }],
    ['maxTokens bigint', { maxTokens: 4096n }],
    ['model number', { model: 42 }],
    ['model empty', { model: '   ' }],
    ['model huge', { model: HUGE }],
    ['model function', { model: () => 'claude' }],
    ['theme unknown', { theme: 'neon' }],
    ['theme symbol', { theme: Symbol('dark') }],
    ['customInstructions too long', { customInstructions: 'x'.repeat(8_001) }],
    ['customInstructions number', { customInstructions: 7 }],
    ['newChatMemory unknown', { newChatMemory: 'sometimes' }],
    ['guidance too long', { memoryGuidance: 'g'.repeat(5_000) }],
    ['memory null', { memory: null }],
    ['memory array', { memory: [1] }],
    ['memory unknown field', { memory: { bogus: 1 } }],
    ['memory value out of range', { memory: { maxFiles: -1 } }],
    ['memory __proto__', { memory: JSON.parse('{"__proto__":{"maxFiles":5}}') }],
    ['memory nested garbage', { memory: { maxFiles: { deep: [[[{}]]] } } }],
    ['expiry pinned not a list', { expiry: { pinned: 'src/**' } }],
    ['expiry pinned of numbers', { expiry: { pinned: [1, 2] } }],
    [
      'expiry pinned too many',
      { expiry: { pinned: Array.from({ length: 101 }, (_, i) => `p${i}`) } }
    ],
    ['expiry mode unknown', { expiry: { mode: 'sometimes' } }],
    ['contextEditing enabled text', { contextEditing: { enabled: 'yes' } }],
    ['contextEditing string', { contextEditing: 'on' }],
    ['version override', { version: 2 }],
    ['__proto__ with a setting', JSON.parse('{"__proto__":{"maxTokens":5}}')],
    ['maxToolRounds zero', { maxToolRounds: 0 }],
    ['maxToolRounds huge', { maxToolRounds: 10_000 }],
    ['compaction text', { contextEditing: { compaction: 'on' } }],
    ['secretGuard mode unknown', { secretGuard: { mode: 'warn' } }],
    ['secretGuard unknown field', { secretGuard: { scanOnStart: true } }],
    ['secretGuard checkUserEdits text', { secretGuard: { checkUserEdits: 'yes' } }]
  ],
  ...chatGarbage()
}

/** Memory channels about every space at once: they name no one space. */
const ACROSS_SPACES = new Set<string>(['memory:search-all', 'memory:spaces'])
const isMemoryChannel = (channel: ChannelName) =>
  (channel.startsWith('memory:') && !ACROSS_SPACES.has(channel)) ||
  channel.startsWith('tidy:') ||
  // Sync pairs each space with its own store: every sync call names its space.
  channel.startsWith('sync:')
/** A memory payload in the default space (non-objects stay as they are: garbage). */
function inDefaultSpace(payload: unknown): unknown {
  return payload && typeof payload === 'object' && !Array.isArray(payload)
    ? { space: DEFAULT_SPACE_ID, ...payload }
    : payload
}
// Memory channels name their space: each case comes in the default space (so it fails for its
// own reason), and a missing or malformed space is refused too.
for (const channel of channelNames.filter(isMemoryChannel))
  specificGarbage[channel] = [
    ...specificGarbage[channel].map(([label, payload]): [string, unknown] => [
      label,
      inDefaultSpace(payload)
    ]),
    ['no space', {}],
    ['space with a path', { space: '../other' }],
    ['space number', { space: 7 }],
    ['space upper-case', { space: 'DEFAULT' }]
  ]

/** Chat channels: ids that are not ids, empty or huge text, keys that do not belong. */
function chatGarbage() {
  const ref = (extra: Record<string, unknown> = {}): Array<[string, unknown]> => [
    ['empty object', { ...extra }],
    ['id number', { conversationId: 42, ...extra }],
    ['id with a path', { conversationId: '../../etc/passwd', ...extra }],
    ['id huge', { conversationId: 'a'.repeat(500), ...extra }],
    ['id uppercase', { conversationId: 'ABCDEFGH-1234', ...extra }],
    ['extra key', { conversationId: ID, ...extra, sneaky: true }]
  ]
  const damagedFile = (): Array<[string, unknown]> => [
    ['no file', {}],
    ['a path', { file: `../${ID}.json.corrupt-2025` }],
    ['a live conversation', { file: `${ID}.json` }],
    ['extra key', { file: `${ID}.json.corrupt-2025`, sneaky: true }]
  ]
  return {
    'secrets:test': [
      ['short key', { apiKey: 'short' }],
      ['key with a space', { apiKey: 'abcd efgh 1234' }],
      ['key number', { apiKey: 12345678 }]
    ],
    'chat:list-conversations': [],
    'chat:pick-attachments': [],
    'chat:cost-summary': [],
    'chat:list-damaged': [],
    'chat:open-conversations-folder': [],
    'chat:recover-damaged': damagedFile(),
    'chat:dismiss-damaged': damagedFile(),
    'sync:status': [],
    'sync:now': [],
    'sync:disconnect': [],
    'shortcut:status': [],
    'window:hide-quick-ask': [],
    'shortcut:set': [
      ['no accelerator', {}],
      ['number', { accelerator: 5 }],
      ['not a key', { accelerator: 'Ctrl+Shift+Banana' }],
      ['no modifier', { accelerator: 'A' }],
      ['two keys', { accelerator: 'Ctrl+A+B' }],
      ['extra key', { accelerator: 'Ctrl+Space', global: true }]
    ],
    'window:open-in-main': [
      ['no id', {}],
      ['path as id', { conversationId: '../../etc/passwd' }],
      ['extra key', { conversationId: ID, focus: true }]
    ],
    // Tidy names its space like every memory channel (the space cases come from the loop below).
    'tidy:estimate': [
      ['focus number', { focus: 5 }],
      ['focus over the limit', { focus: 'x'.repeat(501) }],
      ['model with spaces', { model: 'claude sonnet' }],
      ['extra key', { focus: 'work', paths: [] }]
    ],
    'tidy:start': [
      ['focus number', { focus: 5 }],
      ['extra key', { now: true }]
    ],
    'tidy:proposal': [
      ['no session', {}],
      ['session not an id', { sessionId: 'abc' }]
    ],
    'tidy:apply': [
      ['no accept', { sessionId: APPROVAL }],
      ['accept not numbers', { sessionId: APPROVAL, accept: ['1'] }],
      ['accept zero', { sessionId: APPROVAL, accept: [0] }],
      ['accept fraction', { sessionId: APPROVAL, accept: [1.5] }]
    ],
    'tidy:cancel': [['no session', {}]],
    'tidy:current': [['extra key', { now: true }]],
    'tidy:suggestion': [['extra key', { now: true }]],
    'tidy:dismiss-suggestion': [['extra key', { now: true }]],
    'tidy:batch-start': [
      ['focus number', { focus: 5 }],
      ['mode unknown', { mode: 'later' }]
    ],
    'tidy:batch': [['extra key', { now: true }]],
    'tidy:batch-review': [['extra key', { sessionId: APPROVAL }]],
    'tidy:batch-clear': [['extra key', { now: true }]],
    'updates:status': [],
    'updates:check': [],
    'updates:download': [],
    'updates:restart': [],
    'mcp:overview': [],
    'mcp:preview-import': [
      ['no source', {}],
      ['unknown source', { source: 'registry' }],
      ['json without text', { source: 'json' }],
      ['text too long', { source: 'json', text: 'x'.repeat(200_001) }]
    ],
    'mcp:add-servers': [
      ['no servers', { servers: [] }],
      [
        'bad id',
        {
          servers: [
            { id: '../x', name: 'x', replaces: false, transport: { type: 'stdio', command: 'a' } }
          ]
        }
      ],
      [
        'empty command',
        {
          servers: [
            { id: 'x', name: 'x', replaces: false, transport: { type: 'stdio', command: '' } }
          ]
        }
      ],
      [
        'file url',
        {
          servers: [
            {
              id: 'x',
              name: 'x',
              replaces: false,
              transport: { type: 'http', url: 'file:///etc/passwd' }
            }
          ]
        }
      ],
      ['extra key', { servers: [], shell: true }]
    ],
    'mcp:set-enabled': [
      ['no enabled', { id: 'x' }],
      ['enabled not boolean', { id: 'x', enabled: 'yes' }]
    ],
    'mcp:remove-server': [
      ['no id', {}],
      ['bad id', { id: 'A B' }]
    ],
    'mcp:restart-server': [['bad id', { id: '' }]],
    'mcp:sign-in': [
      ['no id', {}],
      ['extra key', { id: 'x', url: 'https://evil.example' }]
    ],
    'mcp:cancel-sign-in': [['bad id', { id: '../x' }]],
    'mcp:sign-out': [['id number', { id: 7 }]],
    'mcp:list-elicitations': [],
    'mcp:answer-elicitation': [
      ['empty object', {}],
      ['no action', { elicitationId: APPROVAL }],
      ['action unknown', { elicitationId: APPROVAL, action: 'maybe' }],
      ['id not a uuid', { elicitationId: '../x', action: 'decline' }],
      ['content a list', { elicitationId: APPROVAL, action: 'accept', content: ['x'] }],
      ['value an object', { elicitationId: APPROVAL, action: 'accept', content: { a: { b: 1 } } }],
      [
        'value too long',
        { elicitationId: APPROVAL, action: 'accept', content: { a: 'x'.repeat(10_001) } }
      ],
      ['extra key', { elicitationId: APPROVAL, action: 'decline', conversationId: ID }]
    ],
    'mcp:set-tool-approval': [
      ['unknown approval', { server: 'x', tool: 'y', approval: 'sometimes' }],
      ['no tool', { server: 'x', approval: 'always' }]
    ],
    'mcp:list-prompts': [
      ['no chat', {}],
      ['bad chat id', { conversationId: '../x' }]
    ],
    'mcp:list-resources': [['extra key', { conversationId: ID, servers: ['x'] }]],
    'mcp:get-prompt': [
      ['no arguments', { server: 'x', name: 'p' }],
      ['argument not text', { server: 'x', name: 'p', arguments: { a: 1 } }],
      ['argument too long', { server: 'x', name: 'p', arguments: { a: 'x'.repeat(20_001) } }],
      ['bad server', { server: 'X/..', name: 'p', arguments: {} }]
    ],
    'mcp:attach-resource': [
      ['no uri', { server: 'x' }],
      ['empty uri', { server: 'x', uri: '' }]
    ],
    'mcp:bundle-preview': [
      ['a path from the page', { source: 'path', path: '/etc/passwd' }],
      ['bytes without a name', { source: 'bytes', data: 'UEs=' }]
    ],
    'mcp:bundle-command': [
      ['no token', { values: {} }],
      ['a value of another kind', { token: 't', values: { key: { nested: true } } }]
    ],
    'mcp:bundle-install': [
      ['no values', { token: 't' }],
      ['a folder named by the page', { token: 't', values: {}, folder: '/tmp' }]
    ],
    'sync:configure': [
      ['neither id nor name', {}],
      ['empty name', { create: { name: '  ' } }],
      ['both', { storeId: 'memstore_1', create: { name: 'x' } }],
      ['id number', { storeId: 7 }]
    ],
    'sync:resolve': [
      ['no path', { keep: 'mine' }],
      ['unknown choice', { path: '/memories/a.md', keep: 'neither' }]
    ],
    'sync:list-stores': [],
    'sync:approve': [],
    'sync:decline': [],
    'sync:pause': [
      ['no flag', {}],
      ['flag string', { paused: 'yes' }]
    ],
    'backup:export': [],
    'backup:import-preview': [],
    'backup:import': [
      ['no token', { applySettings: false }],
      ['no flag', { token: 'abc' }],
      ['flag string', { token: 'abc', applySettings: 'yes' }],
      ['extra key', { token: 'abc', applySettings: false, path: '/etc/passwd' }]
    ],
    'chat:search-conversations': [
      ['empty object', {}],
      ['blank query', { query: '   ' }],
      ['huge query', { query: HUGE }],
      ['query number', { query: 5 }]
    ],
    'chat:get-conversation': ref(),
    'chat:delete-conversation': ref(),
    'chat:restore-conversation': ref(),
    'chat:stop': ref(),
    'chat:retry': ref(),
    'chat:create-conversation': [
      ['model empty', { model: ' ' }],
      ['model huge', { model: HUGE }]
    ],
    'chat:rename-conversation': [
      ...ref({ title: 'ok' }),
      ['blank title', { conversationId: ID, title: '   ' }],
      ['title too long', { conversationId: ID, title: 't'.repeat(201) }]
    ],
    'chat:set-pinned': [
      ...ref({ pinned: true }),
      ['no pinned', { conversationId: ID }],
      ['pinned text', { conversationId: ID, pinned: 'yes' }]
    ],
    'chat:export-conversation': ref(),
    'chat:set-model': [
      ...ref({ model: 'claude-x' }),
      ['no model', { conversationId: ID }],
      ['model number', { conversationId: ID, model: 3 }]
    ],
    'chat:update-conversation': [
      ...ref({ memory: 'off' }),
      ['memory not a mode', { conversationId: ID, memory: 'maybe' }],
      ['memory boolean', { conversationId: ID, memory: false }],
      ['instructions number', { conversationId: ID, instructions: 7 }],
      ['instructions too long', { conversationId: ID, instructions: 'x'.repeat(8_001) }]
    ],
    'chat:set-thinking': [
      ...ref({ thinking: { enabled: true, budgetTokens: 2048 } }),
      ['no thinking', { conversationId: ID }],
      [
        'budget below 1,024',
        { conversationId: ID, thinking: { enabled: true, budgetTokens: 1023 } }
      ],
      [
        'budget fraction',
        { conversationId: ID, thinking: { enabled: true, budgetTokens: 2048.5 } }
      ],
      ['budget text', { conversationId: ID, thinking: { enabled: true, budgetTokens: '2048' } }],
      ['enabled text', { conversationId: ID, thinking: { enabled: 'yes', budgetTokens: 2048 } }],
      [
        'thinking extra key',
        { conversationId: ID, thinking: { enabled: true, budgetTokens: 2048, x: 1 } }
      ]
    ],
    'chat:send-message': [
      ...ref({ text: 'hi' }),
      ['no text', { conversationId: ID }],
      ['blank text', { conversationId: ID, text: ' \n\t ' }],
      ['text too long', { conversationId: ID, text: 'x'.repeat(200_001) }],
      ['text array', { conversationId: ID, text: ['hi'] }],
      ['attachment without hash', { conversationId: ID, text: 'hi', attachments: [{ name: 'a' }] }],
      [
        'attachment hash path',
        { conversationId: ID, text: '', attachments: [{ hash: '../x', name: 'a' }] }
      ],
      ['no text, no files', { conversationId: ID, text: '', attachments: [] }],
      [
        '21 files',
        {
          conversationId: ID,
          text: 'hi',
          attachments: Array.from({ length: 21 }, () => ({ hash: 'a'.repeat(64), name: 'a' }))
        }
      ]
    ],
    'chat:edit-message': [
      ...ref({ messageId: 'm1', text: 'hi' }),
      ['no message id', { conversationId: ID, text: 'hi' }],
      ['message id huge', { conversationId: ID, messageId: 'm'.repeat(201), text: 'hi' }],
      ['blank text', { conversationId: ID, messageId: 'm1', text: '  ' }],
      ['text too long', { conversationId: ID, messageId: 'm1', text: 'x'.repeat(200_001) }]
    ],
    'chat:regenerate': ref(),
    'chat:continue-reply': ref(),
    'memory:undone': [
      ['seqs missing', {}],
      ['seq negative', { seqs: [-1] }]
    ],
    'chat:switch-version': [
      ...ref({ messageId: 'm1', version: 0 }),
      ['version negative', { conversationId: ID, messageId: 'm1', version: -1 }],
      ['version fraction', { conversationId: ID, messageId: 'm1', version: 0.5 }],
      ['version text', { conversationId: ID, messageId: 'm1', version: '1' }],
      ['no message id', { conversationId: ID, version: 1 }]
    ],
    'chat:list-models': [
      ['refresh text', { refresh: 'yes' }],
      ['refresh null', { refresh: null }]
    ],
    'chat:describe-model': [
      ['no model', {}],
      ['model with a space', { model: 'claude bad' }],
      ['extra key', { model: 'claude-x', refresh: true }]
    ],
    'chat:list-approvals': [
      ['conversationId number', { conversationId: 7 }],
      ['conversationId with a path', { conversationId: '../../etc' }],
      ['extra key', { conversationId: ID, all: true }]
    ],
    'chat:answer-approval': [
      ['empty object', {}],
      ['no answer', { approvalId: APPROVAL }],
      ['answer unknown', { approvalId: APPROVAL, answer: 'maybe' }],
      ['id not a uuid', { approvalId: '../x', answer: 'approve' }],
      ['id number', { approvalId: 5, answer: 'approve' }],
      ['reason too long', { approvalId: APPROVAL, answer: 'decline', reason: 'r'.repeat(1_001) }],
      ['reason number', { approvalId: APPROVAL, answer: 'decline', reason: 3 }],
      ['extra key', { approvalId: APPROVAL, answer: 'approve', conversationId: ID }]
    ],
    'chat:add-attachment': [
      ['no data', { name: 'a.png' }],
      ['empty data', { name: 'a.png', data: '' }],
      ['not base64', { name: 'a.png', data: 'iVBOR w0K!' }],
      ['over the cap', { name: 'a.pdf', data: 'A'.repeat(44_739_244 + 4) }],
      ['name too long', { name: 'x'.repeat(256), data: 'aGk=' }],
      ['bytes array', { name: 'a.png', data: [137, 80, 78, 71] }],
      ['path given', { name: 'a.png', data: 'aGk=', path: '/etc/passwd' }]
    ],
    'projects:list': [],
    'projects:pick-folder': [],
    'memory:spaces': [],
    'projects:create': [
      ['no name', {}],
      ['empty name', { name: '' }],
      ['blank name', { name: '   ' }],
      ['name too long', { name: 'n'.repeat(101) }],
      ['name number', { name: 5 }],
      ['relative folder given as empty', { name: 'Site', folder: '' }],
      ['id given', { name: 'Site', id: 'site' }]
    ],
    'projects:update': [
      ['no id', { name: 'Site' }],
      ['id with a path', { id: '../etc', name: 'Site' }],
      ['empty name', { id: 'site-abc123', name: '' }],
      ['folder given', { id: 'site-abc123', folder: '/tmp' }]
    ],
    'projects:delete-preview': [
      ['no id', {}],
      ['id upper-case', { id: 'SITE' }]
    ],
    'projects:delete': [
      ['no memory choice', { id: 'site-abc123' }],
      ['memory choice unknown', { id: 'site-abc123', memory: 'shred' }],
      ['folder given', { id: 'site-abc123', memory: 'delete', folder: '/' }]
    ],
    'projects:add-knowledge': [
      ['no id', {}],
      ['path given', { id: 'site-abc123', path: '/etc/passwd' }]
    ],
    'projects:remove-knowledge': [
      ['no hash', { id: 'site-abc123' }],
      ['path as hash', { id: 'site-abc123', hash: '../../x' }]
    ],
    'projects:retry-knowledge': [
      ['no hash', { id: 'site-abc123' }],
      ['path as hash', { id: 'site-abc123', hash: '../../x' }]
    ],
    'chat:move-to-project': [
      ['no conversation', { project: null }],
      ['project with a path', { conversationId: ID, project: '../x' }]
    ],
    'chat:attachment-preview': [
      ['no hash', {}],
      ['short hash', { hash: 'abc123' }],
      ['path as hash', { hash: '../../conversations/x.json' }],
      ['upper-case hash', { hash: 'A'.repeat(64) }]
    ]
  } satisfies Partial<Record<ChannelName, Array<[string, unknown]>>>
}

/** Channels that take nothing at all (an empty object is refused too). */
const NO_INPUT = new Set<ChannelName>(
  channelNames.filter(
    (channel) =>
      channels[channel].input.safeParse(undefined).success &&
      !channels[channel].input.safeParse({}).success
  )
)

describe('the registry refuses malformed payloads on every channel', () => {
  it('knows which channels take no input', () => {
    expect([...NO_INPUT].sort()).toEqual(
      [
        'app:info',
        'app:open-memory-folder',
        'app:diagnostics',
        'app:take-links',
        'app:crash-report',
        'chat:list-conversations',
        'chat:pick-attachments',
        'chat:cost-summary',
        'chat:list-damaged',
        'chat:open-conversations-folder',
        'shortcut:status',
        'window:hide-quick-ask',
        'backup:export',
        'backup:import-preview',
        'updates:status',
        'updates:check',
        'updates:download',
        'updates:restart',
        'mcp:overview',
        'mcp:list-elicitations',
        'projects:list',
        'projects:pick-folder',
        'memory:spaces',
        'secrets:clear-api-key',
        'secrets:status',
        'settings:get'
      ].sort()
    )
  })

  it.each(channelNames)('%s answers {ok:false} to every malformed payload', async (channel) => {
    const { handlers, spies } = spiedHandlers()
    const registry = createIpcRegistry({
      handlers,
      isTrustedUrl: trustedUrlCheck({ kind: 'app', root: RENDERER_ROOT }),
      logger
    })
    const settingsFile = join(dir, 'user-data', 'settings.json')
    const cases = [
      ...universalGarbage,
      ...specificGarbage[channel],
      // A no-input call refuses any defined value, even harmless-looking ones.
      ...(NO_INPUT.has(channel)
        ? ([
            ['empty object', {}],
            ['object with a key', { apiKey: 'abcdefgh12345' }]
          ] as Array<[string, unknown]>)
        : [])
    ]
    for (const [label, payload] of cases) {
      const result = await answer(registry, channel, payload)
      const error = expectFailure(result, undefined, `${channel} with ${label}`)
      expect(
        ['BAD_INPUT', 'SETTINGS_INVALID'],
        `${channel} with ${label}: ${error.code}`
      ).toContain(error.code)
      expect(error.message.length, `${channel} with ${label}`).toBeLessThan(2_000)
    }
    // Nothing malformed reached a service that acts on input, and nothing was stored.
    if (channel !== 'settings:update') expect(spies[channel]).not.toHaveBeenCalled()
    expect(keychain.entries.size).toBe(0)
    await expect(stat(settingsFile)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(services.settings.get().settings).toEqual(defaultSettings())
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('refuses settings:update garbage before the settings service for structural errors', async () => {
    const { handlers, spies } = spiedHandlers()
    const registry = createIpcRegistry({
      handlers,
      isTrustedUrl: trustedUrlCheck({ kind: 'app', root: RENDERER_ROOT }),
      logger
    })
    for (const [, payload] of universalGarbage)
      expectFailure(await answer(registry, 'settings:update', payload), 'BAD_INPUT')
    expect(spies['settings:update']).not.toHaveBeenCalled()
  })
})

describe('unknown channels', () => {
  it.each([
    ['app:nope'],
    ['memory:nope'],
    [''],
    ['__proto__'],
    ['constructor'],
    ['toString'],
    ['hasOwnProperty'],
    ['APP:INFO'],
    ['app:info '],
    [HUGE],
    [42],
    [null],
    [undefined],
    [Symbol('app:info')],
    [{ toString: () => 'app:info' }],
    [Object.create(null)],
    [['app:info']]
  ])('%# answers UNKNOWN_CHANNEL', async (channel) => {
    const error = expectFailure(await answer(registryWith(), channel, undefined), 'UNKNOWN_CHANNEL')
    expect(error.message.length).toBeLessThan(200)
  })
})

describe('senders', () => {
  const untrusted: Array<[string, SenderInfo | null]> = [
    ['no sender (frame gone)', null],
    ['a sub-frame of our page', { url: TRUSTED.url, isTopLevel: false }],
    ['another origin', { url: 'https://evil.example/index.html', isTopLevel: true }],
    ['a dev-server lookalike', { url: 'http://localhost:5173/', isTopLevel: true }],
    ['the built page over file://', { url: pathToFileURL(RENDERER_PATH).href, isTopLevel: true }],
    ['an app:// look-alike host', { url: 'app://cairn.evil/index.html', isTopLevel: true }],
    ['app:// with credentials', { url: 'app://user:pw@cairn/index.html', isTopLevel: true }],
    [
      'another file',
      { url: pathToFileURL(join(tmpdir(), 'other', 'index.html')).href, isTopLevel: true }
    ],
    [
      'our path on another host',
      { url: `file://evil.example${pathToFileURL(RENDERER_PATH).pathname}`, isTopLevel: true }
    ],
    ['about:blank', { url: 'about:blank', isTopLevel: true }],
    ['a data URL', { url: 'data:text/html,hi', isTopLevel: true }],
    ['a malformed URL', { url: 'not a url', isTopLevel: true }],
    ['an empty URL', { url: '', isTopLevel: true }]
  ]

  it.each(untrusted)('%s gets FORBIDDEN_SENDER and no handler runs', async (_label, sender) => {
    const { handlers, spies } = spiedHandlers()
    const registry = createIpcRegistry({
      handlers,
      isTrustedUrl: trustedUrlCheck({ kind: 'app', root: RENDERER_ROOT }),
      logger
    })
    for (const channel of channelNames) {
      const input = channel === 'secrets:set-api-key' ? { apiKey: 'abcdefgh12345' } : undefined
      expectFailure(await answer(registry, channel, input, sender), 'FORBIDDEN_SENDER')
      expect(spies[channel]).not.toHaveBeenCalled()
    }
    // Refused before the channel is even looked at.
    expectFailure(await answer(registry, 'no:such', undefined, sender), 'FORBIDDEN_SENDER')
    expect(keychain.entries.size).toBe(0)
  })

  it('trusts our page with a query string and a hash', async () => {
    const sender = { url: `${TRUSTED.url}?x=1#/settings`, isTopLevel: true }
    expect((await answer(registryWith(), 'app:info', undefined, sender)).ok).toBe(true)
  })

  it('trusts the dev-server origin when the page comes from a URL', async () => {
    const registry = createIpcRegistry({
      handlers: createHandlers(services),
      isTrustedUrl: trustedUrlCheck({ kind: 'url', url: 'http://localhost:5173/' }),
      logger
    })
    const ok = await answer(registry, 'app:info', undefined, {
      url: 'http://localhost:5173/index.html',
      isTopLevel: true
    })
    expect(ok.ok).toBe(true)
    const file = await answer(registry, 'app:info', undefined, TRUSTED)
    expectFailure(file, 'FORBIDDEN_SENDER')
  })
})

describe('app:open-external', () => {
  it('opens a confirmed https link, and a trusted site without asking', async () => {
    const registry = registryWith()
    const url = 'https://docs.example.com/guide?q=1'
    expect(await answer(registry, 'app:open-external', { url })).toEqual({
      ok: true,
      data: { opened: false, host: 'docs.example.com' }
    })
    expect(openedLinks).toEqual([])
    expect(
      await answer(registry, 'app:open-external', { url, confirmed: true, trustHost: true })
    ).toEqual({ ok: true, data: { opened: true, host: 'docs.example.com' } })
    expect(services.settings.get().settings.trustedLinkHosts).toEqual(['docs.example.com'])
    await answer(registry, 'app:open-external', { url: 'https://docs.example.com/other' })
    expect(openedLinks).toEqual([url, 'https://docs.example.com/other'])
    // Only that site: another one still asks.
    expect(await answer(registry, 'app:open-external', { url: 'https://example.com/' })).toEqual({
      ok: true,
      data: { opened: false, host: 'example.com' }
    })
    // The log names the site, never the full address (it may carry tokens).
    expect(logLines.join('\n')).not.toContain('q=1')
  })

  it.each([
    ['http:', 'http://example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['overlong', `https://example.com/${'a'.repeat(5_000)}`]
  ])('refuses %s, even confirmed, and opens nothing', async (_label, url) => {
    const error = expectFailure(
      await answer(registryWith(), 'app:open-external', { url, confirmed: true }),
      'BAD_INPUT'
    )
    expect(error.message).toMatch(/https|longer than 4,096/)
    expect(openedLinks).toEqual([])
  })

  it('says so when the browser could not be opened', async () => {
    const registry = createIpcRegistry({
      handlers: createHandlers({
        ...services,
        app: createAppService({
          info: services.app.info(),
          openPath: async () => '',
          openExternal: async () => {
            throw new Error('no handler for https')
          },
          settings: services.settings,
          logger
        })
      }),
      isTrustedUrl: trustedUrlCheck({ kind: 'app', root: RENDERER_ROOT }),
      logger
    })
    const error = expectFailure(
      await answer(registry, 'app:open-external', {
        url: 'https://example.com/',
        confirmed: true
      }),
      'OPEN_LINK_FAILED'
    )
    expect(error.message).toContain('copy the link')
  })
})

describe('valid calls', () => {
  const note = '/memories/note.md'
  const createNote = () => services.memory.create({ path: note, content: 'hello' })
  const project = () => services.projects.create({ name: 'Client site' })
  const conversation = async () => (await services.chat.createConversation()).id
  const damaged = async () => {
    const folder = join(dir, 'user-data', 'conversations')
    const file = `${ID}.json.corrupt-2025-01-02T03-04-05-000Z`
    await mkdir(folder, { recursive: true })
    const message = { id: 'u1', role: 'user', createdAt: 'now', content: [] }
    await writeFile(
      join(folder, file),
      `{"version":1,"title":"Cut","messages":[${JSON.stringify(message)},{"id`
    )
    return file
  }
  /** A valid input per channel (undefined when none), after whatever state the call needs. */
  // A server whose program does not exist: it fails to start, and nothing runs.
  const NO_PROGRAM = 'cairn-test-no-such-program'
  const MCP_DRAFT = {
    id: 'tea',
    name: 'Tea',
    replaces: false,
    transport: { type: 'stdio', command: NO_PROGRAM, args: [], env: {} }
  } as const
  const mcpServer = () =>
    services.mcp.addServers([{ ...MCP_DRAFT, transport: { ...MCP_DRAFT.transport, args: [] } }])
  // The reference server over stdio, connected, for the calls that need a live server.
  const everything = async () => {
    const transport = {
      type: 'stdio' as const,
      command: process.execPath,
      args: [EVERYTHING_BIN, 'stdio'],
      env: {}
    }
    await services.mcp.addServers([
      { id: 'everything', name: 'Everything', replaces: false, transport }
    ])
    await new Promise<void>((resolve) => {
      const check = () => {
        const server = services.mcp.overview().servers.find((s) => s.id === 'everything')
        if (server?.status.state !== 'connected') return
        off()
        resolve()
      }
      const off = services.mcp.onChange(check)
      check()
    })
  }
  /** A project's memory space beside the default one. */
  const projectA = async () => {
    const folder = join(dir, 'project-a')
    if (services.spaceList.get('project-a')) return
    await services.spaceList.add({
      id: 'project-a',
      name: 'Project A',
      root: folder,
      folder: join(folder, '.cairn', 'memories'),
      stateDir: join(dir, 'user-data', 'spaces', 'project-a')
    })
  }
  const validInput: Partial<Record<ChannelName, () => Promise<unknown>>> = {
    // "No project" follows Settings; a project's space may have settings of its own.
    'memory:update-space-settings': async () => {
      await projectA()
      return { space: 'project-a', section: 'memoryWriteApproval', value: 'ask-all' }
    },
    'memory:copy-to-space': async () => {
      await projectA()
      await createNote()
      return { path: note, to: 'project-a', move: true }
    },
    'memory:search-all': async () => ({ query: 'note' }),
    'secrets:set-api-key': async () => ({ apiKey: 'sk-ant-valid-key-0001' }),
    'app:copy-text': async () => ({ text: 'const trip = 1' }),
    'app:open-external': async () => ({ url: 'https://example.com/docs', confirmed: true }),
    'settings:update': async () => ({ maxTokens: 2048 }),
    'memory:list': async () => ({ path: '/memories' }),
    'memory:read': async () => (await createNote(), { path: note }),
    'memory:write': async () => (await createNote(), { path: note, content: 'changed' }),
    'memory:create': async () => ({ path: note, content: 'hello' }),
    'memory:rename': async () => (await createNote(), { from: note, to: '/memories/moved.md' }),
    'memory:delete': async () => (await createNote(), { path: note }),
    'memory:activity': async () => ({ limit: 10, actor: 'user' }),
    'memory:expiry-preview': async () => ({ days: 7 }),
    'memory:scan-secrets': async () => (await createNote(), undefined),
    'chat:search-conversations': async () => ({ query: 'anything' }),
    'chat:get-conversation': async () => ({ conversationId: await conversation() }),
    'chat:rename-conversation': async () => ({ conversationId: await conversation(), title: 'T' }),
    'chat:delete-conversation': async () => ({ conversationId: await conversation() }),
    'chat:restore-conversation': async () => ({ conversationId: await conversation() }),
    'chat:set-model': async () => ({ conversationId: await conversation(), model: 'claude-x' }),
    'chat:set-pinned': async () => ({ conversationId: await conversation(), pinned: true }),
    'chat:export-conversation': async () => ({ conversationId: await conversation() }),
    'chat:update-conversation': async () => ({
      conversationId: await conversation(),
      instructions: 'Answer in French.',
      memory: 'off'
    }),
    'chat:set-thinking': async () => ({
      // No key here, so nothing is known of any model: only "off" can be saved.
      conversationId: (await services.chat.createConversation({ model: 'claude-sonnet-4-6' })).id,
      thinking: { enabled: false }
    }),
    'chat:describe-model': async () => ({ model: 'claude-x' }),
    // No API key here: the reply fails at once with a no-api-key fault, and nothing is sent.
    'chat:send-message': async () => ({ conversationId: await conversation(), text: 'Hello' }),
    'chat:stop': async () => ({ conversationId: await conversation() }),
    'chat:list-approvals': async () => ({ conversationId: await conversation() }),
    // Nothing waits under this id: answered as gone (a stale card), never an error.
    'chat:answer-approval': async () => ({ approvalId: APPROVAL, answer: 'approve' }),
    // A 1×1 PNG, and then its preview by the hash it was stored under.
    'chat:add-attachment': async () => ({ name: 'dot.png', data: ONE_PIXEL_PNG }),
    'chat:attachment-preview': async () => ({
      hash: (await services.chat.attachments.add({ name: 'dot.png', data: ONE_PIXEL_PNG }))
        .attachment.hash
    }),
    'chat:retry': async () => {
      const conversationId = await conversation()
      await services.chat.send({ conversationId, text: 'Hello' })
      await services.chat.idle(conversationId)
      return { conversationId }
    },
    // Without an API key each new reply fails at once (no-api-key); the versions are real.
    'chat:edit-message': async () => {
      const conversationId = await conversation()
      const sent = await services.chat.send({ conversationId, text: 'Hello' })
      await services.chat.idle(conversationId)
      return { conversationId, messageId: sent.message.id, text: 'Hello again' }
    },
    'chat:regenerate': async () => {
      const conversationId = await conversation()
      await services.chat.send({ conversationId, text: 'Hello' })
      await services.chat.idle(conversationId)
      return { conversationId }
    },
    // A paused reply (no key here, so none can come from the API): put in the conversation as
    // the store holds it, then Continue sends it back as it is (and fails at once: no key).
    'chat:continue-reply': async () => {
      const conversationId = await conversation()
      const { conversation: held } = await services.chat.getConversation({ conversationId })
      held.messages.push({
        id: 'paused',
        role: 'assistant',
        createdAt: new Date().toISOString(),
        model: held.model,
        content: [{ type: 'text', text: 'Searching' }],
        status: 'complete',
        stopReason: 'pause_turn',
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 },
        error: null
      })
      return { conversationId }
    },
    'chat:switch-version': async () => {
      const conversationId = await conversation()
      await services.chat.send({ conversationId, text: 'Hello' })
      await services.chat.idle(conversationId)
      const { conversation: edited } = await services.chat.regenerate({ conversationId })
      await services.chat.idle(conversationId)
      const first = edited.messages[1]
      return { conversationId, messageId: first?.id, version: 0 }
    },
    'memory:archive-restore': async () => {
      // A front-matter date in the past expires the file whatever the policy; archive is the default.
      await services.memory.create({ path: note, content: '---\nexpires: 2000-01-01\n---\nold' })
      await services.memory.sweep()
      const [archived] = await services.memory.listArchived()
      if (!archived) throw new Error('the sweep archived nothing')
      // Its date has passed: restoring it as it is would expire it again at once.
      return { archiveId: archived.archiveId, path: archived.path, expires: 'remove' }
    },
    'memory:archive-restore-all': async () => {
      await services.memory.create({ path: note, content: '---\nexpires: 2000-01-01\n---\nold' })
      await services.memory.sweep()
      const [archived] = await services.memory.listArchived()
      if (!archived) throw new Error('the sweep archived nothing')
      return { archiveId: archived.archiveId }
    },
    'memory:history': async () => (await createNote(), { path: note }),
    'memory:cap-impact': async () => (await createNote(), { maxFiles: 1 }),
    'memory:archive': async () => (await createNote(), { paths: [note] }),
    'memory:version-text': async () => {
      await createNote()
      const [version] = await services.memory.history(note)
      return { hash: version?.hash }
    },
    'memory:revert': async () => {
      await createNote()
      const [version] = await services.memory.history(note)
      return { seq: version?.seq }
    },
    'memory:find-in-history': async () => (await createNote(), { text: 'hello' }),
    'memory:forget': async () => {
      await createNote()
      const [version] = await services.memory.history(note)
      return { what: 'entry', seq: version?.seq }
    },
    'memory:forget-secrets': async () => (await createNote(), { path: note }),
    'memory:forget-at': async () => {
      await services.memory.create({ path: note, content: '---\nexpires: 2000-01-01\n---\nhello' })
      await services.memory.sweep()
      const [archived] = await services.memory.listArchived()
      if (!archived) throw new Error('the sweep archived nothing')
      const place = { kind: 'archive', archiveId: archived.archiveId, path: archived.path }
      return { text: 'hello', place }
    },
    'memory:search': async () => (await createNote(), { query: 'hello' }),
    // Sync needs the chat key; the store is made on the fake API.
    'sync:configure': async () => {
      await services.secrets.setApiKey({ apiKey: 'sk-ant-valid-key-0001' })
      return { create: { name: 'Cairn memory' } }
    },
    'sync:pause': async () => ({ paused: true }),
    // Main attaches the system's shortcuts and the windows; here, ones that always say yes.
    'shortcut:set': async () => {
      services.shortcut.attach(
        { register: () => true, unregister: () => undefined },
        () => undefined
      )
      return { accelerator: 'Alt+Shift+K' }
    },
    'window:open-in-main': async () => {
      services.quickAsk.attach({ showMain: async () => undefined, hideQuickAsk: () => true })
      return { conversationId: await conversation() }
    },
    // Nothing open: answered as already resolved (a double click), with the status.
    'sync:resolve': async () => ({ path: '/memories/a.md', keep: 'both' }),
    'sync:list-stores': async () => {
      await services.secrets.setApiKey({ apiKey: 'sk-ant-valid-key-0001' })
      return undefined
    },
    // A real export, picked in the open dialog, previewed: its token imports.
    'backup:import': async () => {
      await createNote()
      const saved = await services.backups.in().exportToFile()
      if (saved.status !== 'saved') throw new Error('export was cancelled')
      importPick = saved.path
      const preview = await services.backups.in().chooseImport()
      return { token: preview?.token, applySettings: false }
    },
    // A half-written conversation, kept beside the others as the store keeps one.
    'chat:recover-damaged': async () => ({ file: await damaged() }),
    'chat:dismiss-damaged': async () => ({ file: await damaged() }),
    'mcp:preview-import': async () => ({
      source: 'json',
      text: JSON.stringify({ mcpServers: { tea: { command: NO_PROGRAM } } })
    }),
    'mcp:add-servers': async () => ({ servers: [MCP_DRAFT] }),
    // Nothing waits under this id: answered as gone (a closed form), never an error.
    'mcp:answer-elicitation': async () => ({ elicitationId: APPROVAL, action: 'decline' }),
    'mcp:set-enabled': async () => (await mcpServer(), { id: MCP_DRAFT.id, enabled: false }),
    'mcp:remove-server': async () => (await mcpServer(), { id: MCP_DRAFT.id }),
    'mcp:restart-server': async () => (await mcpServer(), { id: MCP_DRAFT.id }),
    // A real sign-in: it answers once the browser (recorded) was handed the authorize page.
    'mcp:sign-in': async () => {
      oauthServer = await startOAuthServer()
      const url = oauthServer.url
      await services.mcp.addServers([
        {
          id: 'remote',
          name: 'Remote',
          replaces: false,
          transport: { type: 'http', url, headers: {} }
        }
      ])
      return { id: 'remote' }
    },
    'mcp:cancel-sign-in': async () => (await mcpServer(), { id: MCP_DRAFT.id }),
    'mcp:sign-out': async () => (await mcpServer(), { id: MCP_DRAFT.id }),
    'mcp:set-tool-approval': async () => (
      await mcpServer(),
      { server: MCP_DRAFT.id, tool: 'brew', approval: 'always' }
    ),
    'mcp:list-prompts': async () => ({ conversationId: await conversation() }),
    'mcp:list-resources': async () => ({ conversationId: await conversation() }),
    'mcp:get-prompt': async () => (
      await everything(),
      { server: 'everything', name: 'simple-prompt', arguments: {} }
    ),
    'mcp:attach-resource': async () => (
      await everything(),
      { server: 'everything', uri: 'demo://resource/static/document/features.md' }
    ),
    // A real bundle, dropped: previewed, then its token answers the command line and installs.
    'mcp:bundle-preview': async () => DROPPED_BUNDLE,
    'mcp:bundle-command': async () => ({ token: await bundleToken(), values: { code: 'c' } }),
    'mcp:bundle-install': async () => ({ token: await bundleToken(), values: { code: 'c' } }),
    'projects:create': async () => ({ name: 'Client site' }),
    'projects:update': async () => ({ id: (await project()).id, name: 'Renamed' }),
    'projects:delete-preview': async () => ({ id: (await project()).id }),
    'projects:delete': async () => ({ id: (await project()).id, memory: 'delete' }),
    'projects:add-knowledge': async () => ({ id: (await project()).id }),
    'projects:remove-knowledge': async () => ({ id: (await project()).id, hash: 'a'.repeat(64) }),
    // A file no longer in the project: the project as it is (no key is needed to say so).
    'projects:retry-knowledge': async () => ({ id: (await project()).id, hash: 'a'.repeat(64) }),
    // A tidy on the fake API: the estimate counts tokens; a session plays one scripted answer.
    'tidy:estimate': async () => (await services.secrets.setApiKey({ apiKey: KEY }), {}),
    'tidy:start': async () => (await tidyReady(), {}),
    'tidy:proposal': async () => ({ sessionId: await tidyReady() }),
    'tidy:apply': async () => ({ sessionId: await tidyReady(), accept: [] }),
    'tidy:cancel': async () => ({ sessionId: APPROVAL }),
    // A batch on the fake API ends at once; its answer (nothing to change) is then reviewable.
    'tidy:batch-start': async () => (await services.secrets.setApiKey({ apiKey: KEY }), {}),
    'tidy:batch-review': async () => {
      await services.secrets.setApiKey({ apiKey: KEY })
      fake.script(reply('The folder is tidy already.'))
      await services.tidyBatches.send({ space: DEFAULT_SPACE_ID })
      await services.tidyBatches.poll()
      return {}
    },
    'memory:undone': async () => {
      await createNote()
      const [version] = await services.memory.history(note)
      await services.memory.revert(version!.seq)
      return { seqs: [version!.seq] }
    }
  }

  const KEY = 'sk-ant-valid-key-0001'
  /** A tidy session that has its proposal (Claude found nothing to change). */
  const tidyReady = async (): Promise<string> => {
    await services.secrets.setApiKey({ apiKey: KEY })
    fake.script(reply('The folder is tidy already.'))
    const ready = new Promise<string>((resolve) => {
      const off = services.tidy.onProgress((event) => {
        if (event.stage !== 'ready') return
        off()
        resolve(event.sessionId)
      })
    })
    await services.tidy.start({ space: DEFAULT_SPACE_ID })
    return ready
  }

  const DROPPED_BUNDLE = {
    source: 'bytes',
    name: 'hello.mcpb',
    data: Buffer.from(helloBundle()).toString('base64')
  } as const
  const bundleToken = async () => (await services.mcp.previewBundle(DROPPED_BUNDLE))?.token

  // chat:move-to-project answers once the chat side of projects lands (issue 38).
  const answering = channelNames.filter((channel) => channel !== 'chat:move-to-project')
  it.each(answering)('%s answers {ok:true,data} matching its output schema', async (channel) => {
    const made = await validInput[channel]?.()
    const input = isMemoryChannel(channel) ? inDefaultSpace(made ?? {}) : made
    const result = await answer(registryWith(), channel, input)
    expect(result.ok, JSON.stringify(result)).toBe(true)
    if (!result.ok) return
    expect(channels[channel].output.safeParse(result.data).success).toBe(true)
    expect(Object.keys(result).sort()).toEqual(['data', 'ok'])
  })

  it('runs the real services behind the channels', async () => {
    const registry = registryWith()
    const info = await answer(registry, 'app:info', undefined)
    expect(info).toMatchObject({
      ok: true,
      data: { name: 'Cairn', version: '1.2.3', memoryFolder: join(dir, 'user-data', 'memories') }
    })

    const stored = await answer(registry, 'secrets:set-api-key', {
      apiKey: 'sk-ant-valid-key-0001'
    })
    expect(stored).toEqual({
      ok: true,
      data: { configured: true, source: 'keychain', hint: '0001', keychainAvailable: true }
    })
    expect([...keychain.entries.values()]).toEqual(['sk-ant-valid-key-0001'])
    expect(JSON.stringify(await answer(registry, 'secrets:status', undefined))).not.toContain(
      'sk-ant-valid-key'
    )

    const updated = await answer(registry, 'settings:update', { maxTokens: 2048, theme: 'dark' })
    expect(updated).toMatchObject({ ok: true, data: { maxTokens: 2048, theme: 'dark' } })
    const onDisk = JSON.parse(await readFile(join(dir, 'user-data', 'settings.json'), 'utf8'))
    expect(onDisk).toMatchObject({ maxTokens: 2048, theme: 'dark' })

    const opened = await answer(registry, 'app:open-memory-folder', undefined)
    expect(opened).toEqual({ ok: true, data: { path: join(dir, 'user-data', 'memories') } })
    expect(openedFolders).toEqual([join(dir, 'user-data', 'memories')])
  })
})

const space = DEFAULT_SPACE_ID

describe('memory inputs are checked once, at the door', () => {
  // The memory engine takes typed inputs and no longer re-parses them: this is the one check.
  it('answers a malformed write, rename or list with BAD_INPUT naming the field; the store never sees it', async () => {
    const { handlers, spies } = spiedHandlers()
    const registry = registryWith(handlers)
    await answer(registry, 'memory:create', { space, path: '/memories/a.md', content: 'a' })
    const write = expectFailure(
      await answer(registry, 'memory:write', { space, path: '/memories/a.md', content: 5 }),
      'BAD_INPUT'
    )
    expect(write.message).toMatch(/content/)
    const rename = expectFailure(
      await answer(registry, 'memory:rename', { space, from: '/memories/a.md' }),
      'BAD_INPUT'
    )
    expect(rename.message).toMatch(/to/)
    const list = expectFailure(
      await answer(registry, 'memory:list', { space, limit: 100_000 }),
      'BAD_INPUT'
    )
    expect(list.message).toMatch(/limit/)
    expect(spies['memory:write']).not.toHaveBeenCalled()
    expect(spies['memory:rename']).not.toHaveBeenCalled()
    expect(spies['memory:list']).not.toHaveBeenCalled()
    expect(await readFile(join(dir, 'user-data', 'memories', 'a.md'), 'utf8')).toBe('a')
  })
})

describe('pins through the services', () => {
  it('a renamed pinned file is still pinned, in the saved settings too', async () => {
    const registry = registryWith()
    await answer(registry, 'memory:create', { space, path: '/memories/keep.md', content: 'k' })
    await answer(registry, 'settings:update', { expiry: { pinned: ['keep.md'] } })
    const renamed = await answer(registry, 'memory:rename', {
      space,
      from: '/memories/keep.md',
      to: '/memories/notes/kept.md'
    })
    expect(renamed.ok).toBe(true)
    await vi.waitFor(() =>
      expect(services.settings.get().settings.expiry.pinned).toEqual(['notes/kept.md'])
    )
    expect(
      await answer(registry, 'memory:list', { space, path: '/memories/notes/kept.md' })
    ).toMatchObject({ ok: true, data: { entries: [{ pinned: true }] } })
  })
})

describe('handler failures', () => {
  it('answers INTERNAL, not the bad data, when a handler answers outside its output schema', async () => {
    const registry = registryWith({
      'app:info': () => ({ name: 42, leaked: '/home/someone/secret' }) as never
    })
    const error = expectFailure(await answer(registry, 'app:info', undefined), 'INTERNAL')
    expect(error.message).not.toContain('42')
    expect(error.message).not.toContain('/home/someone')
  })

  it('strips fields the contract does not name from a handler answer', async () => {
    const registry = registryWith({
      'secrets:status': async () =>
        ({
          configured: true,
          source: 'keychain',
          hint: '0001',
          keychainAvailable: true,
          apiKey: 'sk-ant-should-never-cross'
        }) as never
    })
    const result = await answer(registry, 'secrets:status', undefined)
    expect(result.ok).toBe(true)
    expect(JSON.stringify(result)).not.toContain('sk-ant-should-never-cross')
  })

  it('answers a hint longer than 4 characters with INTERNAL', async () => {
    const registry = registryWith({
      'secrets:status': async () => ({
        configured: true,
        source: 'keychain',
        hint: 'sk-ant-full-key',
        keychainAvailable: true
      })
    })
    const error = expectFailure(await answer(registry, 'secrets:status', undefined), 'INTERNAL')
    expect(error.message).not.toContain('sk-ant')
  })

  it('answers a plain Error with INTERNAL and a generic message: no stack, no host path', async () => {
    const hostPath = join(dir, 'user-data', 'settings.json')
    const registry = registryWith({
      'settings:get': () => {
        throw new Error(`EACCES: permission denied, open '${hostPath}'`)
      }
    })
    const error = expectFailure(await answer(registry, 'settings:get', undefined), 'INTERNAL')
    expect(error.message).not.toContain(hostPath)
    expect(error.message).not.toContain(dir)
    expect(error.message).not.toContain('EACCES')
    expect(error.message).not.toMatch(/\bat .+:\d+:\d+/)
    expect(error.message).not.toContain('registry.test')
  })

  it('answers a rejected promise the same way', async () => {
    const registry = registryWith({
      'secrets:status': () => Promise.reject(new TypeError(`cannot read ${dir}`))
    })
    const error = expectFailure(await answer(registry, 'secrets:status', undefined), 'INTERNAL')
    expect(error.message).not.toContain(dir)
  })

  it.each([
    ['a string', 'boom /home/x'],
    ['undefined', undefined],
    ['a circular object', circular],
    ['a bigint', 7n],
    ['a null-prototype object', Object.create(null)]
  ])('answers INTERNAL when a handler throws %s', async (_label, thrown) => {
    const registry = registryWith({
      'settings:get': () => {
        throw thrown
      }
    })
    expectFailure(await answer(registry, 'settings:get', undefined), 'INTERNAL')
  })

  it('still answers when the logger itself throws', async () => {
    const throwing: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => {
        throw new Error('log disk full')
      },
      error: () => {
        throw new Error('log disk full')
      },
      redact: () => undefined
    }
    const registry = createIpcRegistry({
      handlers: {
        ...createHandlers(services),
        'settings:get': () => {
          throw new Error('boom')
        }
      },
      isTrustedUrl: trustedUrlCheck({ kind: 'app', root: RENDERER_ROOT }),
      logger: throwing
    })
    expectFailure(await answer(registry, 'settings:get', undefined), 'INTERNAL')
    expectFailure(await answer(registry, 'app:info', undefined, null), 'FORBIDDEN_SENDER')
  })

  it('passes a service error through with its code and message', async () => {
    keychain.setPassword = async () => {
      throw new Error('Secret Service is not running')
    }
    const error = expectFailure(
      await answer(registryWith(), 'secrets:set-api-key', { apiKey: 'sk-ant-valid-key-0001' }),
      'KEYCHAIN_UNAVAILABLE'
    )
    expect(error.message).toMatch(/session only/)
    expect(error.message).not.toContain('sk-ant-valid-key-0001')
  })
})

describe('BAD_INPUT messages never echo what was received', () => {
  it('does not repeat a 600-character API key', async () => {
    const key = `sk-ant-${'Q7'.repeat(296)}zz`
    expect(key.length).toBe(601)
    const error = expectFailure(
      await answer(registryWith(), 'secrets:set-api-key', { apiKey: key }),
      'BAD_INPUT'
    )
    expect(error.message).toMatch(/apiKey/)
    expect(error.message).toMatch(/too long/)
    expect(error.message).not.toContain(key)
    expect(error.message).not.toContain('Q7Q7Q7')
    // Nor in the log.
    expect(logLines.join('\n')).not.toContain('Q7Q7Q7')
  })

  it('does not repeat a key with a forbidden character', async () => {
    const key = 'sk-ant-secret value-1234'
    const error = expectFailure(
      await answer(registryWith(), 'secrets:set-api-key', { apiKey: key }),
      'BAD_INPUT'
    )
    expect(error.message).not.toContain('secret value')
  })

  it('does not repeat the names of unexpected fields', async () => {
    const registry = registryWith()
    const secretName = 'sk-ant-pasted-into-the-wrong-field-9999'
    const error = expectFailure(
      await answer(registry, 'secrets:set-api-key', { apiKey: 'abcdefgh12345', [secretName]: 1 }),
      'BAD_INPUT'
    )
    expect(error.message).not.toContain(secretName)
    expect(error.message).toMatch(/field/)
    const nested = expectFailure(
      await answer(registry, 'settings:update', { memory: { [secretName]: 1 } }),
      'BAD_INPUT'
    )
    expect(nested.message).not.toContain(secretName)
    expect(nested.message).toMatch(/^memory: /)
  })

  it('does not repeat a wrong-typed value', async () => {
    const error = expectFailure(
      await answer(registryWith(), 'app:info', 'sk-ant-typed-into-the-wrong-box'),
      'BAD_INPUT'
    )
    expect(error.message).not.toContain('sk-ant-typed')
  })
})

describe('settings:update out of range', () => {
  it('answers SETTINGS_INVALID naming the field and the range, and leaves settings.json alone', async () => {
    const registry = registryWith()
    const file = join(dir, 'user-data', 'settings.json')
    expect((await answer(registry, 'settings:update', { maxTokens: 3000 })).ok).toBe(true)
    const before = await readFile(file, 'utf8')

    const error = expectFailure(
      await answer(registry, 'settings:update', { maxTokens: 500_000 }),
      'SETTINGS_INVALID'
    )
    expect(error.message).toContain('maxTokens')
    expect(error.message).toMatch(/\b1\b/)
    expect(error.message).toContain('128,000')
    expect(error.message).not.toContain('500000')
    expect(error.message).not.toContain('500,000')

    const nested = expectFailure(
      await answer(registry, 'settings:update', { memory: { maxFiles: 0 } }),
      'SETTINGS_INVALID'
    )
    expect(nested.message).toContain('memory.maxFiles')
    expect(nested.message).toContain('100,000')

    expect(await readFile(file, 'utf8')).toBe(before)
    expect(services.settings.get().settings.maxTokens).toBe(3000)
  })
})
