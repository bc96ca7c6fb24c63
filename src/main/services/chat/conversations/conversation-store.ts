import { createHash } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import {
  ConversationIdSchema,
  ConversationSchema,
  type Conversation,
  type ConversationProblem
} from '@shared/chat/chat'
import { ZodError } from 'zod'
import { ensurePrivateDir, writeFileDurably } from '../../fs/durable'
import type { Logger } from '../../log/logger'
import {
  createConversationLoad,
  FILE,
  parseOutside,
  type DamagedFile,
  type ReadText
} from './conversation-load'

/*
 * One JSON file per conversation in <userData>/conversations. Everything is read once into
 * memory; the chat service is the only writer, so the cache stays true. Writes of one
 * conversation run one after another and each writes the latest state.
 */

export { READ_CONCURRENCY, TEMP, type DamagedFile } from './conversation-load'

export const CONVERSATIONS_FOLDER = 'conversations'
/**
 * Deleted chats wait here, whole, so Undo puts back the same bytes. Emptied at the next start
 * (deliberately: a delete the user did not undo in that session is final; the start's attachment
 * sweep then drops their files).
 */
export const DELETED_FOLDER = 'conversations-deleted'

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

/** What the store knows of each conversation: its live copy and where it stands on disk. */
interface Copies {
  cache: Map<string, Conversation>
  /** New chats not written yet (no message so far): kept in memory only, gone after a restart. */
  unsaved: Set<string>
  /** Ids written to disk at least once by this store (a failed first write leaves them unsaved). */
  written: Set<string>
  /** A digest of each file's text as Cairn last read or wrote it: its own writes are not news. */
  known: Map<string, string>
  /** The write in flight per conversation (the next one waits for it). */
  writes: Map<string, Promise<void>>
}

interface Folders {
  folder: string
  deletedFolder: string
  fileOf(id: string): string
  read: ReadText
}

export function createConversationStore(options: {
  dir: string
  logger: Logger
  clock: () => Date
  /** How a file is read; tests stand in a reader that runs out of file descriptors. */
  readFile?: (path: string, encoding: 'utf8') => Promise<string>
}): ConversationStore {
  const folder = join(options.dir, CONVERSATIONS_FOLDER)
  const folders: Folders = {
    folder,
    deletedFolder: join(options.dir, DELETED_FOLDER),
    fileOf: (id) => join(folder, `${id}.json`),
    read: options.readFile ?? readFile
  }
  const copies: Copies = {
    cache: new Map(),
    unsaved: new Set(),
    written: new Set(),
    known: new Map(),
    writes: new Map()
  }
  const { cache, unsaved } = copies
  const load = createConversationLoad({
    ...folders,
    logger: options.logger,
    clock: options.clock,
    keep: (conversation, text) => {
      cache.set(conversation.id, conversation)
      copies.known.set(conversation.id, digest(text))
    }
  })
  return {
    ready: load.ready,
    all: () => [...cache.values()].filter((c) => !unsaved.has(c.id)),
    get: (id) => cache.get(id),
    inSpace: (space) => [...cache.values()].filter((c) => c.space === space),
    problems: load.problems,
    takePurged: load.takePurged,
    damaged: load.damaged,
    save: (conversation) => saveConversation(copies, folders, conversation),
    remove: (id) => removeConversation(copies, folders, id),
    restore: (id) => restoreConversation(copies, folders, load, id),
    applyOutside: (name) => applyOutside(copies, folders, load, options.logger, name)
  }
}

/** Keeps the live copy and writes it, after this conversation's write in flight. */
function saveConversation(
  copies: Copies,
  { folder, fileOf }: Folders,
  conversation: Conversation
): Promise<void> {
  const { cache, unsaved, written, known, writes } = copies
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
}

/** Moves the file to the deleted folder (kept until the next start, for `restore`). */
async function removeConversation(copies: Copies, folders: Folders, id: string): Promise<void> {
  await copies.writes.get(id)?.catch(() => undefined)
  copies.cache.delete(id)
  copies.unsaved.delete(id)
  copies.written.delete(id)
  copies.known.delete(id)
  await ensurePrivateDir(folders.deletedFolder)
  await rename(folders.fileOf(id), join(folders.deletedFolder, `${id}.json`)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error // never written: nothing to keep
    }
  )
}

type Load = ReturnType<typeof createConversationLoad>

/** Puts a deleted conversation back, byte for byte; null when it is no longer kept. */
async function restoreConversation(
  copies: Copies,
  { deletedFolder, fileOf, read }: Folders,
  load: Load,
  id: string
): Promise<Conversation | null> {
  const { cache } = copies
  await load.ready()
  if (!ConversationIdSchema.safeParse(id).success || cache.has(id)) return null
  const name = `${id}.json`
  try {
    // Known before it lands, as Cairn's own write: the watcher does not report it as news.
    copies.known.set(id, digest(await read(join(deletedFolder, name), 'utf8')))
    await rename(join(deletedFolder, name), fileOf(id))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  await load.loadOne(name, id)
  if (cache.has(id)) copies.written.add(id)
  return cache.get(id) ?? null
}

/** Another program changed `<id>.json`: reads it again (see ConversationStore.applyOutside). */
async function applyOutside(
  copies: Copies,
  { fileOf, read }: Folders,
  load: Load,
  logger: Logger,
  name: string
): Promise<{ id: string; kind: 'changed' | 'removed' } | null> {
  const { cache, unsaved, written, known, writes } = copies
  await load.ready()
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
    logger.warn('outside change to a conversation does not parse; left as is', { name })
    return null
  }
  cache.set(id, parsed)
  known.set(id, digest(text))
  unsaved.delete(id)
  written.add(id)
  return { id, kind: 'changed' }
}

const digest = (text: string): string => createHash('sha256').update(text).digest('base64')

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
