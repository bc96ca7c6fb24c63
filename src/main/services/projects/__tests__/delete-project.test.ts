import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { expectCairnError, listFiles, useTempDir } from '../../__tests__/helpers'
import { PROJECT_ARCHIVES_FOLDER } from '../delete-project'
import { projectsRig } from './rig'

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

async function put(path: string, text = 'x'): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
}

describe('deleting a project', () => {
  const tmp = useTempDir('cairn-project-delete-')

  /** A project from a folder, with notes, and decoys beside its memory folder. */
  async function folderProject() {
    const site = join(tmp(), 'home', 'site')
    await put(join(site, 'README.md'), 'mine')
    await put(join(site, '.cairn', 'settings.json'), '{}')
    await put(join(tmp(), 'home', 'outside.md'), 'beside')
    const rig = await projectsRig(tmp(), { chatsIn: new Map() })
    const project = await rig.store.create({ name: 'Site', folder: site })
    const memories = project.memoryFolder
    await put(join(memories, 'notes.md'), 'n')
    await put(join(memories, 'people', 'ana.md'), 'a')
    // A link to a file outside: the delete removes the link, never what it points at.
    await symlink(join(tmp(), 'home', 'outside.md'), join(memories, 'link.md'))
    await put(join(rig.dataDir, 'spaces', project.id, 'state', 'index.json'), '{}')
    rig.chatsIn.set(project.id, 3)
    return { ...rig, project, site, memories }
  }

  it('previews the chats, the memory folder and exactly the files that would go', async () => {
    const { store, project, memories } = await folderProject()
    expect(await store.deletePreview(project.id)).toEqual({
      id: project.id,
      name: 'Site',
      chats: 3,
      memoryFolder: memories,
      userFolder: true,
      files: ['/memories/link.md', '/memories/notes.md', '/memories/people/ana.md'],
      more: 0
    })
  })

  it('deletes only the listed memory files of a picked folder; the folder and its other files stay', async () => {
    const { store, spaces, project, site, memories, dataDir, closed, chatsIn } =
      await folderProject()
    await store.deletePreview(project.id)
    // Written after the user saw the list: not theirs to lose.
    await put(join(memories, 'later.md'), 'new')
    const result = await store.delete({ id: project.id, memory: 'delete' })
    expect(result).toEqual({ chatsMoved: 3, archivedTo: null })
    expect(chatsIn.has(project.id)).toBe(false)
    expect(closed).toContain(project.id)
    expect(store.all()).toEqual([])
    expect(spaces.get(project.id)).toBeUndefined()
    expect((await listFiles(site)).sort()).toEqual(
      [
        join(site, '.cairn', 'memories', 'later.md'),
        join(site, '.cairn', 'settings.json'),
        join(site, 'README.md')
      ].sort()
    )
    expect(await readFile(join(tmp(), 'home', 'outside.md'), 'utf8')).toBe('beside')
    expect(await exists(join(dataDir, 'spaces', project.id))).toBe(false)
  })

  it('never follows a folder that became a link after the preview', async () => {
    const { store, project, memories } = await folderProject()
    await store.deletePreview(project.id)
    // people/ is swapped for a link to a folder outside that holds a file of the same name.
    const decoys = join(tmp(), 'home', 'decoys')
    await put(join(decoys, 'ana.md'), 'not memory')
    await rm(join(memories, 'people'), { recursive: true })
    await symlink(decoys, join(memories, 'people'))
    await store.delete({ id: project.id, memory: 'delete' })
    expect(await readFile(join(decoys, 'ana.md'), 'utf8')).toBe('not memory')
  })

  it('removes the emptied .cairn folders, never the picked folder', async () => {
    const site = join(tmp(), 'home', 'bare')
    await mkdir(site, { recursive: true })
    const { store } = await projectsRig(tmp())
    const project = await store.create({ name: 'Bare', folder: site })
    await put(join(project.memoryFolder, 'a', 'b', 'c.md'))
    await store.delete({ id: project.id, memory: 'delete' })
    expect(await readdir(site)).toEqual([])
    expect(await exists(site)).toBe(true)
  })

  it('deletes a data-folder project: its memory and state, nothing of the other projects', async () => {
    const { store, dataDir } = await projectsRig(tmp())
    const doomed = await store.create({ name: 'Doomed' })
    const kept = await store.create({ name: 'Kept' })
    await put(join(doomed.memoryFolder, 'a.md'))
    await put(join(kept.memoryFolder, 'b.md'))
    await put(join(dataDir, 'memories', 'home.md'))
    await store.delete({ id: doomed.id, memory: 'delete' })
    expect(await readdir(join(dataDir, 'spaces'))).toEqual([kept.id])
    expect(await exists(join(kept.memoryFolder, 'b.md'))).toBe(true)
    expect(await exists(join(dataDir, 'memories', 'home.md'))).toBe(true)
  })

  it("keeps the memory folder as it is when asked to keep it; Cairn's own state for it goes", async () => {
    const { store, spaces, project, memories, dataDir } = await folderProject()
    const before = (await listFiles(join(tmp(), 'home'))).sort()
    expect(await store.delete({ id: project.id, memory: 'keep' })).toEqual({
      chatsMoved: 3,
      archivedTo: null
    })
    expect(spaces.get(project.id)).toBeUndefined()
    expect((await listFiles(join(tmp(), 'home'))).sort()).toEqual(before)
    expect(await exists(join(memories, 'notes.md'))).toBe(true)
    expect(await exists(join(dataDir, 'spaces', project.id))).toBe(false)
  })

  it('keeps a data-folder memory where it is and removes only its state', async () => {
    const { store, dataDir } = await projectsRig(tmp())
    const project = await store.create({ name: 'Kept here' })
    await put(join(project.memoryFolder, 'a.md'))
    const state = join(dataDir, 'spaces', project.id, 'state')
    await put(join(state, 'sync-state', 'sidecar.json'))
    await store.delete({ id: project.id, memory: 'keep' })
    expect(await exists(join(project.memoryFolder, 'a.md'))).toBe(true)
    expect(await exists(state)).toBe(false)
  })

  it('archives into the data folder before removing the files; a failed archive changes nothing', async () => {
    const archived: string[] = []
    let fail = true
    const { store, project, memories } = await folderProject().then(async (made) => {
      // The same data folder, a store whose archive writes a file (or fails).
      const rig = await projectsRig(tmp(), {
        chatsIn: made.chatsIn,
        archive: async (id, dest) => {
          if (fail) throw new Error('disk full')
          expect(await exists(join(made.memories, 'notes.md'))).toBe(true)
          await writeFile(dest, `archive of ${id}`)
          archived.push(dest)
        }
      })
      return { ...made, store: rig.store }
    })
    await expect(store.delete({ id: project.id, memory: 'archive' })).rejects.toThrow('disk full')
    expect(store.get(project.id)).toBeDefined()
    expect(await exists(join(memories, 'notes.md'))).toBe(true)
    fail = false
    const { archivedTo } = await store.delete({ id: project.id, memory: 'archive' })
    expect(archivedTo).toBe(archived[0])
    expect(dirname(archivedTo!)).toBe(join(tmp(), 'data', PROJECT_ARCHIVES_FOLDER))
    expect(archivedTo).toMatch(new RegExp(`${project.id}-2026-01-02T03-04-05-000Z\\.cairnmem$`))
    expect(await exists(join(memories, 'notes.md'))).toBe(false)
  })

  it('refuses "No project", a project that does not exist, and one with a reply running', async () => {
    const running = new Map([['busy-s1', 1]])
    const { store } = await projectsRig(tmp(), {
      chats: {
        countIn: async (space) => ({ chats: 1, running: running.get(space) ?? 0 }),
        moveAllOutOf: async () => 0
      }
    })
    const error = await expectCairnError(
      store.delete({ id: DEFAULT_SPACE_ID, memory: 'delete' }),
      'BAD_INPUT'
    )
    expect(error.detail).toContain('No project')
    await expectCairnError(store.deletePreview(DEFAULT_SPACE_ID), 'BAD_INPUT')
    await expectCairnError(store.delete({ id: 'gone-s1', memory: 'keep' }), 'SPACE_NOT_FOUND')
    const busy = await store.create({ name: 'Busy' })
    await expectCairnError(store.delete({ id: busy.id, memory: 'delete' }), 'CHAT_BUSY')
    expect(store.get(busy.id)).toBeDefined()
  })

  it('refuses while its memory is in use, and closes the space before touching its folder', async () => {
    let open = true
    const seen: boolean[] = []
    const rig = await projectsRig(tmp(), {
      registry: {
        closeIfIdle: async () => {
          seen.push(await exists(join(tmp(), 'data', 'spaces', 'site-s1', 'memories', 'a.md')))
          return !open
        },
        isOpen: () => open
      }
    })
    const project = await rig.store.create({ name: 'Site' })
    await put(join(project.memoryFolder, 'a.md'))
    await expectCairnError(rig.store.delete({ id: project.id, memory: 'delete' }), 'CHAT_BUSY')
    expect(rig.store.get(project.id)).toBeDefined()
    open = false
    await rig.store.delete({ id: project.id, memory: 'delete' })
    expect(seen.every(Boolean)).toBe(true)
  })
})
