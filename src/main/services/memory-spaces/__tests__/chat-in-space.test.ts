import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { CONVERSATION_VERSION } from '@shared/chat/chat'
import { memory, reply } from '../../../../../e2e/fake-anthropic'
import { createHandlers } from '../../../ipc/handlers'
import { useTempDir } from '../../__tests__/helpers'
import { useServicesOnFake } from '../../__tests__/services-on-fake'

// A chat whose conversation names a space sees that space as /memories: Claude's write lands in
// the project's folder, and the default space never sees it.

const tempDir = useTempDir('cairn-chat-space-')
const KEY = 'sk-ant-api03-space-test-key-4242'
const ID = 'c0nv0001-0000-4000-8000-00000000site'
const startServices = useServicesOnFake('chat-space')

test("Claude's memory command in a project's chat writes in that project's space only", async () => {
  const userDataDir = join(tempDir(), 'user-data')
  const project = join(tempDir(), 'site')
  await mkdir(join(userDataDir, 'conversations'), { recursive: true })
  await writeFile(
    join(userDataDir, 'conversations', `${ID}.json`),
    JSON.stringify({
      version: CONVERSATION_VERSION,
      id: ID,
      title: 'Site work',
      titleSource: 'user',
      model: 'claude-sonnet-4-6',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      space: 'site',
      messages: []
    })
  )
  const { services, fake } = await startServices({ userDataDir, apiKey: KEY })
  await services.spaceList.add({
    id: 'site',
    name: 'Client site',
    root: project,
    folder: join(project, '.cairn', 'memories'),
    stateDir: join(userDataDir, 'spaces', 'site')
  })
  const finished = new Promise<void>((resolve) =>
    services.chat.onEvent((event) => {
      if (event === 'chat:done' || event === 'chat:error') resolve()
    })
  )
  fake.script(
    reply([memory({ command: 'create', path: '/memories/stack.md', file_text: 'Next.js\n' })]),
    reply('Noted.')
  )
  const handlers = createHandlers(services)
  await handlers['chat:send-message']({ conversationId: ID, text: 'Remember our stack' })
  await finished

  expect(await readFile(join(project, '.cairn', 'memories', 'stack.md'), 'utf8')).toBe('Next.js\n')
  await expect(stat(join(userDataDir, 'memories', 'stack.md'))).rejects.toMatchObject({
    code: 'ENOENT'
  })
  const inSite = await handlers['memory:list']({ space: 'site' })
  expect(inSite.entries.map((entry) => entry.path)).toEqual(['/memories/stack.md'])
  const inDefault = await handlers['memory:list']({ space: 'default' })
  expect(inDefault.entries).toEqual([])
})
