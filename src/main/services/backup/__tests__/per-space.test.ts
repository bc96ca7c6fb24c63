import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { MemoryCapsSchema } from '@shared/app/settings'
import { createHandlers } from '../../../ipc/handlers'
import { readArchiveFile } from '../archive-io'
import { useTempDir } from '../../__tests__/helpers'
import { useServices } from '../../__tests__/services-on-fake'
import type { Services } from '../../index'

// Export and import per memory space: a project's export carries its notes and its own settings,
// and an import into another project lands there (its settings the project's own), never in
// "No project" and never in Settings.

const tempDir = useTempDir('cairn-backup-space-')
const startServices = useServices('backup-space')

/** Spaces in folders of their own; "site" holds stack.md and its own cap of 321 files. */
async function siteWithANote(services: Services, userDataDir: string, ids: string[]) {
  for (const id of ids)
    await services.spaceList.add({
      id,
      name: id,
      root: join(tempDir(), id),
      folder: join(tempDir(), id, '.cairn', 'memories'),
      stateDir: join(userDataDir, 'spaces', id)
    })
  const handlers = createHandlers(services)
  await handlers['memory:create']({
    space: 'site',
    path: '/memories/stack.md',
    content: 'Next.js 15\n',
    kind: 'file'
  })
  await handlers['memory:update-space-settings']({
    space: 'site',
    section: 'memory',
    value: { ...MemoryCapsSchema.parse({}), maxFiles: 321 }
  })
  return handlers
}

test("a project's memory exports, and imports into another project with its settings", async () => {
  const userDataDir = join(tempDir(), 'user-data')
  const archive = join(tempDir(), 'site.cairnmem')
  await mkdir(userDataDir, { recursive: true })
  const services = await startServices(userDataDir, {
    chooseSavePath: async () => archive,
    chooseOpenFile: async () => archive
  })
  const handlers = await siteWithANote(services, userDataDir, ['site', 'blog'])

  const saved = await handlers['backup:export']({ space: 'site' })
  expect(saved).toMatchObject({ status: 'saved', files: 1 })
  const preview = await handlers['backup:import-preview']({ space: 'blog' })
  expect(preview?.items.map((item) => `${item.path} ${item.status}`)).toEqual([
    '/memories/stack.md new'
  ])
  await handlers['backup:import']({ space: 'blog', token: preview!.token, applySettings: true })

  expect(await readFile(join(tempDir(), 'blog', '.cairn', 'memories', 'stack.md'), 'utf8')).toBe(
    'Next.js 15\n'
  )
  const blog = await handlers['memory:space-settings']({ space: 'blog' })
  expect(blog.own.memory?.maxFiles).toBe(321)
  // Settings (and with them "No project") are untouched, and so is its folder.
  expect(services.settings.get().settings.memory.maxFiles).not.toBe(321)
  await expect(readFile(join(userDataDir, 'memories', 'stack.md'))).rejects.toThrow()
})

test("a project's archive (Delete project → archive) carries its notes and its own caps", async () => {
  const userDataDir = join(tempDir(), 'user-data')
  await mkdir(userDataDir, { recursive: true })
  const services = await startServices(userDataDir)
  await siteWithANote(services, userDataDir, ['site'])

  const dest = join(tempDir(), 'site-archive.cairnmem')
  await services.backups.archiveTo('site', dest)
  const archive = await readArchiveFile(dest)
  expect([...archive.files.keys()]).toEqual(['stack.md'])
  expect(archive.manifest.settings.memory.maxFiles).toBe(321)
  expect(services.settings.get().settings.memory.maxFiles).not.toBe(321)
})
