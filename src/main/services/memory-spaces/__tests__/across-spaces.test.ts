import { mkdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { MemoryCapsSchema } from '@shared/app/settings'
import { createHandlers } from '../../../ipc/handlers'
import { expectCairnError, useTempDir } from '../../__tests__/helpers'
import { useServices } from '../../__tests__/services-on-fake'

// A note copied or moved to another space goes through each space's own write path (its caps,
// guard, history and activity), and a search of every space names the space of each hit.

const tempDir = useTempDir('cairn-across-spaces-')
const startServices = useServices('across-spaces')
let handlers: ReturnType<typeof createHandlers>
let userDataDir: string
let projectFolder: string

beforeEach(async () => {
  userDataDir = join(tempDir(), 'user-data')
  projectFolder = join(tempDir(), 'site', '.cairn', 'memories')
  await mkdir(userDataDir, { recursive: true })
  const services = await startServices(userDataDir)
  await services.spaceList.add({
    id: 'site',
    name: 'Client site',
    root: join(tempDir(), 'site'),
    folder: projectFolder,
    stateDir: join(userDataDir, 'spaces', 'site')
  })
  handlers = createHandlers(services)
})

const create = (space: string, path: string, content: string) =>
  handlers['memory:create']({ space, path, content, kind: 'file' })
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

describe('a note to another space', () => {
  test('a copy lands in the target with its history; the original stays', async () => {
    await create('default', '/memories/stack.md', 'Next.js 15\n')
    const result = await handlers['memory:copy-to-space']({
      space: 'default',
      path: '/memories/stack.md',
      to: 'site',
      move: false
    })
    expect(result).toEqual({ space: 'site', path: '/memories/stack.md', moved: false, note: null })
    expect(await readFile(join(projectFolder, 'stack.md'), 'utf8')).toBe('Next.js 15\n')
    expect(await exists(join(userDataDir, 'memories', 'stack.md'))).toBe(true)
    const history = await handlers['memory:history']({ space: 'site', path: '/memories/stack.md' })
    expect(history.length).toBeGreaterThan(0)
  })

  test('a move deletes the original once the copy is written (Undo-able in each space)', async () => {
    await create('default', '/memories/stack.md', 'Next.js 15\n')
    const result = await handlers['memory:copy-to-space']({
      space: 'default',
      path: '/memories/stack.md',
      to: 'site',
      move: true
    })
    expect(result.moved).toBe(true)
    expect(await exists(join(userDataDir, 'memories', 'stack.md'))).toBe(false)
    expect(await readFile(join(projectFolder, 'stack.md'), 'utf8')).toBe('Next.js 15\n')
    const activity = await handlers['memory:activity']({ space: 'default', offset: 0, limit: 10 })
    expect(activity.entries[0]?.command).toBe('delete')
  })

  test("the target's caps apply, and a refused move loses nothing", async () => {
    await handlers['memory:update-space-settings']({
      space: 'site',
      section: 'memory',
      value: { ...MemoryCapsSchema.parse({}), maxFileBytes: 1_024 }
    })
    const big = 'x'.repeat(2_048)
    await create('default', '/memories/big.md', big)
    await expect(
      handlers['memory:copy-to-space']({
        space: 'default',
        path: '/memories/big.md',
        to: 'site',
        move: true
      })
    ).rejects.toThrow()
    expect(await readFile(join(userDataDir, 'memories', 'big.md'), 'utf8')).toBe(big)
    expect(await exists(join(projectFolder, 'big.md'))).toBe(false)
  })

  test('a note of that name in the target is never overwritten', async () => {
    await create('default', '/memories/stack.md', 'Next.js 15\n')
    await create('site', '/memories/stack.md', 'Rails 8\n')
    const refused = await expectCairnError(
      Promise.resolve().then(() =>
        handlers['memory:copy-to-space']({
          space: 'default',
          path: '/memories/stack.md',
          to: 'site',
          move: true
        })
      ),
      'MEMORY_EXISTS'
    )
    expect(refused.detail).toContain('Client site')
    expect(await readFile(join(projectFolder, 'stack.md'), 'utf8')).toBe('Rails 8\n')
    expect(await exists(join(userDataDir, 'memories', 'stack.md'))).toBe(true)
  })

  test('copying to the same space is refused with a next step', async () => {
    await create('site', '/memories/stack.md', 'Rails 8\n')
    await expectCairnError(
      Promise.resolve().then(() =>
        handlers['memory:copy-to-space']({
          space: 'site',
          path: '/memories/stack.md',
          to: 'site',
          move: false
        })
      ),
      'BAD_INPUT'
    )
  })
})

test('a search of every space names the space of each hit', async () => {
  await create('default', '/memories/recipes.md', 'pasta with basil\n')
  await create('site', '/memories/deploy.md', 'basil is the staging host\n')
  await create('site', '/memories/other.md', 'nothing here\n')
  const { spaces } = await handlers['memory:search-all']({ query: 'basil' })
  const hits = spaces.flatMap((space) =>
    (space.result?.files ?? []).map((file) => `${space.name}: ${file.path}`)
  )
  expect(hits).toEqual(['No project: /memories/recipes.md', 'Client site: /memories/deploy.md'])
})
