import { relative, sep } from 'node:path'
import { CairnError } from '@shared/errors'
import type {
  FindInHistoryResult,
  ForgetAtInput,
  ForgetAtResult,
  ForgetInput,
  ForgetResult,
  KeptPlace
} from '@shared/memory/history'
import type { ChatService } from '../chat/chat-service'
import { filesHolding } from '../fs/find-text'
import { forgetInLog } from '../log/forget-in-log'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory/service'
import { dataPlace, logPlace } from './kept-places'

// Forget across services (issue 35). The memory engine forgets a text from history and its
// activity log and names its own places (files, archive, state); this module adds every other
// place Cairn keeps it (conversations, logs, sync state, settings, attachments, anything else
// in the data folder) and removes it from the places the user then chooses.

const MASK = '[forgotten]'
const CONVERSATION_FILE = /^conversations\/([a-z0-9][a-z0-9-]{7,63})\.json$/

export interface ForgetServiceDeps {
  memory: Pick<MemoryService, 'findInHistory' | 'forget'>
  chat: Pick<ChatService, 'findText' | 'forgetText' | 'getConversation'>
  /** The data folder: searched whole, but for the folders named in `memoryFolders`. */
  dataDir: string
  /** Folders of the data folder the memory engine searches itself (relative names). */
  memoryFolders: readonly string[]
  /** The logs folder (inside the data folder or not). */
  logsDir: string
  logger: Logger
  pace?: () => Promise<void>
}

export interface ForgetService {
  find(text: string): Promise<FindInHistoryResult>
  forget(input: ForgetInput): Promise<ForgetResult>
  forgetAt(input: ForgetAtInput): Promise<ForgetAtResult>
}

export function createForgetService(deps: ForgetServiceDeps): ForgetService {
  const pace = deps.pace ?? (() => new Promise<void>((resolve) => setImmediate(resolve)))
  const logsRel = relative(deps.dataDir, deps.logsDir).split(sep).join('/')

  /** The places besides the memory engine's that keep the text. */
  async function others(text: string, memoryOff: boolean): Promise<KeptPlace[]> {
    const places: KeptPlace[] = (await deps.chat.findText(text)).map((found) => ({
      kind: 'conversation',
      ...found
    }))
    const listed = new Set(places.map((p) => (p.kind === 'conversation' ? p.conversationId : '')))
    // With memory off, nobody else searched its folders.
    const skip = (rel: string) =>
      (!memoryOff && deps.memoryFolders.includes(rel)) || (logsRel !== '' && rel === logsRel)
    for (const rel of await filesHolding(deps.dataDir, text, { skip, pace })) {
      const id = CONVERSATION_FILE.exec(rel)?.[1]
      if (id && listed.has(id)) continue
      // On disk but not in memory (a save that failed): the conversation's own save rewrites it.
      const title = id ? await titleOf(id) : null
      places.push(
        id && title !== null
          ? { kind: 'conversation', conversationId: id, title: title.split(text).join('•••') }
          : dataPlace(rel, text)
      )
    }
    for (const rel of await filesHolding(deps.logsDir, text, { pace }))
      places.push(logPlace(rel, text))
    return places
  }

  async function titleOf(conversationId: string): Promise<string | null> {
    try {
      return (await deps.chat.getConversation({ conversationId })).conversation.title
    } catch {
      return null
    }
  }

  async function find(text: string): Promise<FindInHistoryResult> {
    const [found, off] = await memoryOr(deps.memory.findInHistory(text), {
      hits: [],
      searched: 0,
      elsewhere: []
    })
    return { ...found, elsewhere: [...found.elsewhere, ...(await others(text, off))] }
  }

  return {
    find,
    async forget(input) {
      if (input.what !== 'text') return deps.memory.forget(input)
      // No later log line shows it either.
      deps.logger.redact(input.text)
      const [done, off] = await memoryOr(deps.memory.forget(input), {
        forgotten: 0,
        stillInFiles: [],
        elsewhere: []
      })
      return { ...done, elsewhere: [...done.elsewhere, ...(await others(input.text, off))] }
    },
    async forgetAt({ text, place }) {
      if (place.kind === 'archive')
        await deps.memory.forget({
          what: 'archived',
          archiveId: place.archiveId,
          // Names holding the text are masked where they are shown: the text puts it back.
          path: place.path.split('•••').join(text)
        })
      else if (place.kind === 'conversation')
        await deps.chat.forgetText({ conversationId: place.conversationId, text })
      else {
        try {
          forgetInLog(deps.logsDir, place.name, text, MASK)
        } catch (error) {
          deps.logger.warn('a forgotten text could not be taken out of a log', { error })
          throw new CairnError('BAD_INPUT', `The log ${place.name} could not be changed.`)
        }
      }
      return { elsewhere: (await find(text)).elsewhere }
    }
  }
}

/**
 * The memory engine's answer, or `fallback` and true when memory is off for this session (the
 * rest of the data folder is still searched).
 */
async function memoryOr<T>(answer: Promise<T>, fallback: T): Promise<[T, boolean]> {
  try {
    return [await answer, false]
  } catch (error) {
    if (error instanceof CairnError && error.code === 'MEMORY_OFF') return [fallback, true]
    throw error
  }
}
