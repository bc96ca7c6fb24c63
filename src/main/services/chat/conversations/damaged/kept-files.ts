import { lstat, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { TITLE_MAX } from '@shared/chat/chat'
import type { Logger } from '../../../log/logger'
import { NOT_A_CONVERSATION, salvageConversation, type Salvage } from './salvage'

// The damaged files the store moved aside, as they are kept: read (never followed through a link,
// never past a size) and described once per size and time, since a kept file does not change.

/** Past this a kept file is not read (a conversation's text is far smaller; pictures live apart). */
export const DAMAGED_READ_LIMIT = 64 * 1024 * 1024

export interface Described {
  key: string
  title: string | null
  reason: string
  messages: number
}

/** The salvaged chat's own title, trimmed to the limit; null when it had none. */
export function salvagedTitle(salvage: Salvage): string | null {
  const title = salvage.header.title
  return typeof title === 'string' && title.trim() !== '' ? title.trim().slice(0, TITLE_MAX) : null
}

export function createKeptFiles(folder: string, logger: Logger) {
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

  /** The kept file's text; null when it is gone. */
  async function read(file: string): Promise<string | null> {
    const kept = await statKept(file)
    return kept ? await readFile(kept.path, 'utf8') : null
  }

  /** What the file holds (title, why it broke, messages before); null when it is gone. */
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
    const result = { key, title: salvagedTitle(salvage), reason, messages: salvage.messages.length }
    described.set(file, result)
    return result
  }

  return { read, describe }
}
