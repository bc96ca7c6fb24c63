import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CONVERSATION_VERSION } from '@shared/chat/chat'
import { captureLogger, useTempDir } from '../../../__tests__/helpers'
import { CONVERSATIONS_FOLDER, createConversationStore } from '../conversation-store'
import { migrateConversation } from '../migrate'

// Version 2 of the conversation file added `space` (the memory space a chat uses). A file of
// version 1 loads unchanged apart from its version, stays as it is on disk until the chat is
// saved, and is then written with version 2.

const tempDir = useTempDir('cairn-conv-migrate-')
const clock = () => new Date('2026-01-02T03:04:05.000Z')
const ID = 'c0nv0001-0000-4000-8000-000000000000'

/** A conversation file exactly as Cairn wrote it before spaces (version 1, no space). */
const versionOne = {
  version: 1,
  id: ID,
  title: 'Trip',
  titleSource: 'user',
  model: 'claude-sonnet-4-6',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  messages: [
    {
      id: 'u1',
      role: 'user',
      createdAt: '2026-01-01T00:00:00.000Z',
      content: [{ type: 'text', text: 'Plan my trip' }]
    }
  ],
  memory: 'off',
  pinned: true
}

describe('conversation files of version 1', () => {
  test('load unchanged, stay as they are on disk, and save with version 2', async () => {
    const folder = join(tempDir(), CONVERSATIONS_FOLDER)
    await mkdir(folder, { recursive: true })
    const file = join(folder, `${ID}.json`)
    const before = JSON.stringify(versionOne)
    await writeFile(file, before)

    const store = createConversationStore({ dir: tempDir(), logger: captureLogger().logger, clock })
    await store.ready()
    expect(store.problems()).toEqual([])
    const loaded = store.get(ID)
    expect(loaded).toEqual({ ...versionOne, version: CONVERSATION_VERSION })
    expect(loaded?.space).toBeUndefined()
    expect(await readFile(file, 'utf8')).toBe(before)

    await store.save({ ...loaded!, title: 'Trip to Lisbon' })
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
    expect(saved).toEqual({ ...versionOne, version: 2, title: 'Trip to Lisbon' })
  })

  test('a file of a newer version is left to the newer Cairn', () => {
    const newer = { ...versionOne, version: CONVERSATION_VERSION + 1 }
    expect(migrateConversation(newer)).toBe(newer)
    expect(migrateConversation(null)).toBeNull()
    expect(migrateConversation([1])).toEqual([1])
  })
})
