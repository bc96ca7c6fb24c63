import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { defaultSettings, MemoryCapsSchema } from '@shared/app/settings'
import { CONVERSATION_VERSION } from '@shared/chat/chat'
import {
  memory,
  reply,
  startFakeAnthropic,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'
import { createHandlers } from '../../../ipc/handlers'
import { captureLogger, expectCairnError, useTempDir } from '../../__tests__/helpers'
import { useServices } from '../../__tests__/services-on-fake'
import { SPACE_SETTINGS_FILE, createSpaceSettingsStore } from '../space-settings'
import type { SpaceDescriptor } from '../space-list'

// A project's memory space may keep its own caps, expiry, history, secret guard and approval
// setting, or follow Settings; "No project" always follows Settings, as before spaces.

const tempDir = useTempDir('cairn-space-settings-')
const KEY = 'sk-ant-api03-space-settings-key-4242'
const CHAT = 'c0nv0002-0000-4000-8000-00000000site'
const startServices = useServices('space-settings')
let fake: FakeAnthropic | undefined

afterEach(async () => {
  await fake?.close()
  fake = undefined
})

function projectSpace(root: string): SpaceDescriptor {
  return {
    id: 'site',
    name: 'Client site',
    root: join(root, 'site'),
    folder: join(root, 'site', '.cairn', 'memories'),
    stateDir: join(root, 'user-data', 'spaces', 'site')
  }
}

async function start(options: { anthropic?: { baseURL: string } } = {}) {
  const userDataDir = join(tempDir(), 'user-data')
  await mkdir(join(userDataDir, 'conversations'), { recursive: true })
  const services = await startServices(userDataDir, {
    env: { ANTHROPIC_API_KEY: KEY },
    ...(options.anthropic ? { anthropic: options.anthropic } : {})
  })
  if (!services.spaceList.get('site')) await services.spaceList.add(projectSpace(tempDir()))
  return { services, handlers: createHandlers(services) }
}

const twoKilobytes = 'x'.repeat(2_048)
const twoKilobytesAt = (space: string, path: string) =>
  ({ space, path, content: twoKilobytes, kind: 'file' }) as const
const smallCaps = { ...MemoryCapsSchema.parse({}), maxFileBytes: 1_024 }

describe("a space's own settings", () => {
  test("a project's own caps apply to its memory; No project keeps Settings' caps", async () => {
    const { handlers } = await start()
    const state = await handlers['memory:update-space-settings']({
      space: 'site',
      section: 'memory',
      value: smallCaps
    })
    expect(state.own.memory?.maxFileBytes).toBe(1_024)
    expect(state.effective.memory.maxFileBytes).toBe(1_024)
    await expect(
      handlers['memory:create'](twoKilobytesAt('site', '/memories/big.md'))
    ).rejects.toThrow(/1 KB|1,024|limit|cap/i)
    await handlers['memory:create'](twoKilobytesAt('default', '/memories/big.md'))
    // Given back to Settings, the project's memory takes the same file.
    await handlers['memory:update-space-settings']({
      space: 'site',
      section: 'memory',
      value: null
    })
    await handlers['memory:create'](twoKilobytesAt('site', '/memories/big.md'))
  })

  test('a Settings change reaches a space that follows Settings, not one with its own', async () => {
    const { services: app, handlers } = await start()
    await handlers['memory:update-space-settings']({
      space: 'site',
      section: 'memory',
      value: { ...MemoryCapsSchema.parse({}), maxFileBytes: 8_192 }
    })
    await app.settings.update({ memory: { maxFileBytes: 1_024 } })
    const site = await handlers['memory:space-settings']({ space: 'site' })
    expect(site.effective.memory.maxFileBytes).toBe(8_192)
    await handlers['memory:create'](twoKilobytesAt('site', '/memories/ok.md'))
    await expect(
      handlers['memory:create'](twoKilobytesAt('default', '/memories/no.md'))
    ).rejects.toThrow()
  })

  test('"No project" follows Settings and says where to change it', async () => {
    const { handlers } = await start()
    const state = await handlers['memory:space-settings']({ space: 'default' })
    expect(state.canOverride).toBe(false)
    const refused = await expectCairnError(
      Promise.resolve().then(() =>
        handlers['memory:update-space-settings']({
          space: 'default',
          section: 'memoryWriteApproval',
          value: 'ask-all'
        })
      ),
      'BAD_INPUT'
    )
    expect(refused.message).toMatch(/Settings → Memory/)
  })

  test("a project's approval setting decides whether Claude's write waits", async () => {
    fake = await startFakeAnthropic({ apiKey: KEY })
    const userDataDir = join(tempDir(), 'user-data')
    await mkdir(join(userDataDir, 'conversations'), { recursive: true })
    await writeFile(
      join(userDataDir, 'conversations', `${CHAT}.json`),
      JSON.stringify({
        version: CONVERSATION_VERSION,
        id: CHAT,
        title: 'Site work',
        titleSource: 'user',
        model: 'claude-sonnet-4-6',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        space: 'site',
        messages: []
      })
    )
    const { services: app, handlers } = await start({ anthropic: { baseURL: fake.url } })
    await handlers['memory:update-space-settings']({
      space: 'site',
      section: 'memoryWriteApproval',
      value: 'ask-all'
    })
    // The write waits for the user, or (wrongly) the answer finishes without asking.
    const pending = new Promise<string>((resolve) =>
      app.chat.onEvent((event, payload) => {
        if (event === 'chat:approval-pending') resolve((payload as { path: string }).path)
        if (event === 'chat:done') resolve('no approval was asked')
      })
    )
    fake.script(
      reply([memory({ command: 'create', path: '/memories/stack.md', file_text: 'Next.js\n' })]),
      reply('Noted.')
    )
    await handlers['chat:send-message']({ conversationId: CHAT, text: 'Remember our stack' })
    // Settings say "automatic"; the project's own setting makes the write wait for the user.
    expect(defaultSettings().memoryWriteApproval).toBe('automatic')
    expect(await pending).toBe('/memories/stack.md')
  })
})

describe('the space settings file', () => {
  test('is kept in the space state folder and read back after a restart', async () => {
    const space = projectSpace(tempDir())
    const logger = captureLogger().logger
    const first = createSpaceSettingsStore({ global: defaultSettings, logger })
    await first.update(space, { space: 'site', section: 'history', value: null })
    await first.update(space, { space: 'site', section: 'pinned', value: ['keep/**'] })
    const saved = JSON.parse(await readFile(join(space.stateDir, SPACE_SETTINGS_FILE), 'utf8'))
    expect(saved).toEqual({ pinned: ['keep/**'] })
    const second = createSpaceSettingsStore({ global: defaultSettings, logger })
    expect((await second.effective(space)).expiry.pinned).toEqual(['keep/**'])
  })

  test('a damaged file is moved aside, never lost, and the space follows Settings', async () => {
    const space = projectSpace(tempDir())
    await mkdir(space.stateDir, { recursive: true })
    await writeFile(join(space.stateDir, SPACE_SETTINGS_FILE), '{"memory": {"maxFiles": -3}')
    const log = captureLogger()
    const store = createSpaceSettingsStore({ global: defaultSettings, logger: log.logger })
    expect((await store.effective(space)).memory).toEqual(defaultSettings().memory)
    const files = await readdir(space.stateDir)
    expect(files.some((name) => name.startsWith('space-settings.corrupt-'))).toBe(true)
    expect(log.lines.join('\n')).toContain('moved aside')
  })
})
