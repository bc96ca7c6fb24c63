import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultSettings } from '@shared/app/settings'
import { effectiveSpaceSettings } from '@shared/memory/space-settings'
import type { MemoryActor } from '@shared/memory/memory'
import type { Approval } from '../../memory/service'
import { captureLogger, expectCairnError, useTempDir } from '../../__tests__/helpers'
import { manualTimers } from '../../memory/__tests__/helpers'
import { createSpaceOpener } from '../open-space'
import { createSpaceRegistry, type IdleTimers, type OpenSpace } from '../registry'
import type { SpaceDescriptor } from '../space-list'

const CLAUDE: MemoryActor = { kind: 'claude', conversationId: 'conv-1' }

/** Idle timers the test fires by hand. */
function idleTimers() {
  const due = new Map<number, () => void>()
  let next = 1
  const timers: IdleTimers = {
    after: (_ms, fn) => {
      due.set(next, fn)
      return next++
    },
    cancel: (handle) => due.delete(handle as number)
  }
  return {
    timers,
    get pending() {
      return due.size
    },
    fire() {
      const now = [...due.values()]
      due.clear()
      now.forEach((fn) => fn())
    }
  }
}

describe('the memory space registry', () => {
  const tmp = useTempDir('cairn-spaces-')

  function space(id: string): SpaceDescriptor {
    const root = join(tmp(), id)
    return {
      id,
      name: id,
      root,
      folder: join(root, '.cairn', 'memories'),
      stateDir: join(tmp(), 'state', id)
    }
  }

  /** A registry over spaces a, b, c with real engines and watchers; opens and closes counted. */
  function setUp(maxOpen = 4) {
    const spaces = new Map(['a', 'b', 'c'].map((id) => [id, space(id)]))
    const idle = idleTimers()
    const log = { opened: [] as string[], closed: [] as string[] }
    const real = createSpaceOpener({
      settingsFor: async () => effectiveSpaceSettings(defaultSettings(), null),
      timers: manualTimers().timers,
      logger: captureLogger().logger
    })
    const open: OpenSpace = async (descriptor) => {
      const opened = await real(descriptor)
      log.opened.push(descriptor.id)
      return {
        memory: opened.memory,
        close: async () => {
          await opened.close()
          log.closed.push(descriptor.id)
        }
      }
    }
    const registry = createSpaceRegistry({
      spaces: { get: (id) => spaces.get(id) },
      open,
      maxOpen,
      timers: idle.timers
    })
    return { registry, idle, log, spaces }
  }

  it('opens a space only when something calls into it', async () => {
    const { registry, log } = setUp()
    const a = registry.service('a')
    expect(log.opened).toEqual([])
    expect(registry.isOpen('a')).toBe(false)
    await a.create({ path: '/memories/note.md', content: 'hello\n', kind: 'file' })
    expect(log.opened).toEqual(['a'])
    expect(registry.openSpaces()).toEqual(['a'])
    await registry.dispose()
  })

  it('answers SPACE_NOT_FOUND for a space that is not listed', async () => {
    const { registry } = setUp()
    await expectCairnError(registry.service('gone').list({}), 'SPACE_NOT_FOUND')
    await registry.dispose()
  })

  it('closes an idle space, and sees on reopening what changed on disk while it was closed', async () => {
    const { registry, idle, log, spaces } = setUp()
    const a = registry.service('a')
    await a.create({ path: '/memories/kept.md', content: 'kept\n', kind: 'file' })
    expect(idle.pending).toBe(1)
    idle.fire()
    await expect.poll(() => log.closed).toEqual(['a'])
    expect(registry.isOpen('a')).toBe(false)
    // Its watcher is gone (closed above): another program's edit now is not lost either.
    await writeFile(join(spaces.get('a')!.folder, 'outside.md'), 'written while closed\n')
    const page = await a.list({})
    expect(page.entries.map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['/memories/kept.md', '/memories/outside.md'])
    )
    expect((await a.read('/memories/outside.md')).content).toBe('written while closed\n')
    expect(log.opened).toEqual(['a', 'a'])
    await registry.dispose()
  })

  it('keeps at most maxOpen spaces open, closing the least recently used first', async () => {
    const { registry, log } = setUp(2)
    await registry.service('a').list({})
    await registry.service('b').list({})
    await registry.service('a').list({})
    await registry.service('c').list({})
    await expect.poll(() => log.closed).toEqual(['b'])
    expect(registry.openSpaces().sort()).toEqual(['a', 'c'])
    await registry.dispose()
  })

  it('never closes a space while an approval waits in it, idle or over the bound', async () => {
    const { registry, idle, log } = setUp(1)
    const a = registry.service('a')
    let answer: (approval: Approval) => void = () => undefined
    let asked = false
    const running = a.execute(
      { command: 'create', path: '/memories/asked.md', file_text: 'approved\n' },
      CLAUDE,
      {
        ask: ({ plan }) =>
          new Promise<Approval>((resolve) => {
            asked = true
            answer = (approval) => resolve(approval)
            expect(plan.ok).toBe(true)
          })
      }
    )
    await expect.poll(() => asked).toBe(true)
    idle.fire()
    await registry.service('b').list({})
    expect(registry.isOpen('a')).toBe(true)
    expect(log.closed).toEqual([])
    const plan = await a.preview(
      { command: 'create', path: '/memories/asked.md', file_text: 'approved\n' },
      CLAUDE
    )
    if (!plan.ok) throw new Error('no plan')
    answer({ go: true, plan: plan.plan })
    expect((await running).isError).toBeFalsy()
    expect((await a.read('/memories/asked.md')).content).toBe('approved\n')
    await registry.dispose()
  })

  it('keeps a held space open until it is released', async () => {
    const { registry, idle, log } = setUp()
    const release = registry.hold('a')
    await registry.service('a').list({})
    idle.fire()
    expect(registry.isOpen('a')).toBe(true)
    release()
    idle.fire()
    await expect.poll(() => log.closed).toEqual(['a'])
    await registry.dispose()
  })

  it('keeps two spaces apart: a write in one is not in the other, and ../ cannot reach it', async () => {
    const { registry } = setUp()
    const a = registry.service('a')
    const b = registry.service('b')
    const heardInB: string[][] = []
    b.onChange((change) => heardInB.push(change.paths))
    await a.create({ path: '/memories/private.md', content: 'only in a\n', kind: 'file' })
    expect((await b.list({})).entries.map((entry) => entry.path)).not.toContain(
      '/memories/private.md'
    )
    await expectCairnError(b.read('/memories/private.md'), 'MEMORY_NOT_FOUND')
    expect(heardInB).toEqual([])
    // Every way out of b's folder toward a's is refused, by Claude's commands and the inspector.
    const fromB = join('..', '..', '..', 'a', '.cairn', 'memories', 'private.md')
    for (const path of [`/memories/${fromB}`, '/memories/../a/.cairn/memories/private.md']) {
      const viewed = await b.execute({ command: 'view', path }, CLAUDE)
      expect(viewed.isError).toBe(true)
      expect(viewed.content).not.toContain('only in a')
      await expect(b.read(path)).rejects.toThrow()
    }
    const wrote = await b.execute(
      { command: 'create', path: `/memories/${fromB}`, file_text: 'overwritten\n' },
      CLAUDE
    )
    expect(wrote.isError).toBe(true)
    expect((await a.read('/memories/private.md')).content).toBe('only in a\n')
    await registry.dispose()
  })
})
