import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID, SpaceIdSchema } from '@shared/memory/spaces'
import type { KnowledgeFile } from '@shared/projects/projects'
import { expectCairnError, useTempDir } from '../../__tests__/helpers'
import { newProjectId } from '../project-folders'
import { PROJECTS_FILE } from '../projects-file'
import { projectsRig } from './rig'

const knowledge = (hash: string, size = 10): KnowledgeFile => ({
  hash: hash.repeat(64).slice(0, 64),
  name: `${hash}.md`,
  kind: 'text',
  mediaType: 'text/plain',
  size,
  addedAt: '2026-01-02T03:04:05.000Z',
  fileId: null,
  inlineReason: null
})

describe('project ids', () => {
  it('are the slug of the name and a short suffix, always a valid space id', () => {
    expect(newProjectId('Client Site — 2026!', 'a1b2c3')).toBe('client-site-2026-a1b2c3')
    expect(newProjectId('日本語', 'a1b2c3')).toBe('project-a1b2c3')
    expect(newProjectId('x'.repeat(100), 'a1b2c3')).toMatch(/^x{40}-a1b2c3$/)
    for (const name of ['---', 'A', 'Ünïcödé', ' a b ', 'default'])
      expect(SpaceIdSchema.safeParse(newProjectId(name)).success).toBe(true)
    expect(newProjectId('default')).not.toBe(DEFAULT_SPACE_ID)
  })
})

describe('the projects store', () => {
  const tmp = useTempDir('cairn-projects-')

  it('creates a project with its memory in the data folder, registered as its space', async () => {
    const { store, spaces, dataDir } = await projectsRig(tmp())
    const made = await store.create({ name: 'Client site', instructions: 'Be brief.' })
    expect(made).toMatchObject({
      id: 'client-site-s1',
      name: 'Client site',
      instructions: 'Be brief.',
      knowledge: [],
      defaults: {},
      folder: null,
      memoryFolder: join(dataDir, 'spaces', 'client-site-s1', 'memories')
    })
    expect(spaces.get(made.id)).toEqual({
      id: made.id,
      name: 'Client site',
      root: made.memoryFolder,
      folder: made.memoryFolder,
      stateDir: join(dataDir, 'spaces', made.id, 'state')
    })
    expect((await stat(made.memoryFolder)).isDirectory()).toBe(true)
    // A restart reads the same projects back.
    const again = await projectsRig(tmp())
    expect(again.store.all()).toEqual([made])
  })

  it('creates a project from a folder: memory in <folder>/.cairn/memories, state in the data folder', async () => {
    const folder = join(tmp(), 'home', 'site')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'README.md'), 'mine')
    const { store, spaces, dataDir } = await projectsRig(tmp())
    const made = await store.create({ name: 'Site', folder })
    expect(made.folder).toBe(folder)
    expect(made.memoryFolder).toBe(join(folder, '.cairn', 'memories'))
    expect(spaces.get(made.id)).toMatchObject({
      root: folder,
      folder: made.memoryFolder,
      stateDir: join(dataDir, 'spaces', made.id, 'state')
    })
    expect((await readdir(folder)).sort()).toEqual(['.cairn', 'README.md'])
  })

  it('takes the same name twice (ids differ) and refuses an empty one', async () => {
    const { store } = await projectsRig(tmp())
    const one = await store.create({ name: 'Notes' })
    const two = await store.create({ name: 'Notes' })
    expect(one.id).not.toBe(two.id)
    const error = await expectCairnError(store.create({ name: '   ' }), 'BAD_INPUT')
    expect(error.detail).toMatch(/needs a name/)
    expect(store.all()).toHaveLength(2)
  })

  it.each([
    ['a system folder', () => '/etc', /system folder/],
    ['the home folder', (dir: string) => join(dir, 'home'), /far more than one project/],
    ["Cairn's data folder", (dir: string) => join(dir, 'data'), /data folder/],
    ['a folder inside the data folder', (dir: string) => join(dir, 'data', 'x'), /data folder/],
    ['a folder that does not exist', (dir: string) => join(dir, 'home', 'gone'), /does not exist/],
    ['a relative path', () => 'site', /full path/]
  ])('refuses %s, and writes nothing', async (_label, folderOf, reason) => {
    const { store, spaces } = await projectsRig(tmp())
    await mkdir(join(tmp(), 'home'), { recursive: true })
    await mkdir(join(tmp(), 'data', 'x'), { recursive: true })
    const error = await expectCairnError(
      store.create({ name: 'Site', folder: folderOf(tmp()) }),
      'SPACE_REFUSED'
    )
    expect(error.detail).toMatch(reason)
    expect(store.all()).toEqual([])
    expect(spaces.all().map((s) => s.id)).toEqual([DEFAULT_SPACE_ID])
    await expect(stat(join(tmp(), 'data', PROJECTS_FILE))).rejects.toMatchObject({
      code: 'ENOENT'
    })
  })

  it("refuses a folder inside (or holding) another project's folder", async () => {
    const site = join(tmp(), 'home', 'site')
    await mkdir(join(site, 'docs'), { recursive: true })
    const { store } = await projectsRig(tmp())
    await store.create({ name: 'Site', folder: site })
    const inside = await expectCairnError(
      store.create({ name: 'Docs', folder: join(site, 'docs') }),
      'SPACE_REFUSED'
    )
    expect(inside.detail).toContain('"Site"')
    await expectCairnError(
      store.create({ name: 'Home', folder: join(tmp(), 'home') }),
      'SPACE_REFUSED'
    )
    await expectCairnError(store.create({ name: 'Again', folder: site }), 'SPACE_REFUSED')
    expect(store.all()).toHaveLength(1)
  })

  it('updates name, instructions and defaults, and tells listeners each change', async () => {
    const { store } = await projectsRig(tmp())
    const heard: string[][] = []
    store.onChange((projects) => heard.push(projects.map((p) => p.name)))
    const made = await store.create({ name: 'Site' })
    const updated = await store.update({
      id: made.id,
      name: 'Client site',
      instructions: 'Use British spelling.',
      defaults: { model: 'claude-sonnet-4-5', webSearch: true }
    })
    expect(updated).toMatchObject({
      name: 'Client site',
      instructions: 'Use British spelling.',
      defaults: { model: 'claude-sonnet-4-5', webSearch: true }
    })
    expect(heard).toEqual([['Site'], ['Client site']])
    await expectCairnError(store.update({ id: made.id, name: '' }), 'BAD_INPUT')
    await expectCairnError(store.update({ id: 'gone-s9', name: 'x' }), 'SPACE_NOT_FOUND')
    await expectCairnError(store.update({ id: DEFAULT_SPACE_ID, name: 'x' }), 'BAD_INPUT')
  })

  it('adds knowledge once per file, records uploads, and removes it', async () => {
    const { store } = await projectsRig(tmp())
    const { id } = await store.create({ name: 'Site' })
    await store.addKnowledge(id, [knowledge('a'), knowledge('b')])
    const twice = await store.addKnowledge(id, [knowledge('a')])
    expect(twice.knowledge.map((k) => k.name)).toEqual(['a.md', 'b.md'])
    const uploaded = await store.setKnowledgeUpload(id, knowledge('a').hash, {
      fileId: 'file_011',
      inlineReason: null
    })
    expect(uploaded.knowledge[0]).toMatchObject({ fileId: 'file_011', inlineReason: null })
    expect(store.knowledgeHashes()).toEqual([knowledge('a').hash, knowledge('b').hash])
    const removed = await store.removeKnowledge(id, knowledge('a').hash)
    expect(removed.knowledge.map((k) => k.name)).toEqual(['b.md'])
    await expectCairnError(
      store.setKnowledgeUpload(id, knowledge('a').hash, { fileId: null, inlineReason: 'x' }),
      'ATTACHMENT_MISSING'
    )
    const again = await projectsRig(tmp())
    expect(again.store.get(id)?.knowledge.map((k) => k.name)).toEqual(['b.md'])
  })

  it('refuses knowledge over the total size, keeping what was there', async () => {
    const { store } = await projectsRig(tmp())
    const { id } = await store.create({ name: 'Site' })
    await store.addKnowledge(id, [knowledge('a', 150 * 1024 * 1024)])
    await expectCairnError(
      store.addKnowledge(id, [knowledge('b', 60 * 1024 * 1024)]),
      'ATTACHMENT_REFUSED'
    )
    expect(store.get(id)?.knowledge.map((k) => k.name)).toEqual(['a.md'])
  })

  it('moves an unreadable projects file aside (never lost), and keeps the spaces as projects', async () => {
    const first = await projectsRig(tmp())
    const made = await first.store.create({ name: 'Site' })
    await writeFile(join(tmp(), 'data', PROJECTS_FILE), '{ "version": 1, "projects": [ { "id"')
    const { store, lines } = await projectsRig(tmp())
    const names = await readdir(join(tmp(), 'data'))
    expect(names).toContain('projects.corrupt-2026-01-02T03-04-05-000Z.json')
    expect(lines.join('\n')).toContain('projects file unreadable; moved aside')
    // Its space is still listed: the project comes back by the space's name and folder.
    expect(store.all()).toMatchObject([
      { id: made.id, name: 'Site', memoryFolder: made.memoryFolder }
    ])
    expect(
      JSON.parse(await readFile(join(tmp(), 'data', PROJECTS_FILE), 'utf8')).projects
    ).toHaveLength(1)
  })
})
