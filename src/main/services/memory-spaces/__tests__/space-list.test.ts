import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { captureLogger, expectCairnError, useTempDir } from '../../__tests__/helpers'
import { createSpaceList, SPACES_FILE, type SpaceDescriptor } from '../space-list'

describe('the list of memory spaces', () => {
  const tmp = useTempDir('cairn-space-list-')
  const project: () => SpaceDescriptor = () => ({
    id: 'site',
    name: 'Client site',
    root: join(tmp(), 'site'),
    folder: join(tmp(), 'site', '.cairn', 'memories'),
    stateDir: join(tmp(), 'spaces', 'site')
  })

  it('knows the default space without writing any file', async () => {
    const list = createSpaceList({ dataDir: tmp(), logger: captureLogger().logger })
    await list.load()
    expect(list.all().map((space) => space.id)).toEqual([DEFAULT_SPACE_ID])
    expect(list.get(DEFAULT_SPACE_ID)).toMatchObject({
      folder: join(tmp(), 'memories'),
      stateDir: join(tmp(), 'memory-state')
    })
    expect(await readdir(tmp())).toEqual([])
  })

  it('keeps the spaces the user made across restarts, and forgets a removed one', async () => {
    const first = createSpaceList({ dataDir: tmp(), logger: captureLogger().logger })
    await first.load()
    await first.add(project())
    const second = createSpaceList({ dataDir: tmp(), logger: captureLogger().logger })
    await second.load()
    expect(second.get('site')).toEqual(project())
    await second.remove('site')
    expect(JSON.parse(await readFile(join(tmp(), SPACES_FILE), 'utf8'))).toEqual({
      version: 1,
      spaces: []
    })
    await expectCairnError(second.remove(DEFAULT_SPACE_ID), 'BAD_INPUT')
    await second.add(project())
    await expectCairnError(second.add(project()), 'BAD_INPUT')
  })

  it('moves an unreadable file aside instead of losing it', async () => {
    await writeFile(join(tmp(), SPACES_FILE), '{ not json')
    const { logger, lines } = captureLogger()
    const list = createSpaceList({
      dataDir: tmp(),
      logger,
      clock: () => new Date('2026-01-02T03:04:05Z')
    })
    await list.load()
    expect(list.all().map((space) => space.id)).toEqual([DEFAULT_SPACE_ID])
    expect(await readdir(tmp())).toEqual(['memory-spaces.corrupt-2026-01-02T03-04-05-000Z.json'])
    expect(lines.join('\n')).toContain('moved aside')
  })
})
