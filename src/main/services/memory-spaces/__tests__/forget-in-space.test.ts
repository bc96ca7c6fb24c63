import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { createHandlers } from '../../../ipc/handlers'
import { useTempDir } from '../../__tests__/helpers'
import { useServices } from '../../__tests__/services-on-fake'

// Forget works in every space: a project's Forget finds and removes a text from that project's
// history, and leaves another space's notes alone (they are that space's to forget).

const tempDir = useTempDir('cairn-forget-space-')
const startServices = useServices('forget-space')

test("Forget in a project forgets its own history and never touches another space's notes", async () => {
  const userDataDir = join(tempDir(), 'user-data')
  const project = join(tempDir(), 'site')
  await mkdir(userDataDir, { recursive: true })
  const services = await startServices(userDataDir)
  await services.spaceList.add({
    id: 'site',
    name: 'Client site',
    root: project,
    folder: join(project, '.cairn', 'memories'),
    stateDir: join(userDataDir, 'spaces', 'site')
  })
  const handlers = createHandlers(services)
  const secret = 'door code 4711'
  const note = (space: string) => ({
    space,
    path: '/memories/access.md',
    content: `${secret}\n`,
    kind: 'file' as const
  })
  await handlers['memory:create'](note('site'))
  await handlers['memory:create'](note('default'))
  // The project's note changes: its old text now lives only in the project's history.
  await handlers['memory:write']({
    space: 'site',
    path: '/memories/access.md',
    content: 'ask the office\n'
  })

  const found = await handlers['memory:find-in-history']({ space: 'site', text: secret })
  expect(found.hits.length).toBeGreaterThan(0)
  // The default space's file is not a place of the project's Forget (nor a raw data file).
  expect(JSON.stringify(found.elsewhere)).not.toContain('memories')

  const result = await handlers['memory:forget']({ space: 'site', what: 'text', text: secret })
  expect(result.forgotten).toBeGreaterThan(0)
  expect((await handlers['memory:find-in-history']({ space: 'site', text: secret })).hits).toEqual(
    []
  )
  expect(await readFile(join(userDataDir, 'memories', 'access.md'), 'utf8')).toBe(`${secret}\n`)
})
