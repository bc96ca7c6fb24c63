import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { writeFileDurably } from '../../fs/durable'
import { createSpaceList, type SpaceList } from '../../memory-spaces/space-list'
import { PROJECTS_FILE } from '../projects-file'
import { projectsRig } from './rig'

// A crash between the steps of a create or a delete is played by failing one step (a write that
// throws, as a crash or a full disk would stop it) and then starting again on the same files:
// the projects and the spaces agree again, in the old state or the new one, never half.

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

/** The real space list on `dataDir`, one of whose steps fails while `fail` names it. */
function failingSpaces(dataDir: string, fail: { step: 'add' | 'remove' | null }): SpaceList {
  const real = createSpaceList({ dataDir, logger: captureLogger().logger })
  return {
    ...real,
    add: async (space) => {
      if (fail.step === 'add') throw new Error('crash while registering the space')
      return real.add(space)
    },
    remove: async (id) => {
      if (fail.step === 'remove') throw new Error('crash while unregistering the space')
      return real.remove(id)
    }
  }
}

/** Writes projects.json, except the `failAt`-th write from now (1-based), which throws. */
function failingWrite(counter: { failAt: number | null }) {
  return async (target: string, data: string) => {
    if (counter.failAt !== null && --counter.failAt === 0)
      throw Object.assign(new Error('no space left'), { code: 'ENOSPC' })
    await writeFileDurably(target, data)
  }
}

describe('a crash while creating a project', () => {
  const tmp = useTempDir('cairn-projects-crash-')
  const dataDir = () => join(tmp(), 'data')

  it('before its space is registered: nothing is created', async () => {
    const fail = { step: 'add' as const }
    const { store } = await projectsRig(tmp(), { spaces: failingSpaces(dataDir(), fail) })
    await expect(store.create({ name: 'Site' })).rejects.toThrow('crash')
    const after = await projectsRig(tmp())
    expect(after.store.all()).toEqual([])
    expect(after.spaces.all().map((s) => s.id)).toEqual([DEFAULT_SPACE_ID])
  })

  it('after its space is registered, before the project is written: undone at once', async () => {
    const { store } = await projectsRig(tmp(), { write: failingWrite({ failAt: 1 }) })
    const error = await store.create({ name: 'Site' }).catch((e: Error) => e)
    expect(String(error)).toMatch(/could not be saved \(ENOSPC\)/)
    const after = await projectsRig(tmp())
    expect(after.store.all()).toEqual([])
    expect(after.spaces.all().map((s) => s.id)).toEqual([DEFAULT_SPACE_ID])
  })

  it('after its space is registered, and the undo could not run either: the next start keeps the project', async () => {
    const fail = { step: null as 'remove' | null }
    const spaces = failingSpaces(dataDir(), fail)
    const { store } = await projectsRig(tmp(), { spaces, write: failingWrite({ failAt: 1 }) })
    fail.step = 'remove'
    await expect(store.create({ name: 'Site' })).rejects.toThrow()
    const after = await projectsRig(tmp())
    const [project] = after.store.all()
    expect(project).toMatchObject({ id: 'site-s1', name: 'Site', folder: null })
    expect(after.spaces.get('site-s1')).toBeDefined()
    expect(after.lines.join('\n')).toContain('memory space without a project')
  })

  it('a project whose space was lost gets its space back', async () => {
    const first = await projectsRig(tmp())
    const made = await first.store.create({ name: 'Site' })
    await writeFile(join(dataDir(), 'memory-spaces.json'), '{ broken')
    const after = await projectsRig(tmp())
    expect(after.spaces.get(made.id)).toMatchObject({ folder: made.memoryFolder })
    expect(after.lines.join('\n')).toContain('project without a memory space')
  })
})

describe('a crash while deleting a project', () => {
  const tmp = useTempDir('cairn-projects-crash-')

  async function made(options: Parameters<typeof projectsRig>[1] = {}) {
    const site = join(tmp(), 'home', 'site')
    await mkdir(site, { recursive: true })
    await writeFile(join(site, 'README.md'), 'mine')
    const rig = await projectsRig(tmp(), options)
    const project = await rig.store.create({ name: 'Site', folder: site })
    await writeFile(join(project.memoryFolder, 'note.md'), 'n')
    rig.chatsIn.set(project.id, 2)
    return { ...rig, project, site }
  }

  /** The state after a restart: old (the project whole) or new (all of it gone, chats moved). */
  async function expectWhole(kind: 'old' | 'new', project: { id: string; memoryFolder: string }) {
    const chatsIn = new Map([[project.id, 2]])
    const after = await projectsRig(tmp(), { chatsIn })
    const listed = !!after.spaces.get(project.id)
    const kept = !!after.store.get(project.id)
    const note = await exists(join(project.memoryFolder, 'note.md'))
    if (kind === 'old')
      expect({ listed, kept, note }).toEqual({ listed: true, kept: true, note: true })
    else {
      expect({ listed, kept, note }).toEqual({ listed: false, kept: false, note: false })
      expect(chatsIn.has(project.id)).toBe(false)
      expect(await exists(join(tmp(), 'home', 'site', 'README.md'))).toBe(true)
    }
    return after
  }

  it('before the decision is written: the project stays whole', async () => {
    const counter = { failAt: null as number | null }
    const { store, project } = await made({ write: failingWrite(counter) })
    counter.failAt = 1
    await expect(store.delete({ id: project.id, memory: 'delete' })).rejects.toThrow(/ENOSPC/)
    await expectWhole('old', project)
  })

  it('while its chats move: the next start finishes the delete', async () => {
    let crash = true
    const chatsIn = new Map<string, number>()
    const { store, project } = await made({
      chatsIn,
      chats: {
        countIn: async () => ({ chats: 2, running: 0 }),
        moveAllOutOf: async () => {
          if (crash) throw new Error('crash while moving chats')
          return 2
        }
      }
    })
    await expect(store.delete({ id: project.id, memory: 'delete' })).rejects.toThrow('crash')
    crash = false
    const after = await expectWhole('new', project)
    expect(after.lines.join('\n')).toContain('finishing a project delete that did not complete')
  })

  it("keeping its memory, while its chats move: the next start removes Cairn's state, never the memory", async () => {
    let crash = true
    const { store, project, dataDir } = await made({
      chats: {
        countIn: async () => ({ chats: 2, running: 0 }),
        moveAllOutOf: async () => {
          if (crash) throw new Error('crash while moving chats')
          return 2
        }
      }
    })
    const sidecar = join(dataDir, 'spaces', project.id, 'state', 'sync-state')
    await mkdir(sidecar, { recursive: true })
    await writeFile(join(sidecar, 'sync.json'), '{}')
    await expect(store.delete({ id: project.id, memory: 'keep' })).rejects.toThrow('crash')
    crash = false
    const after = await projectsRig(tmp())
    expect(after.store.get(project.id)).toBeUndefined()
    expect(after.spaces.get(project.id)).toBeUndefined()
    expect(await readFile(join(project.memoryFolder, 'note.md'), 'utf8')).toBe('n')
    expect(await exists(join(dataDir, 'spaces', project.id))).toBe(false)
  })

  it('while its space is unregistered: the next start finishes the delete', async () => {
    const fail = { step: null as 'remove' | null }
    const dataDir = join(tmp(), 'data')
    const { store, project } = await made({ spaces: failingSpaces(dataDir, fail) })
    fail.step = 'remove'
    await expect(store.delete({ id: project.id, memory: 'delete' })).rejects.toThrow('crash')
    await expectWhole('new', project)
  })

  it('before its last note is written: the next start finishes it, and nothing else goes', async () => {
    const counter = { failAt: null as number | null }
    const { store, project } = await made({ write: failingWrite(counter) })
    counter.failAt = 2
    await expect(store.delete({ id: project.id, memory: 'delete' })).rejects.toThrow(/ENOSPC/)
    const after = await expectWhole('new', project)
    const onDisk = JSON.parse(await readFile(join(tmp(), 'data', PROJECTS_FILE), 'utf8'))
    expect(onDisk).toEqual({ version: 1, projects: [], removing: [] })
    expect(after.store.all()).toEqual([])
  })
})
