import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONVERSATION_VERSION } from '@shared/chat/chat'
import type { EventName } from '@shared/contract'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { expectCairnError, useTempDir } from '../../services/__tests__/helpers'
import { useServices } from '../../services/__tests__/services-on-fake'
import { readArchiveFile } from '../../services/backup/archive-io'
import { checkedEmitter, wireEvents } from '../events'
import { createHandlers } from '../handlers'

// The projects channels on the real services: a project from a folder the dialog picked, its
// memory as a space of its own, knowledge taken in as attachments are, and a delete that moves
// its chats to "No project" and archives its memory as an export Import can read.

const CHAT = 'c0nv0001-0000-4000-8000-0000project'
/** A handler's answer as a promise (handlers may answer at once). */
const later = <T>(run: () => T | Promise<T>): Promise<T> => Promise.resolve().then(run)

describe('projects through the channels', () => {
  const tmp = useTempDir('cairn-projects-ipc-')
  const startServices = useServices('projects-ipc')

  async function start(picks: { folder?: string | null; files?: string[] } = {}) {
    const services = await startServices(join(tmp(), 'data'), {
      pickFolder: async () => picks.folder ?? null,
      pickFiles: async () => picks.files ?? []
    })
    const sent: Array<[EventName, unknown]> = []
    wireEvents(
      services,
      checkedEmitter((event, payload) => sent.push([event, payload]))
    )
    return { handlers: createHandlers(services), sent, services }
  }

  it('makes a project from a picked folder, with a memory and knowledge of its own', async () => {
    const site = join(tmp(), 'home', 'site')
    await mkdir(site, { recursive: true })
    const spec = join(tmp(), 'spec.md')
    const junk = join(tmp(), 'tool.exe')
    await writeFile(spec, '# Spec\nShip on Friday.\n')
    await writeFile(junk, Buffer.from([0x4d, 0x5a, 0, 0, 1, 2, 3]))
    const { handlers, sent } = await start({ folder: site, files: [spec, junk] })

    expect(await handlers['projects:pick-folder'](undefined)).toEqual({
      folder: site,
      memoryFolder: join(site, '.cairn', 'memories'),
      refused: null
    })
    const project = await handlers['projects:create']({ name: 'Site', folder: site })
    await handlers['memory:create']({
      space: project.id,
      path: '/memories/stack.md',
      content: 'Next.js',
      kind: 'file'
    })
    expect(await readFile(join(site, '.cairn', 'memories', 'stack.md'), 'utf8')).toBe('Next.js')
    expect((await handlers['memory:list']({ space: DEFAULT_SPACE_ID })).entries).toEqual([])
    expect(await handlers['memory:spaces'](undefined)).toEqual({
      spaces: [
        { id: DEFAULT_SPACE_ID, name: 'No project', folder: join(tmp(), 'data', 'memories') },
        { id: project.id, name: 'Site', folder: project.memoryFolder }
      ]
    })

    const added = await handlers['projects:add-knowledge']({ id: project.id })
    expect(added.project.knowledge).toMatchObject([
      { name: 'spec.md', kind: 'text', fileId: null, inlineReason: null }
    ])
    expect(added.refused.map((r) => r.name)).toEqual(['tool.exe'])
    expect((await handlers['projects:list'](undefined)).projects).toEqual([added.project])
    const changed = sent.filter(([event]) => event === 'projects:changed')
    expect(changed.at(-1)?.[1]).toEqual({ projects: [added.project] })

    // The same folder again, now a project's: the dialog's answer says why not.
    expect(await handlers['projects:pick-folder'](undefined)).toMatchObject({
      folder: site,
      memoryFolder: null,
      refused: expect.stringContaining('"Site"')
    })
  })

  it('says why a picked folder cannot be used, and answers nothing when cancelled', async () => {
    const { handlers, services } = await start({ folder: join(tmp(), 'data') })
    const answer = await handlers['projects:pick-folder'](undefined)
    expect(answer.refused).toMatch(/data folder/)
    await expectCairnError(
      later(() => handlers['projects:create']({ name: 'Data', folder: join(tmp(), 'data') })),
      'SPACE_REFUSED'
    )
    await services.dispose()
    const cancelled = await start({ folder: null })
    expect(await cancelled.handlers['projects:pick-folder'](undefined)).toEqual({
      folder: null,
      memoryFolder: null,
      refused: null
    })
  })

  it('deletes a project: its chats go to "No project", its memory to an archive Import reads', async () => {
    const first = await start()
    const project = await first.handlers['projects:create']({ name: 'Site' })
    await first.handlers['memory:create']({
      space: project.id,
      path: '/memories/stack.md',
      content: 'Next.js',
      kind: 'file'
    })
    await first.services.dispose()
    // A chat of the project, as a chat moved there is saved.
    await mkdir(join(tmp(), 'data', 'conversations'), { recursive: true })
    await writeFile(
      join(tmp(), 'data', 'conversations', `${CHAT}.json`),
      JSON.stringify({
        version: CONVERSATION_VERSION,
        id: CHAT,
        title: 'Site work',
        titleSource: 'user',
        model: 'claude-sonnet-4-6',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        space: project.id,
        messages: []
      })
    )
    const { handlers, sent } = await start()
    const listed = await handlers['chat:list-conversations'](undefined)
    expect(listed.conversations.map((c) => c.space)).toEqual([project.id])

    const preview = await handlers['projects:delete-preview']({ id: project.id })
    expect(preview).toMatchObject({
      chats: 1,
      userFolder: false,
      files: ['/memories/stack.md'],
      more: 0
    })
    const result = await handlers['projects:delete']({ id: project.id, memory: 'archive' })
    expect(result.chatsMoved).toBe(1)
    const archive = await readArchiveFile(result.archivedTo!)
    expect([...archive.files.keys()]).toEqual(['stack.md'])
    expect(archive.files.get('stack.md')?.toString()).toBe('Next.js')

    const { conversation } = await handlers['chat:get-conversation']({ conversationId: CHAT })
    expect(conversation.space).toBeUndefined()
    expect(sent).toContainEqual([
      'chat:rewritten',
      expect.objectContaining({ conversationId: CHAT })
    ])
    expect(sent.filter(([e]) => e === 'projects:changed').at(-1)?.[1]).toEqual({ projects: [] })
    expect(await readdir(join(tmp(), 'data', 'spaces'))).toEqual([])
    expect((await handlers['memory:spaces'](undefined)).spaces.map((s) => s.id)).toEqual([
      DEFAULT_SPACE_ID
    ])
    await expectCairnError(
      later(() => handlers['memory:list']({ space: project.id })),
      'SPACE_NOT_FOUND'
    )
    // The chat file on disk says "No project" too.
    const onDisk = JSON.parse(
      await readFile(join(tmp(), 'data', 'conversations', `${CHAT}.json`), 'utf8')
    )
    expect(onDisk.space).toBeUndefined()
    await expect(stat(result.archivedTo!)).resolves.toBeTruthy()
  })
})
