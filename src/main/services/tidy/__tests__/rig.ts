import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { afterEach } from 'vitest'
import type { TidyProgress } from '@shared/tidy/tidy'
import {
  MESSY_MEMORY,
  startFakeAnthropic,
  tidyReplies,
  type FakeAnthropic
} from '../../../../../e2e/fake-anthropic'
import { useTempDir } from '../../__tests__/helpers'
import { createAnthropicClient } from '../../chat'
import { createModelCatalog } from '../../chat/models/models'
import { createLogger } from '../../log/logger'
import { openMemoryStore, type MemoryService, type MemoryStore } from '../../memory'
import { createTidyService, type TidyService } from '../tidy-service'

// A tidy rig: a real memory folder and engine, the fake Anthropic API through the real SDK,
// and the tidy service between them, as createServices wires it.

/** Claude's tidy, scripted (e2e/fake-anthropic/tidy.ts). */
export function scriptTidy(fake: FakeAnthropic): void {
  fake.script(...tidyReplies())
}

/** sha256 over every path under `root` (folders included) and every file's bytes. */
export async function folderHash(root: string): Promise<string> {
  const hash = createHash('sha256')
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const items = entries
    .map((entry) => ({ entry, rel: relative(root, join(entry.parentPath, entry.name)) }))
    .sort((a, b) => a.rel.localeCompare(b.rel))
  for (const { entry, rel } of items) {
    hash.update(`${rel}\0${entry.isDirectory() ? 'dir' : 'file'}\0`)
    if (entry.isFile()) hash.update(await readFile(join(root, rel)))
  }
  return hash.digest('hex')
}

export function useTidyRig() {
  const temp = useTempDir('cairn-tidy-')
  const opened: Array<{ store: MemoryStore; tidy: TidyService; fake: FakeAnthropic }> = []
  afterEach(async () => {
    for (const { store, tidy, fake } of opened.splice(0)) {
      await tidy.dispose()
      await store.dispose()
      await fake.close()
    }
  })
  return async (
    files: Record<string, string> = MESSY_MEMORY,
    /** What the tidy service is given of the space (a spy around the store, say). */
    wrap: (store: MemoryStore) => MemoryService = (store) => store
  ) => {
    const root = join(temp(), 'memories')
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true })
      await writeFile(join(root, path), content)
    }
    const store = await openMemoryStore({ root, stateDir: join(temp(), 'state') })
    const fake = await startFakeAnthropic()
    const logger = createLogger({ sink: () => undefined })
    const client = createAnthropicClient('sk-ant-test-key-0001', { baseURL: fake.url }, logger)
    const catalog = createModelCatalog({
      dir: join(temp(), 'user-data'),
      client: async () => client,
      logger,
      clock: () => new Date()
    })
    const models = async () => (await catalog.list({ configured: 'claude-sonnet-4-6' })).models
    const tidy = createTidyService({
      memoryIn: () => wrap(store),
      client: async () => client,
      models,
      secretGuard: () => ({}),
      scratchRoot: join(temp(), 'tidy-scratch'),
      logger
    })
    opened.push({ store, tidy, fake })
    const events: TidyProgress[] = []
    tidy.onProgress((event) => events.push(event))
    /** Resolves when the session reaches `ready`, `failed` or `cancelled`. */
    const settled = (sessionId: string) =>
      new Promise<TidyProgress>((resolve) => {
        const done = events.find(
          (e) => e.sessionId === sessionId && e.stage !== 'working' && e.stage !== 'copying'
        )
        if (done) return resolve(done)
        const off = tidy.onProgress((event) => {
          if (event.sessionId !== sessionId) return
          if (event.stage === 'working' || event.stage === 'copying') return
          off()
          resolve(event)
        })
      })
    return {
      root,
      store,
      fake,
      tidy,
      events,
      settled,
      scratch: join(temp(), 'tidy-scratch'),
      /** What the tidy service was given: a batch desk (tidy-batch.test.ts) takes the same. */
      given: { client, models, logger, temp: temp() }
    }
  }
}
