import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import { captureLogger, useTempDir } from '../../../__tests__/helpers'
import {
  CONVERSATIONS_FOLDER,
  createConversationStore,
  READ_CONCURRENCY
} from '../conversation-store'

/*
 * Loading every conversation at start-up must survive the file-descriptor limit: a file that
 * could not be opened for want of descriptors is healthy, and is never moved aside as corrupt.
 */

const tempDir = useTempDir('cairn-conv-load-')
const clock = () => new Date('2025-01-02T03:04:05.000Z')

const idOf = (n: number) => `c0nv${String(n).padStart(6, '0')}-0000-4000-8000-000000000000`

function conversation(id: string): Conversation {
  return {
    version: CONVERSATION_VERSION,
    id,
    title: `Chat ${id.slice(0, 10)}`,
    titleSource: 'auto',
    model: 'claude-sonnet-4-6',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    messages: [
      {
        id: `m-${id}`,
        role: 'user',
        createdAt: '2025-01-01T00:00:00.000Z',
        content: [{ type: 'text', text: 'hello' }]
      }
    ]
  }
}

async function writeConversations(folder: string, count: number): Promise<string[]> {
  await mkdir(folder, { recursive: true })
  const ids = Array.from({ length: count }, (_, n) => idOf(n))
  // Written in batches: the test itself stays well under any descriptor limit.
  for (let i = 0; i < ids.length; i += 100)
    await Promise.all(
      ids
        .slice(i, i + 100)
        .map((id) => writeFile(join(folder, `${id}.json`), JSON.stringify(conversation(id))))
    )
  return ids
}

const errnoError = (code: string) =>
  Object.assign(new Error(`${code}: simulated, open '/somewhere'`), { code })

/**
 * A reader that behaves like a process with `limit` descriptors to spare: a read started while
 * `limit` others are open fails with EMFILE, as open(2) would.
 */
function fdLimitedReader(limit: number) {
  const stats = { open: 0, peakAttempts: 0, attempts: 0, emfile: 0 }
  let attempting = 0
  const reader = async (path: string, encoding: 'utf8'): Promise<string> => {
    attempting += 1
    stats.attempts += 1
    stats.peakAttempts = Math.max(stats.peakAttempts, attempting)
    try {
      if (stats.open >= limit) {
        stats.emfile += 1
        throw errnoError('EMFILE')
      }
      stats.open += 1
      try {
        return await readFile(path, encoding)
      } finally {
        stats.open -= 1
      }
    } finally {
      attempting -= 1
    }
  }
  return { reader, stats }
}

describe('loading many conversations', () => {
  test('3,000 files under a descriptor limit all load; only the corrupt one is moved aside', async () => {
    const dir = tempDir()
    const folder = join(dir, CONVERSATIONS_FOLDER)
    const ids = await writeConversations(folder, 3000)
    const corrupt = '0badc0de-0000-4000-8000-000000000000'
    await writeFile(join(folder, `${corrupt}.json`), '{"version":1,"id":')

    // Fewer descriptors to spare than the loader's own concurrency, so EMFILE really happens.
    const { reader, stats } = fdLimitedReader(20)
    const { logger } = captureLogger()
    const store = createConversationStore({ dir, logger, clock, readFile: reader })
    await store.ready()

    expect(store.all().length).toBe(3000)
    expect(new Set(store.all().map((c) => c.id))).toEqual(new Set(ids))
    expect(store.problems()).toEqual([
      expect.objectContaining({
        file: `${corrupt}.json`,
        movedTo: `${corrupt}.json.corrupt-2025-01-02T03-04-05-000Z`
      })
    ])
    const names = await readdir(folder)
    expect(names.filter((n) => n.includes('.corrupt-'))).toEqual([
      `${corrupt}.json.corrupt-2025-01-02T03-04-05-000Z`
    ])
    expect(names.filter((n) => n.endsWith('.json')).length).toBe(3000)
    // The reads were bounded, and the EMFILE path was exercised.
    expect(stats.peakAttempts).toBeLessThanOrEqual(READ_CONCURRENCY)
    expect(stats.emfile).toBeGreaterThan(0)
  })

  test.each(['EACCES', 'EIO', 'EPERM'])(
    'a file that fails to read with %s stays where it is and is reported',
    async (code) => {
      const dir = tempDir()
      const folder = join(dir, CONVERSATIONS_FOLDER)
      const ids = await writeConversations(folder, 5)
      const locked = ids[2] as string
      const reader = async (path: string, encoding: 'utf8') => {
        if (path.endsWith(`${locked}.json`)) throw errnoError(code)
        return readFile(path, encoding)
      }
      const { logger, lines } = captureLogger()
      const store = createConversationStore({ dir, logger, clock, readFile: reader })
      await store.ready()

      expect(
        store
          .all()
          .map((c) => c.id)
          .sort()
      ).toEqual(ids.filter((id) => id !== locked))
      expect((await readdir(folder)).sort()).toEqual(ids.map((id) => `${id}.json`))
      const problems = store.problems()
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatchObject({ file: `${locked}.json`, movedTo: null })
      expect(problems[0]?.message).toContain(code)
      expect(problems[0]?.message).not.toContain('/somewhere')
      expect(lines.some((line) => line.includes(code) && line.includes(locked))).toBe(true)
    }
  )

  test('a few EMFILE failures on every file are retried, never taken for corruption', async () => {
    const dir = tempDir()
    const folder = join(dir, CONVERSATIONS_FOLDER)
    const ids = await writeConversations(folder, 50)
    const failures = new Map<string, number>()
    const reader = async (path: string, encoding: 'utf8') => {
      const seen = failures.get(path) ?? 0
      if (seen < 3) {
        failures.set(path, seen + 1)
        throw errnoError(['EMFILE', 'ENFILE', 'EAGAIN'][seen] as string)
      }
      return readFile(path, encoding)
    }
    const { logger } = captureLogger()
    const store = createConversationStore({ dir, logger, clock, readFile: reader })
    await store.ready()
    expect(store.all().length).toBe(ids.length)
    expect(store.problems()).toEqual([])
    expect((await readdir(folder)).length).toBe(ids.length)
  })
})
