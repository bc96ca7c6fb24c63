import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import { captureLogger, useTempDir } from '../../../__tests__/helpers'
import {
  CONVERSATIONS_FOLDER,
  DELETED_FOLDER,
  createConversationStore,
  type ConversationStore
} from '../conversation-store'
import {
  watchConversationFolder,
  type ConversationFolderWatcher,
  type OutsideChange
} from '../folder-watcher'

/*
 * Issue 36: a chat another program (or another Cairn) adds, changes or removes in the
 * conversations folder shows without a restart; Cairn's own writes are not echoed as outside
 * changes. A deleted chat is kept aside until the next start, so Undo puts back the same bytes.
 * Real chokidar on a temp folder.
 */

const tempDir = useTempDir('cairn-conv-watch-')
const clock = () => new Date('2025-01-02T03:04:05.000Z')
const ID_A = 'a0000000-0000-4000-8000-000000000000'
const ID_B = 'b0000000-0000-4000-8000-000000000000'
const ID_C = 'c0000000-0000-4000-8000-000000000000'

function conversation(id: string, title: string): Conversation {
  return {
    version: CONVERSATION_VERSION,
    id,
    title,
    titleSource: 'user',
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

let watcher: ConversationFolderWatcher | undefined
afterEach(async () => {
  await watcher?.dispose()
  watcher = undefined
})

/** A store and a watcher on it; `next()` resolves with the next outside change reported. */
async function start(dir: string, running = new Set<string>()) {
  const { logger } = captureLogger()
  const store = createConversationStore({ dir, logger, clock })
  await store.ready()
  const seen: OutsideChange[] = []
  let waiter: (() => void) | null = null
  watcher = await watchConversationFolder({
    folder: join(dir, CONVERSATIONS_FOLDER),
    store,
    skip: (id) => running.has(id),
    onChange: (change) => {
      seen.push(change)
      waiter?.()
    },
    logger
  })
  const next = async (count: number): Promise<OutsideChange[]> => {
    while (seen.length < count) await new Promise<void>((done) => (waiter = done))
    return seen
  }
  return { store, seen, next, folder: join(dir, CONVERSATIONS_FOLDER) }
}

const fileText = (c: Conversation) => JSON.stringify(c)

describe('conversations folder watcher', () => {
  test('a chat written by another program is listed; Cairn’s own saves are not echoed', async () => {
    const dir = tempDir()
    const { store, seen, next, folder } = await start(dir)
    await store.save(conversation(ID_A, 'Mine'))
    const mine = store.get(ID_A)!
    mine.title = 'Mine, renamed'
    await store.save(mine)

    await writeFile(join(folder, `${ID_B}.json`), fileText(conversation(ID_B, 'From elsewhere')))
    await next(1)
    // Events come in order: Cairn's two writes came before, and none of them was reported.
    expect(seen).toEqual([{ id: ID_B, kind: 'changed' }])
    expect(store.get(ID_B)?.title).toBe('From elsewhere')
    expect(store.get(ID_A)?.title).toBe('Mine, renamed')

    // Changed by another Cairn: read again.
    await writeFile(join(folder, `${ID_A}.json`), fileText(conversation(ID_A, 'Theirs now')))
    await next(2)
    expect(seen[1]).toEqual({ id: ID_A, kind: 'changed' })
    expect(store.get(ID_A)?.title).toBe('Theirs now')

    // Removed by another program: gone from the list.
    await rm(join(folder, `${ID_B}.json`))
    await next(3)
    expect(seen[2]).toEqual({ id: ID_B, kind: 'removed' })
    expect(store.get(ID_B)).toBeUndefined()
    expect(store.all().map((c) => c.id)).toEqual([ID_A])
  })

  test('a half-written file is left alone (not moved aside) until it parses', async () => {
    const dir = tempDir()
    const { store, seen, next, folder } = await start(dir)
    const whole = fileText(conversation(ID_C, 'Slowly written'))
    await writeFile(join(folder, `${ID_C}.json`), whole.slice(0, 40))
    await writeFile(join(folder, `${ID_B}.json`), fileText(conversation(ID_B, 'Marker')))
    await next(1)
    expect(seen).toEqual([{ id: ID_B, kind: 'changed' }])
    expect(store.get(ID_C)).toBeUndefined()
    expect((await readdir(folder)).sort()).toEqual([`${ID_B}.json`, `${ID_C}.json`])

    await writeFile(join(folder, `${ID_C}.json`), whole)
    await next(2)
    expect(seen[1]).toEqual({ id: ID_C, kind: 'changed' })
    expect(store.get(ID_C)?.title).toBe('Slowly written')
  })

  test('Cairn’s own delete and Undo are not reported as outside changes', async () => {
    const dir = tempDir()
    const { store, seen, next, folder } = await start(dir)
    await store.save(conversation(ID_A, 'Deleted, then back'))
    await store.remove(ID_A)
    expect(await store.restore(ID_A)).not.toBeNull()
    await writeFile(join(folder, `${ID_B}.json`), fileText(conversation(ID_B, 'Marker')))
    await next(1)
    expect(seen).toEqual([{ id: ID_B, kind: 'changed' }])
    expect(store.get(ID_A)?.title).toBe('Deleted, then back')
  })

  test('a chat whose reply is running keeps its live copy', async () => {
    const dir = tempDir()
    const { store, seen, next, folder } = await start(dir, new Set([ID_A]))
    await store.save(conversation(ID_A, 'Answering'))
    await writeFile(join(folder, `${ID_A}.json`), fileText(conversation(ID_A, 'Overwritten')))
    await writeFile(join(folder, `${ID_B}.json`), fileText(conversation(ID_B, 'Marker')))
    await next(1)
    expect(seen).toEqual([{ id: ID_B, kind: 'changed' }])
    expect(store.get(ID_A)?.title).toBe('Answering')
  })
})

describe('deleting a conversation', () => {
  async function storeOn(dir: string): Promise<ConversationStore> {
    const store = createConversationStore({ dir, logger: captureLogger().logger, clock })
    await store.ready()
    return store
  }

  test('keeps its file aside until the next start: restore puts back the same bytes', async () => {
    const dir = tempDir()
    const store = await storeOn(dir)
    await store.save(conversation(ID_A, 'Keep me'))
    const file = join(dir, CONVERSATIONS_FOLDER, `${ID_A}.json`)
    const bytes = await readFile(file)

    await store.remove(ID_A)
    expect(store.get(ID_A)).toBeUndefined()
    expect(await readdir(join(dir, CONVERSATIONS_FOLDER))).toEqual([])
    expect(await store.restore(ID_A)).toMatchObject({ id: ID_A, title: 'Keep me' })
    expect(await readFile(file)).toEqual(bytes)
    expect(store.all().map((c) => c.id)).toEqual([ID_A])
    expect(await store.restore(ID_A)).toBeNull() // listed already: nothing to put back

    // Not undone this session: the next start empties the deleted folder, deliberately.
    await store.remove(ID_A)
    const next = await storeOn(dir)
    expect(next.all()).toEqual([])
    expect(await readdir(dir)).not.toContain(DELETED_FOLDER)
    expect(await next.restore(ID_A)).toBeNull()
  })
})
