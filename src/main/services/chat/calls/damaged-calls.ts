import { join } from 'node:path'
import type { DamagedConversation } from '@shared/chat/damaged'
import { CairnError } from '@shared/errors'
import { ensurePrivateDir } from '../../fs/durable'
import { openInFileManager, type OpenFolder } from '../../fs/open-folder'
import type { Logger } from '../../log/logger'
import { CONVERSATIONS_FOLDER } from '../conversations/conversation-store'
import { createDamagedNotes } from '../conversations/damaged/damaged-notes'
import { createKeptFiles } from '../conversations/damaged/kept-files'
import { rebuildConversation, salvagedModel } from '../conversations/damaged/rebuild'
import { salvageConversation } from '../conversations/damaged/salvage'
import type { ModelCatalog } from '../models/models'
import { newChatModel } from '../models/new-chat-model'
import type { ChatService } from './api'
import type { ChatCore } from './core'

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

export type { OpenFolder } from '../../fs/open-folder'

export { DAMAGED_READ_LIMIT } from '../conversations/damaged/kept-files'

const GONE =
  'That damaged file is not in the conversations folder any more. It may have been moved or deleted.'

interface DamagedDeps {
  dir: string
  models: ModelCatalog
  openFolder?: OpenFolder | undefined
}

/** The damaged files' notes (dismissed, recovered into which chat) and the files as kept. */
interface Desk {
  core: ChatCore
  notes: ReturnType<typeof createDamagedNotes>
  kept: ReturnType<typeof createKeptFiles>
  models: ModelCatalog
}

export function createDamagedCalls(core: ChatCore, deps: DamagedDeps): DamagedCalls {
  const folder = join(deps.dir, CONVERSATIONS_FOLDER)
  const desk: Desk = {
    core,
    notes: createDamagedNotes({ folder, logger: core.logger }),
    kept: createKeptFiles(folder, core.logger),
    models: deps.models
  }
  return {
    async listDamaged() {
      return { damaged: await list(desk) }
    },
    async recoverDamaged({ file }) {
      await listed(core, file)
      return recover(desk, file)
    },
    async dismissDamaged({ file }) {
      await listed(core, file)
      try {
        await desk.notes.update(file, (n) => ({ ...n, dismissed: true }))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error'
        core.logger.warn('damaged-file note not saved', { error })
        throw new CairnError(
          'CHAT_WRITE_FAILED',
          `The notice could not be hidden for good (${code}): the conversations folder could not be written. Check that it is writable, then try again.`
        )
      }
      return { damaged: await list(desk) }
    },
    openConversationsFolder: () => openFolder(folder, deps.openFolder, core.logger)
  }
}

/** The damaged files the user has not dismissed, each with what it holds and what it became. */
async function list({ core, notes, kept }: Desk): Promise<DamagedConversation[]> {
  const { store } = core
  await store.ready()
  const out: DamagedConversation[] = []
  for (const { file, reason } of await store.damaged()) {
    const note = await notes.get(file)
    if (note.dismissed) continue
    const what = await kept.describe(file, reason)
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

async function listed(core: ChatCore, file: string): Promise<void> {
  if (!(await core.store.damaged()).some((d) => d.file === file))
    throw new CairnError('CHAT_NOT_FOUND', GONE)
}

/** A new chat of the messages before the damage (the one made before, if recovered twice). */
async function recover({ core, notes, kept, models }: Desk, file: string) {
  const { store, logger } = core
  const note = await notes.get(file)
  const earlier = note.recovered ? store.get(note.recovered.conversationId) : undefined
  // Recover twice: the chat it made, not a second copy.
  if (earlier && note.recovered)
    return { conversation: core.summary(earlier), messages: note.recovered.messages }
  let text: string | null
  try {
    text = await kept.read(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new CairnError(
      'CHAT_NOT_FOUND',
      `The damaged file could not be opened (${code}). It stays in the conversations folder.`
    )
  }
  if (text === null) throw new CairnError('CHAT_NOT_FOUND', GONE)
  const salvage = salvageConversation(text)
  if (salvage.messages.length === 0)
    throw new CairnError(
      'CHAT_NOT_FOUND',
      'No whole message comes before the damage, so there is nothing to recover. The file stays in the conversations folder.'
    )
  const now = core.clock().toISOString()
  const model = salvagedModel(salvage) ?? (await newChatModel(core.settings().model, models))
  const conversation = rebuildConversation(salvage, model, now)
  await core.save(conversation)
  const messages = salvage.messages.length
  logger.info('damaged conversation recovered', { file, messages })
  await notes
    .update(file, (n) => ({ ...n, recovered: { conversationId: conversation.id, messages } }))
    .catch((error: unknown) => logger.warn('damaged-file note not saved', { error }))
  return { conversation: core.summary(conversation), messages }
}

/** Opens the conversations folder in the OS file manager (made first), or says where it is. */
async function openFolder(
  folder: string,
  open: OpenFolder | undefined,
  logger: Logger
): Promise<{ opened: true }> {
  const opening: OpenFolder | undefined =
    open &&
    (async (path) => {
      await ensurePrivateDir(path)
      return open(path)
    })
  await openInFileManager(opening, folder, 'the conversations folder', logger)
  return { opened: true as const }
}
