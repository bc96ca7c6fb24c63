import { randomUUID } from 'node:crypto'
import { lstat, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CustomInstructionsSchema, MemoryModeSchema } from '@shared/app/settings'
import { CONVERSATION_VERSION, TimeSchema, TITLE_MAX, type Conversation } from '@shared/chat/chat'
import type { DamagedConversation } from '@shared/chat/damaged'
import { ThinkingSettingSchema } from '@shared/chat/thinking'
import { WebToolsSchema } from '@shared/chat/web-tools'
import { CairnError } from '@shared/errors'
import { ensurePrivateDir } from '../../fs/durable'
import { CONVERSATIONS_FOLDER } from '../conversations/conversation-store'
import { createDamagedNotes } from '../conversations/damaged/damaged-notes'
import {
  NOT_A_CONVERSATION,
  salvageConversation,
  type Salvage
} from '../conversations/damaged/salvage'
import { repairStored } from '../conversations/repair'
import type { ModelCatalog } from '../models/models'
import { newChatModel } from '../models/new-chat-model'
import type { ChatService } from './api'
import type { ChatCore } from './core'
import { SpaceIdSchema } from '@shared/memory/spaces'

/*
 * Damaged conversation files (issue 36): the store moves a file it cannot read aside as
 * `<id>.json.corrupt-<time>`; these calls tell the user of each one, make a new chat of the
 * messages before the damage, hide one the user has dealt with, and open the folder. The damaged
 * file itself is never changed or removed here.
 */

export type DamagedCalls = Pick<
  ChatService,
  'listDamaged' | 'recoverDamaged' | 'dismissDamaged' | 'openConversationsFolder'
>

/** Opens a folder in the OS file manager: an error text, empty on success (shell.openPath). */
export type OpenFolder = (path: string) => Promise<string>

/** Past this a kept file is not read (a conversation's text is far smaller; pictures live apart). */
export const DAMAGED_READ_LIMIT = 64 * 1024 * 1024
const SUFFIX = ' (recovered)'
const UNTITLED = 'Damaged chat'

interface Described {
  key: string
  title: string | null
  reason: string
  messages: number
}

export function createDamagedCalls(
  core: ChatCore,
  deps: { dir: string; models: ModelCatalog; openFolder?: OpenFolder | undefined }
): DamagedCalls {
  const { store, logger, clock } = core
  const folder = join(deps.dir, CONVERSATIONS_FOLDER)
  const notes = createDamagedNotes({ folder, logger })
  /** What each file holds, read once per size and time (kept files do not change). */
  const described = new Map<string, Described>()

  /** The kept file's path and version; null when it is gone. Never follows a link. */
  async function statKept(file: string): Promise<{ path: string; key: string } | null> {
    const path = join(folder, file)
    const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    })
    if (!stats) return null
    if (!stats.isFile())
      throw Object.assign(new Error('not a regular file'), { code: 'not a regular file' })
    if (stats.size > DAMAGED_READ_LIMIT)
      throw Object.assign(new Error('too large'), { code: 'larger than 64 MB' })
    return { path, key: `${stats.size}:${stats.mtimeMs}` }
  }

  const titleOf = (salvage: Salvage): string | null => {
    const title = salvage.header.title
    return typeof title === 'string' && title.trim() !== ''
      ? title.trim().slice(0, TITLE_MAX)
      : null
  }

  async function describe(file: string, known: string | null): Promise<Described | null> {
    let salvage: Salvage
    let key: string
    try {
      const kept = await statKept(file)
      if (!kept) return null
      const cached = described.get(file)
      if (cached?.key === kept.key) return cached
      key = kept.key
      salvage = salvageConversation(await readFile(kept.path, 'utf8'))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error'
      logger.warn('damaged conversation file not read', { file, code })
      return { key: '', title: null, reason: `it could not be opened (${code})`, messages: 0 }
    }
    // A file that reads whole as JSON but not as a conversation: the load's reason is the better.
    const reason = salvage.reason === NOT_A_CONVERSATION && known ? known : salvage.reason
    const result = {
      key,
      title: titleOf(salvage),
      reason,
      messages: salvage.messages.length
    }
    described.set(file, result)
    return result
  }

  async function list(): Promise<DamagedConversation[]> {
    await store.ready()
    const out: DamagedConversation[] = []
    for (const { file, reason } of await store.damaged()) {
      const note = await notes.get(file)
      if (note.dismissed) continue
      const what = await describe(file, reason)
      if (!what) continue // removed by the user: nothing to tell
      const made = note.recovered ? store.get(note.recovered.conversationId) : undefined
      out.push({
        file,
        title: what.title,
        reason: what.reason,
        messages: what.messages,
        recovered:
          made && note.recovered
            ? { conversationId: made.id, title: made.title, messages: note.recovered.messages }
            : null
      })
    }
    return out
  }

  async function listed(file: string): Promise<void> {
    if (!(await store.damaged()).some((d) => d.file === file))
      throw new CairnError(
        'CHAT_NOT_FOUND',
        'That damaged file is not in the conversations folder any more. It may have been moved or deleted.'
      )
  }

  /** A new conversation of what the salvage read; options the file never reached stay safe. */
  async function rebuild(salvage: Salvage): Promise<Conversation> {
    const { header } = salvage
    const now = clock().toISOString()
    const model =
      typeof header.model === 'string' && header.model.length > 0 && header.model.length <= 100
        ? header.model
        : await newChatModel(core.settings().model, deps.models)
    const created = TimeSchema.safeParse(header.createdAt)
    const memory = MemoryModeSchema.safeParse(header.memory)
    const instructions = CustomInstructionsSchema.safeParse(header.instructions)
    const thinking = ThinkingSettingSchema.safeParse(header.thinking)
    const web = WebToolsSchema.safeParse(header.web)
    const space = SpaceIdSchema.safeParse(header.space)
    const base = titleOf(salvage) ?? UNTITLED
    return {
      version: CONVERSATION_VERSION,
      id: randomUUID(),
      title: `${base.slice(0, TITLE_MAX - SUFFIX.length)}${SUFFIX}`,
      titleSource: 'user',
      model,
      createdAt: created.success ? created.data : now,
      updatedAt: now,
      // A reply cut off before its memory command was answered gets the "not run" answer.
      messages: repairStored(salvage.messages, () => now).messages,
      // A file that broke off before it said whether the chat used memory: off until the user
      // turns it on (a private chat never gains memory by being recovered). A whole file without
      // the field was a chat with memory on.
      ...(memory.success
        ? memory.data === 'off'
          ? { memory: 'off' as const }
          : {}
        : salvage.ended
          ? {}
          : { memory: 'off' as const }),
      ...(instructions.success ? { instructions: instructions.data } : {}),
      // Its memory stays its project's: a recovered chat never reads another space.
      ...(space.success ? { space: space.data } : {}),
      ...(thinking.success ? { thinking: thinking.data } : {}),
      ...(web.success ? { web: web.data } : {})
    }
  }

  return {
    async listDamaged() {
      return { damaged: await list() }
    },
    async recoverDamaged({ file }) {
      await listed(file)
      const note = await notes.get(file)
      const earlier = note.recovered ? store.get(note.recovered.conversationId) : undefined
      // Recover twice: the chat it made, not a second copy.
      if (earlier && note.recovered)
        return { conversation: core.summary(earlier), messages: note.recovered.messages }
      let text: string | null
      try {
        const kept = await statKept(file)
        text = kept ? await readFile(kept.path, 'utf8') : null
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error'
        throw new CairnError(
          'CHAT_NOT_FOUND',
          `The damaged file could not be opened (${code}). It stays in the conversations folder.`
        )
      }
      if (text === null)
        throw new CairnError(
          'CHAT_NOT_FOUND',
          'That damaged file is not in the conversations folder any more. It may have been moved or deleted.'
        )
      const salvage = salvageConversation(text)
      if (salvage.messages.length === 0)
        throw new CairnError(
          'CHAT_NOT_FOUND',
          'No whole message comes before the damage, so there is nothing to recover. The file stays in the conversations folder.'
        )
      const conversation = await rebuild(salvage)
      await core.save(conversation)
      const messages = salvage.messages.length
      logger.info('damaged conversation recovered', { file, messages })
      await notes
        .update(file, (n) => ({ ...n, recovered: { conversationId: conversation.id, messages } }))
        .catch((error: unknown) => logger.warn('damaged-file note not saved', { error }))
      return { conversation: core.summary(conversation), messages }
    },
    async dismissDamaged({ file }) {
      await listed(file)
      try {
        await notes.update(file, (n) => ({ ...n, dismissed: true }))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error'
        logger.warn('damaged-file note not saved', { error })
        throw new CairnError(
          'CHAT_WRITE_FAILED',
          `The notice could not be hidden for good (${code}): the conversations folder could not be written. Check that it is writable, then try again.`
        )
      }
      return { damaged: await list() }
    },
    async openConversationsFolder() {
      let failure: string
      try {
        await ensurePrivateDir(folder)
        failure = deps.openFolder
          ? await deps.openFolder(folder)
          : 'opening folders is not available here'
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error)
      }
      if (failure) {
        logger.warn('file manager did not open the conversations folder', { failure })
        throw new CairnError(
          'OPEN_FOLDER_FAILED',
          `Your file manager could not open the conversations folder (${failure}). It is at ${folder}; open it from there.`
        )
      }
      return { opened: true as const }
    }
  }
}
