import { createHash } from 'node:crypto'
import { readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  ConversationIdSchema,
  ConversationSchema,
  CONVERSATION_VERSION,
  type Conversation,
  type ConversationProblem
} from '@shared/chat/chat'
import { ZodError } from 'zod'
import { ensurePrivateDir, writeFileDurably } from '../../fs/durable'
import type { Logger } from '../../log/logger'
import { createFileGate } from './file-gate'
import { migrateConversation } from './migrate'

/*
 * One JSON file per conversation in <userData>/conversations. Everything is read once into
 * memory; the chat service is the only writer, so the cache stays true. Writes of one
 * conversation run one after another and each writes the latest state.
 */

export const CONVERSATIONS_FOLDER = 'conversations'
/**
 * Deleted chats wait here, whole, so Undo puts back the same bytes. Emptied at the next start
 * (deliberately: a delete the user did not undo in that session is final; the start's attachment
 * sweep then drops their files).
 */
export const DELETED_FOLDER = 'conversations-deleted'
const FILE = /^([a-z0-9][a-z0-9-]{7,63})\.json$/
export const TEMP = /^\..+\.tmp$/
/** A file moved aside as unreadable (this start or an earlier one): `<id>.json.corrupt-<time>`. */
const DAMAGED = /^[a-z0-9][a-z0-9-]{7,63}\.json\.corrupt-[A-Za-z0-9-]{1,40}$/
/** Files read at once at start-up: well under any descriptor limit. */
export const READ_CONCURRENCY = 32

export interface ConversationStore {
  /**
   * Reads every file (once). Corrupt ones (not JSON, not a conversation) are moved aside and
   * reported; ones that could not be opened are reported and left where they are.
   */
  ready(): Promise<void>
  all(): Conversation[]
  get(id: string): Conversation | undefined
  /** The chats of one memory space (a project's), new ones not written yet included. */
  inSpace(space: string): Conversation[]
  /**
   * Adds or replaces, durably. The object is kept as the live copy. A conversation that was never
   * written and has no messages yet (a new chat) stays in memory only: it is written with its
   * first message, and left out of `all()` until then.
   */
  save(conversation: Conversation): Promise<void>
  /** Moves the file to the deleted folder (kept until the next start, for `restore`). */
  remove(id: string): Promise<void>
  /** Puts a deleted conversation back, byte for byte; null when it is no longer kept. */
  restore(id: string): Promise<Conversation | null>
  /**
   * Another program (or another Cairn) changed `<id>.json`: reads it again. 'changed' or
   * 'removed' when the list differs now; null for Cairn's own writes (their bytes are known),
   * a write in progress, and a file that does not parse yet (left alone: the next start judges it).
   */
  applyOutside(name: string): Promise<{ id: string; kind: 'changed' | 'removed' } | null>
  problems(): ConversationProblem[]
  /** The chats whose delete this start made final (once): their attachments can go. */
  takePurged(): Conversation[]
  /**
   * The damaged files in the folder now, newest first: moved aside at this load (with why) or at
   * an earlier one (why unknown here). One look at the folder per call: a file the user removed
   * is gone from the list.
   */
  damaged(): Promise<DamagedFile[]>
}

export interface DamagedFile {
  /** Its name in the conversations folder. */
  file: string
  /** Why the load moved it aside; null when an earlier start did. */
  reason: string | null
}

export function createConversationStore(options: {
  dir: string
  logger: Logger
  clock: () => Date
  /** How a file is read; tests stand in a reader that runs out of file descriptors. */
  readFile?: (path: string, encoding: 'utf8') => Promise<string>
}): ConversationStore {
  const read = options.readFile ?? readFile
  const gate = createFileGate({ limit: READ_CONCURRENCY })
  const folder = join(options.dir, CONVERSATIONS_FOLDER)
  const cache = new Map<string, Conversation>()
  const problems: ConversationProblem[] = []
  /** Files this load moved aside, and why. */
  const movedAside = new Map<string, string>()
  const writes = new Map<string, Promise<void>>()
  /** New chats not written yet (no message so far): kept in memory only, gone after a restart. */
  const unsaved = new Set<string>()
  /** Ids written to disk at least once by this store (a failed first write leaves them unsaved). */
  const written = new Set<string>()
  let loading: Promise<void> | null = null

  /** A digest of each file's text as Cairn last read or wrote it: its own writes are not news. */
  const known = new Map<string, string>()
  const deletedFolder = join(options.dir, DELETED_FOLDER)
  let purged: Conversation[] = []

  const fileOf = (id: string): string => join(folder, `${id}.json`)

  async function moveAside(name: string, reason: string): Promise<void> {
    const stamp = options.clock().toISOString().replace(/[:.]/g, '-')
    const movedTo = `${name}.corrupt-${stamp}`
    let moved: string | null = movedTo
    try {
      await rename(join(folder, name), join(folder, movedTo))
      movedAside.set(movedTo, reason)
    } catch (error) {
      moved = null
      options.logger.error('corrupt conversation could not be moved aside', { name, error })
    }
    options.logger.warn('conversation file unreadable', { name, reason, movedTo: moved })
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
    options.logger.warn('conversation file could not be opened; left in place', {
      name,
      code,
      error
    })
    problems.push({
      file: name,
      movedTo: null,
      message: `The conversation file ${name} could not be opened (${openFailure(code)}). It was left as it is, and Cairn tries again at the next start; your other conversations are fine.`
    })
  }

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
    cache.set(id, parsed.data)
    known.set(id, digest(text))
  }

  /** Deletes not undone last session are final now (see DELETED_FOLDER). */
  async function purgeDeleted(): Promise<void> {
    const names = await readdir(deletedFolder).catch(() => [])
    for (const name of names) {
      const text = await read(join(deletedFolder, name), 'utf8').catch(() => '')
      const conversation = parseOutside(text, name.replace(/\.json$/, ''))
      if (conversation) purged.push(conversation)
    }
    await rm(deletedFolder, { recursive: true, force: true })
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
    all: () => [...cache.values()].filter((c) => !unsaved.has(c.id)),
    get: (id) => cache.get(id),
    inSpace: (space) => [...cache.values()].filter((c) => c.space === space),
    problems: () => [...problems],
    takePurged() {
      const taken = purged
      purged = []
      return taken
    },
    async damaged() {
      await ready()
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
      return names
        .filter((name) => DAMAGED.test(name))
        .map((file) => ({ file, reason: movedAside.get(file) ?? null }))
        .sort((a, b) => stampOf(b.file).localeCompare(stampOf(a.file)))
    },
    save(conversation) {
      const isNew = !cache.has(conversation.id) || unsaved.has(conversation.id)
      if (isNew && conversation.messages.length === 0) {
        unsaved.add(conversation.id)
        cache.set(conversation.id, conversation)
        return Promise.resolve()
      }
      unsaved.delete(conversation.id)
      cache.set(conversation.id, conversation)
      const previous = writes.get(conversation.id) ?? Promise.resolve()
      const write = previous
        .catch(() => undefined)
        .then(async () => {
          // Serialized at write time: a burst of saves writes the newest state, not each one.
          const text = encode(conversation) + '\n'
          await ensurePrivateDir(folder)
          // Known before the write lands: the watcher may see the file before this resolves.
          known.set(conversation.id, digest(text))
          await writeFileDurably(fileOf(conversation.id), text)
        })
      writes.set(conversation.id, write)
      void write
        .then(
          () => written.add(conversation.id),
          // A new chat whose first write failed (a full or read-only disk) was never on disk:
          // it stays out of the list rather than showing as an empty "New conversation".
          () => {
            if (isNew && !written.has(conversation.id)) unsaved.add(conversation.id)
          }
        )
        .finally(() => {
          if (writes.get(conversation.id) === write) writes.delete(conversation.id)
        })
        .catch(() => undefined)
      return write
    },
    async remove(id) {
      await writes.get(id)?.catch(() => undefined)
      cache.delete(id)
      unsaved.delete(id)
      written.delete(id)
      known.delete(id)
      await ensurePrivateDir(deletedFolder)
      await rename(fileOf(id), join(deletedFolder, `${id}.json`)).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error // never written: nothing to keep
        }
      )
    },
    async restore(id) {
      await ready()
      if (!ConversationIdSchema.safeParse(id).success || cache.has(id)) return null
      const name = `${id}.json`
      try {
        // Known before it lands, as Cairn's own write: the watcher does not report it as news.
        known.set(id, digest(await read(join(deletedFolder, name), 'utf8')))
        await rename(join(deletedFolder, name), fileOf(id))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      await loadOne(name, id)
      if (cache.has(id)) written.add(id)
      return cache.get(id) ?? null
    },
    async applyOutside(name) {
      await ready()
      const id = FILE.exec(name)?.[1]
      if (!id || !ConversationIdSchema.safeParse(id).success || writes.has(id)) return null
      let text: string
      try {
        text = await read(fileOf(id), 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !cache.has(id)) return null
        if (unsaved.has(id) || writes.has(id)) return null
        cache.delete(id)
        written.delete(id)
        known.delete(id)
        return { id, kind: 'removed' }
      }
      if (known.get(id) === digest(text) || writes.has(id)) return null
      const parsed = parseOutside(text, id)
      if (!parsed) {
        options.logger.warn('outside change to a conversation does not parse; left as is', { name })
        return null
      }
      cache.set(id, parsed)
      known.set(id, digest(text))
      unsaved.delete(id)
      written.add(id)
      return { id, kind: 'changed' }
    }
  }
}

const digest = (text: string): string => createHash('sha256').update(text).digest('base64')

/** A conversation file's text, or null (not JSON yet, another id, a newer Cairn's). */
function parseOutside(text: string, id: string): Conversation | null {
  try {
    const raw = JSON.parse(text) as { version?: unknown } | null
    if (typeof raw?.version === 'number' && raw.version > CONVERSATION_VERSION) return null
    const parsed = ConversationSchema.safeParse(migrateConversation(raw))
    return parsed.success && parsed.data.id === id ? parsed.data : null
  } catch {
    return null
  }
}

/** The conversation could not be turned into file text; nothing was written. */
export class ConversationEncodeError extends Error {
  override readonly name = 'ConversationEncodeError'
  constructor(cause: unknown) {
    const first = cause instanceof ZodError ? cause.issues[0] : undefined
    const why = first
      ? `${first.path.join('.') || 'conversation'}: ${first.message}`
      : cause instanceof Error
        ? cause.message
        : String(cause)
    super(`the conversation could not be turned into JSON: ${why}`, { cause })
  }
}

function encode(conversation: Conversation): string {
  try {
    return JSON.stringify(ConversationSchema.parse(conversation))
  } catch (error) {
    // Not the disk's fault (e.g. a value nested too deep for JSON.stringify): say so.
    throw new ConversationEncodeError(error)
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
