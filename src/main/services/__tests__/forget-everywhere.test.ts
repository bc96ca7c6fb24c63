import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { ForgetAtInput, KeptPlace } from '@shared/memory/history'
import { memory, reply, text } from '../../../../e2e/fake-anthropic'
import { createHandlers } from '../../ipc/handlers'
import { ensurePrivateDir } from '../fs/durable'
import { keptTexts } from '../memory/__tests__/kept-bytes'
import { captureLogger, useTempDir } from './helpers'
import { useServicesOnFake } from './services-on-fake'

// Issue 35, "Forget means gone": a text the user had Cairn forget is searched for in every byte
// under the data folder (history's packs opened): each file still holding it must be a place the
// Forget named, and once the user removes it from each place Forget offers to, only the places
// Forget said it cannot change still hold it.

const tempDir = useTempDir('cairn-forget-everywhere-')
const API_KEY = 'sk-ant-api03-test-key-0123456789'
const TEXT = 'door-code-Zq8vN3kTwL'

const startServices = useServicesOnFake('forget-everywhere')

/** Each file under `dir` holding the text (as is, or inside a JSON string), relative, once. */
async function holding(dir: string): Promise<string[]> {
  const forms = [TEXT, JSON.stringify(TEXT).slice(1, -1)]
  const files = (await keptTexts(dir)).filter((kept) => forms.some((f) => kept.text.includes(f)))
  const rel = files.map((kept) => kept.path.slice(dir.length + 1).replace(/ @\d+ \(gunzip\)$/, ''))
  return [...new Set(rel)].sort()
}

/** The place a Forget must name for a file of the data folder holding the text. */
function placeFor(rel: string): Partial<KeptPlace> | { stillInFile: string } {
  const [top, ...rest] = rel.split('/')
  if (top === 'memories') return { stillInFile: `/memories/${rest.join('/')}` }
  if (top === 'memory-state' && rest[0] === 'archive')
    return { kind: 'archive', archiveId: rest[1], path: `/memories/${rest.slice(2).join('/')}` }
  if (top === 'memory-state' && /^activity(\.\d+)?\.jsonl$/.test(rest.join('/')))
    return { kind: 'other', name: 'Activity log' }
  if (top === 'conversations')
    return { kind: 'conversation', conversationId: rest.join('/').replace(/\.json$/, '') }
  if (top === 'logs') return { kind: 'log', name: rest.join('/') }
  if (top === 'sync-state') return { kind: 'other', name: 'Sync state' }
  return { kind: 'other', name: `unnamed: ${rel}` }
}

/** Whether the Forget's answer names the place of this file (`elsewhere` absent: nothing). */
function named(rel: string, result: { stillInFiles: string[]; elsewhere?: KeptPlace[] }): boolean {
  const want = placeFor(rel)
  if ('stillInFile' in want) return result.stillInFiles.includes(want.stillInFile)
  return (result.elsewhere ?? []).some((place) =>
    Object.entries(want).every(([key, value]) => (place as Record<string, unknown>)[key] === value)
  )
}

function removable(place: KeptPlace): ForgetAtInput['place'] | null {
  if (place.kind === 'archive')
    return { kind: 'archive', archiveId: place.archiveId, path: place.path }
  if (place.kind === 'conversation')
    return { kind: 'conversation', conversationId: place.conversationId }
  if (place.kind === 'log') return { kind: 'log', name: place.name }
  return null
}

describe('Forget finds a text everywhere Cairn keeps it', () => {
  test('after a chat turn, an expiry sweep, a log line and sync state', async () => {
    const dir = tempDir()
    const userDataDir = join(dir, 'user-data')
    await ensurePrivateDir(join(userDataDir, 'logs'))
    const { logger } = captureLogger(join(userDataDir, 'logs', 'main.log'))
    const { services, fake, closeServices } = await startServices({
      userDataDir,
      apiKey: API_KEY,
      deps: { logger }
    })
    await services.settings.update({ model: 'claude-sonnet-4-6' })
    const handlers = createHandlers(services)

    // Claude keeps the text in a file that expires, quotes it in an edit that fails, says it.
    fake.script(
      reply([
        text(`I will remember ${TEXT}.`),
        memory({
          command: 'create',
          path: '/memories/trip.md',
          file_text: `---\nexpires: 2000-01-01\n---\nThe door code is ${TEXT}.\n`
        }),
        memory({
          command: 'str_replace',
          path: '/memories/trip.md',
          old_str: `${TEXT} (old)`,
          new_str: 'gone'
        }),
        memory({ command: 'create', path: '/memories/plain.md', file_text: 'nothing here\n' })
      ]),
      reply('Done.')
    )
    const chat = services.chat
    const { id } = await chat.createConversation()
    const ended = new Promise<void>((resolve) =>
      chat.onEvent((event) => {
        if (event === 'chat:done' || event === 'chat:error') resolve()
      })
    )
    await chat.send({ conversationId: id, text: `Remember the door code: ${TEXT}` })
    await ended
    // The hourly sweep expires the file into the archive.
    expect((await services.memory.sweep()).expired).toHaveLength(1)
    // A log line that quoted it, and sync's state naming it (as a file name would).
    logger.warn('a line that quoted a text', { text: TEXT })
    await mkdir(join(userDataDir, 'sync-state'), { recursive: true })
    await writeFile(
      join(userDataDir, 'sync-state', 'sync-state.json'),
      JSON.stringify({ version: 1, links: { [`/memories/${TEXT}.md`]: {} } })
    )
    const before = await holding(userDataDir)
    // The search can fail: the text is in each kind of place.
    for (const kind of ['conversations/', 'memory-state/archive/', 'logs/', 'sync-state/'])
      expect(
        before.some((rel) => rel.startsWith(kind)),
        kind
      ).toBe(true)

    const result = await handlers['memory:forget']({ space: 'default', what: 'text', text: TEXT })
    const after = await holding(userDataDir)
    expect(after.filter((rel) => !named(rel, result))).toEqual([])
    // Nothing is named that does not hold it.
    expect(result.elsewhere.map((p) => p.kind).sort()).toEqual([
      'archive',
      'conversation',
      'log',
      'other'
    ])
    expect(JSON.stringify(result)).not.toContain(TEXT)
    expect(JSON.stringify(result)).not.toContain(dir)

    // The user removes it from every place Forget offers to.
    let elsewhere = result.elsewhere
    for (const place of result.elsewhere) {
      const target = removable(place)
      if (target)
        elsewhere = (
          await handlers['memory:forget-at']({ space: 'default', text: TEXT, place: target })
        ).elsewhere
    }
    expect(elsewhere).toEqual([expect.objectContaining({ kind: 'other', name: 'Sync state' })])
    await closeServices()
    expect(await holding(userDataDir)).toEqual(['sync-state/sync-state.json'])
  })
})
