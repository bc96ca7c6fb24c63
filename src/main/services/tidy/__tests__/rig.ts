import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { afterEach } from 'vitest'
import type { TidyProgress } from '@shared/tidy/tidy'
import {
  memory,
  reply,
  startFakeAnthropic,
  text,
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

export const MESSY: Record<string, string> = {
  'contacts.md': '# Contacts\n- Alice: 1 Old Road (until 2026-02)\n- Bob: 7 Mill Lane\n',
  'people.md': '# People\n- Alice: 5 New Street (moved 2026-03)\n',
  'notes.md': '# Notes\n- Project Kestrel ships in June\n- stale: call Bob about the 2024 party\n',
  'keep/untouched.md': 'Nothing to tidy here.\r\n'
}

/** Claude's tidy, scripted: a view, a merge, a delete, a rename, then an edit of the renamed file. */
export function scriptTidy(fake: FakeAnthropic): void {
  fake.script(
    reply([
      text('Let me look at the folder first.'),
      memory({ command: 'view', path: '/memories' })
    ]),
    reply([
      text('people.md has a newer address for Alice than contacts.md.\nUse the newer address.'),
      memory({
        command: 'str_replace',
        path: '/memories/contacts.md',
        old_str: '- Alice: 1 Old Road (until 2026-02)',
        new_str: '- Alice: 5 New Street (moved 2026-03)'
      }),
      text('people.md only repeats what contacts.md now holds.'),
      memory({ command: 'delete', path: '/memories/people.md' })
    ]),
    reply([
      text('notes.md holds work notes; the name should say so.'),
      memory({
        command: 'rename',
        old_path: '/memories/notes.md',
        new_path: '/memories/work/projects.md'
      })
    ]),
    reply([
      text('The 2024 party is long past.'),
      memory({
        command: 'str_replace',
        path: '/memories/work/projects.md',
        old_str: '- stale: call Bob about the 2024 party\n',
        new_str: ''
      }),
      memory({ command: 'view', path: '/memories/work/projects.md' })
    ]),
    reply(
      'Merged the two addresses into contacts.md, renamed notes.md to work/projects.md and dropped a stale note.'
    )
  )
}

/**
 * sha256 over every path under `root` and every file's bytes; `files`: files only (an undo
 * brings back every byte, but leaves a folder a rename made, empty).
 */
export async function folderHash(root: string, files = false): Promise<string> {
  const hash = createHash('sha256')
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const items = entries
    .map((entry) => ({ entry, rel: relative(root, join(entry.parentPath, entry.name)) }))
    .sort((a, b) => a.rel.localeCompare(b.rel))
  for (const { entry, rel } of items) {
    if (files && !entry.isFile()) continue
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
    files: Record<string, string> = MESSY,
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
    const tidy = createTidyService({
      memoryIn: () => wrap(store),
      client: async () => client,
      models: async () => (await catalog.list({ configured: 'claude-sonnet-4-6' })).models,
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
    return { root, store, fake, tidy, events, settled, scratch: join(temp(), 'tidy-scratch') }
  }
}
