import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EventName } from '@shared/contract'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import type { Services } from '../../services'
import { expectCairnError, useTempDir } from '../../services/__tests__/helpers'
import { spaceInFolder, useServices } from '../../services/__tests__/services-on-fake'
import { checkedEmitter, wireEvents } from '../events'
import { createHandlers } from '../handlers'

// The memory channels carry their space: main routes each call to that space's engine, and each
// memory:changed event names the space it happened in.

describe('memory channels and events per space', () => {
  const tempDir = useTempDir('cairn-spaces-ipc-')
  const startServices = useServices('spaces-ipc')
  let dir: string
  let services: Services

  beforeEach(async () => {
    dir = tempDir()
    services = await startServices(join(dir, 'data'))
    await services.spaceList.add(
      spaceInFolder('site', 'Client site', join(dir, 'site'), join(dir, 'data'))
    )
  })

  it('routes each call to the space it names, and names the space in each change', async () => {
    const sent: Array<[EventName, unknown]> = []
    wireEvents(
      services,
      checkedEmitter((event, payload) => sent.push([event, payload]))
    )
    const handlers = createHandlers(services)
    const create = (space: string, path: string, content: string) =>
      handlers['memory:create']({ space, path, content, kind: 'file' })
    await create('site', '/memories/site.md', 's')
    await create(DEFAULT_SPACE_ID, '/memories/home.md', 'h')
    const paths = async (space: string) =>
      (await handlers['memory:list']({ space })).entries.map((entry) => entry.path)
    expect(await paths('site')).toEqual(['/memories/site.md'])
    expect(await paths(DEFAULT_SPACE_ID)).toEqual(['/memories/home.md'])
    const changes = sent
      .filter(([event]) => event === 'memory:changed')
      .map(([, payload]) => payload as { space: string; paths: string[] })
    expect(changes).toContainEqual(
      expect.objectContaining({ space: 'site', paths: ['/memories/site.md'] })
    )
    expect(changes).toContainEqual(
      expect.objectContaining({ space: DEFAULT_SPACE_ID, paths: ['/memories/home.md'] })
    )
    expect(changes.filter((change) => change.paths.includes('/memories/site.md'))).toEqual([
      expect.objectContaining({ space: 'site' })
    ])
  })

  it('answers SPACE_NOT_FOUND for a space that does not exist', async () => {
    const handlers = createHandlers(services)
    await expectCairnError(
      Promise.resolve().then(() => handlers['memory:list']({ space: 'gone' })),
      'SPACE_NOT_FOUND'
    )
  })
})
