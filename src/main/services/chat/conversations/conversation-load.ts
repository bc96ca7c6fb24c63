import { readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  ConversationIdSchema,
  ConversationSchema,
  CONVERSATION_VERSION,
  type Conversation,
  type ConversationProblem
} from '@shared/chat/chat'
import { ensurePrivateDir } from '../../fs/durable'
import type { Logger } from '../../log/logger'
import { createFileGate } from './file-gate'
import { migrateConversation } from './migrate'

// The store's start: every conversation file read once (at most READ_CONCURRENCY at a time),
// corrupt ones moved aside with why, unopenable ones left in place, last session's deletes purged.

export const FILE = /^([a-z0-9][a-z0-9-]{7,63})\.json$/
export const TEMP = /^\..+\.tmp$/
/** A file moved aside as unreadable (this start or an earlier one): `<id>.json.corrupt-<time>`. */
const DAMAGED = /^[a-z0-9][a-z0-9-]{7,63}\.json\.corrupt-[A-Za-z0-9-]{1,40}$/
/** Files read at once at start-up: well under any descriptor limit. */
export const READ_CONCURRENCY = 32

export type ReadText = (path: string, encoding: 'utf8') => Promise<string>

export interface DamagedFile {
  /** Its name in the conversations folder. */
  file: string
  /** Why the load moved it aside; null when an earlier start did. */
  reason: string | null
}

export interface LoadDeps {
  folder: string
  deletedFolder: string
  read: ReadText
  logger: Logger
  clock: () => Date
  /** Where each conversation read is kept, with the digest of its text. */
  keep(conversation: Conversation, text: string): void
}

export function createConversationLoad(deps: LoadDeps) {
  const { folder, read } = deps
  const gate = createFileGate({ limit: READ_CONCURRENCY })
  const { moveAside, leaveInPlace, ...problems } = createProblemLog(deps)
  let purged: Conversation[] = []
  let loading: Promise<void> | null = null

  async function loadOne(name: string, id: string): Promise<void> {
    let text: string
    try {
      text = await gate.run(() => read(join(folder, name), 'utf8'))
    } catch (error) {
      return leaveInPlace(name, error)
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return moveAside(name, 'it is not valid JSON')
    }
    const version = (raw as { version?: unknown } | null)?.version
    if (typeof version === 'number' && version > CONVERSATION_VERSION)
      return moveAside(name, `it was written by a newer Cairn (version ${version})`)
    const parsed = ConversationSchema.safeParse(migrateConversation(raw))
    if (!parsed.success) {
      const first = parsed.error.issues[0]
      return moveAside(
        name,
        first ? `${first.path.join('.') || 'file'}: ${first.message}` : 'invalid'
      )
    }
    if (parsed.data.id !== id) return moveAside(name, 'its id does not match its file name')
    deps.keep(parsed.data, text)
  }

  /** Deletes not undone last session are final now (see DELETED_FOLDER). */
  async function purgeDeleted(): Promise<void> {
    const names = await readdir(deps.deletedFolder).catch(() => [])
    for (const name of names) {
      const text = await read(join(deps.deletedFolder, name), 'utf8').catch(() => '')
      const conversation = parseOutside(text, name.replace(/\.json$/, ''))
      if (conversation) purged.push(conversation)
    }
    await rm(deps.deletedFolder, { recursive: true, force: true })
  }

  async function load(): Promise<void> {
    await purgeDeleted()
    await ensurePrivateDir(folder)
    const names = await readdir(folder)
    // Every file waits its turn at the gate, so only READ_CONCURRENCY descriptors are open at once.
    await Promise.all(
      names.map(async (name) => {
        // A crash during a durable write leaves its temp file; the real file is intact.
        if (TEMP.test(name)) return rm(join(folder, name), { force: true })
        const match = FILE.exec(name)
        if (match?.[1] && ConversationIdSchema.safeParse(match[1]).success)
          return loadOne(name, match[1])
      })
    )
  }

  function ready(): Promise<void> {
    loading ??= load().catch((error: unknown) => {
      loading = null // a later call tries again
      throw error
    })
    return loading
  }

  return {
    ready,
    loadOne,
    problems: problems.list,
    takePurged() {
      const taken = purged
      purged = []
      return taken
    },
    async damaged(): Promise<DamagedFile[]> {
      await ready()
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
      return names
        .filter((name) => DAMAGED.test(name))
        .map((file) => ({ file, reason: problems.whyMovedAside(file) }))
        .sort((a, b) => stampOf(b.file).localeCompare(stampOf(a.file)))
    }
  }
}

/** The files the load could not take, each with a message for the user. */
function createProblemLog({
  folder,
  logger,
  clock
}: Pick<LoadDeps, 'folder' | 'logger' | 'clock'>) {
  const problems: ConversationProblem[] = []
  /** Files this load moved aside, and why. */
  const movedAside = new Map<string, string>()

  async function moveAside(name: string, reason: string): Promise<void> {
    const stamp = clock().toISOString().replace(/[:.]/g, '-')
    const movedTo = `${name}.corrupt-${stamp}`
    let moved: string | null = movedTo
    try {
      await rename(join(folder, name), join(folder, movedTo))
      movedAside.set(movedTo, reason)
    } catch (error) {
      moved = null
      logger.error('corrupt conversation could not be moved aside', { name, error })
    }
    logger.warn('conversation file unreadable', { name, reason, movedTo: moved })
    problems.push({
      file: name,
      movedTo: moved,
      message: moved
        ? `The conversation file ${name} could not be read (${reason}). It was kept as ${movedTo} in the conversations folder; your other conversations are fine.`
        : `The conversation file ${name} could not be read (${reason}). Your other conversations are fine.`
    })
  }

  /** A file that could not be opened stays where it is (it may be fine); it loads next start. */
  function leaveInPlace(name: string, error: unknown): void {
    const code = (error as NodeJS.ErrnoException | null)?.code ?? 'error'
    logger.warn('conversation file could not be opened; left in place', { name, code, error })
    problems.push({
      file: name,
      movedTo: null,
      message: `The conversation file ${name} could not be opened (${openFailure(code)}). It was left as it is, and Cairn tries again at the next start; your other conversations are fine.`
    })
  }

  return {
    moveAside,
    leaveInPlace,
    list: () => [...problems],
    whyMovedAside: (file: string) => movedAside.get(file) ?? null
  }
}

/** A conversation file's text, or null (not JSON yet, another id, a newer Cairn's). */
export function parseOutside(text: string, id: string): Conversation | null {
  try {
    const raw = JSON.parse(text) as { version?: unknown } | null
    if (typeof raw?.version === 'number' && raw.version > CONVERSATION_VERSION) return null
    const parsed = ConversationSchema.safeParse(migrateConversation(raw))
    return parsed.success && parsed.data.id === id ? parsed.data : null
  } catch {
    return null
  }
}

const stampOf = (file: string): string => file.slice(file.indexOf('.corrupt-'))

/** Words for why a file could not be opened; never the path (the message is shown as is). */
function openFailure(code: string): string {
  if (code === 'EACCES' || code === 'EPERM') return `${code}: permission denied`
  if (code === 'EIO') return 'EIO: the disk reported an error'
  if (code === 'EISDIR') return 'EISDIR: it is a folder'
  if (code === 'EMFILE' || code === 'ENFILE' || code === 'EAGAIN')
    return `${code}: too many files are open`
  return code
}
