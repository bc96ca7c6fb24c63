import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { MemoryActor, ToolResult } from '@shared/memory/memory'
import { useTempDir } from '../../__tests__/helpers'
import { openMemoryStore, type MemoryStore, type OpenMemoryStoreOptions, type Timers } from '..'

export const CLAUDE: MemoryActor = { kind: 'claude', conversationId: 'conv-1' }
export const USER: MemoryActor = { kind: 'user' }

export const DAY = 24 * 60 * 60 * 1000

/** A clock tests move by hand. */
export function manualClock(start = Date.parse('2025-06-01T12:00:00Z')) {
  let now = start
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
    set(ms: number) {
      now = ms
    },
    get now() {
      return now
    }
  }
}

/** Timers that only fire when the test says so. */
export function manualTimers() {
  const intervals = new Map<number, () => void>()
  const timeouts = new Map<number, () => void>()
  let next = 1
  const timers: Timers = {
    setInterval: (fn) => {
      intervals.set(next, fn)
      return next++
    },
    clearInterval: (handle) => intervals.delete(handle as number),
    setTimeout: (fn) => {
      timeouts.set(next, fn)
      return next++
    },
    clearTimeout: (handle) => timeouts.delete(handle as number)
  }
  return {
    timers,
    intervals,
    timeouts,
    fireIntervals() {
      for (const fn of intervals.values()) fn()
    },
    fireTimeouts() {
      const due = [...timeouts.entries()]
      timeouts.clear()
      for (const [, fn] of due) fn()
    }
  }
}

/** A fresh temp folder with `memories/` and `state/`, and stores opened on it closed afterwards. */
export function useMemory() {
  const temp = useTempDir('cairn-memory-')
  const open: MemoryStore[] = []
  afterEach(async () => {
    for (const store of open.splice(0)) await store.dispose()
  })
  const paths = () => ({ root: join(temp(), 'memories'), stateDir: join(temp(), 'state') })
  return {
    temp,
    root: () => paths().root,
    stateDir: () => paths().stateDir,
    async open(extra: Partial<OpenMemoryStoreOptions> = {}): Promise<MemoryStore> {
      const timers = extra.timers ?? manualTimers().timers
      const store = await openMemoryStore({ ...paths(), timers, ...extra })
      open.push(store)
      return store
    },
    async mkroot(): Promise<string> {
      await mkdir(paths().root, { recursive: true })
      return paths().root
    },
    /** Whether something is on disk at `rel` under the memory folder. */
    exists(rel: string): Promise<boolean> {
      return stat(join(paths().root, rel)).then(
        () => true,
        () => false
      )
    }
  }
}

/** Runs commands as Claude; `ok` and `err` also check the error flag. */
export function runner(store: () => MemoryStore, actor: MemoryActor = CLAUDE) {
  const run = (input: unknown): Promise<ToolResult> => store().execute(input, actor)
  return {
    run,
    async ok(input: unknown): Promise<string> {
      const result = await run(input)
      if (result.isError) throw new Error(`expected success, got: ${result.content}`)
      return result.content
    },
    async err(input: unknown): Promise<string> {
      const result = await run(input)
      if (!result.isError) throw new Error(`expected an error, got: ${result.content}`)
      return result.content
    }
  }
}
