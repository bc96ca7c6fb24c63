import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MemoryStore } from '../..'
import { manualTimers, useMemory } from '../../__tests__/helpers'

// The index's save takes its picture in the queue and writes it behind the queue: a watcher
// batch or a command never waits for 15 MB of index written and fsynced (the scale bench's batch
// of 100 files waited 2.3 s behind the save a catch-up had scheduled).

/** Holds the index file's writes while `held` is set, and says when one is waiting. */
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined
  let started: () => void = () => undefined
  const state = {
    held: false,
    opened: Promise.resolve(),
    started: Promise.resolve(),
    hold(): void {
      state.held = true
      state.opened = new Promise<void>((done) => (open = done))
      state.started = new Promise<void>((done) => (started = done))
    },
    release(): void {
      state.held = false
      open()
    },
    reached(): void {
      started()
    }
  }
  return state
})

vi.mock('../../../fs/durable', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../fs/durable')>()
  return {
    ...real,
    writeFileDurably: async (...args: Parameters<typeof real.writeFileDurably>) => {
      if (gate.held && args[0].endsWith('memory-index.json')) {
        gate.reached()
        await gate.opened
      }
      return real.writeFileDurably(...args)
    }
  }
})

const mem = useMemory()
let store: MemoryStore
afterEach(() => gate.release())

async function savedFiles(): Promise<string[]> {
  const text = await readFile(join(mem.stateDir(), 'memory-index.json'), 'utf8')
  return Object.keys((JSON.parse(text) as { files: object }).files).sort()
}

describe('the index is written behind the queue', () => {
  it('lets a watcher batch through while a scheduled index save is still being written', async () => {
    await mem.mkroot()
    await writeFile(join(mem.root(), 'a.md'), 'alpha\n')
    const clock = manualTimers()
    store = await mem.open({ timers: clock.timers })
    await writeFile(join(mem.root(), 'b.md'), 'beta\n')
    await store.applyExternal(['b.md']) // schedules a save
    gate.hold()
    clock.fireTimeouts()
    await gate.started // the save's write is under way, and held
    await writeFile(join(mem.root(), 'c.md'), 'gamma\n')
    const change = await store.applyExternal(['c.md'])
    expect(change?.paths).toEqual(['/memories/c.md'])
    gate.release()
    await store.flush() // the held write lands, then the batch's change is saved too
    expect(await savedFiles()).toEqual(['a.md', 'b.md', 'c.md'])
  })

  it('returns from a cold open before the index it rebuilt is written, and saves it shortly', async () => {
    await mem.mkroot()
    await writeFile(join(mem.root(), 'a.md'), 'alpha\n')
    const clock = manualTimers()
    gate.hold()
    store = await mem.open({ timers: clock.timers })
    expect((await store.usage()).files).toBe(1)
    clock.fireTimeouts()
    await gate.started // the scheduled save is writing it
    gate.release()
    await store.flush()
    expect(await savedFiles()).toEqual(['a.md'])
  })
})
