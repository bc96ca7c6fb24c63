import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { ConversationIdSchema } from '@shared/chat/chat'
import { ensurePrivateDir, writeFileDurably } from '../../../fs/durable'
import type { Logger } from '../../../log/logger'

/*
 * What the user did about each damaged file: dismissed it (the file stays, the notice goes) or
 * recovered it (the chat made from it). Kept beside the conversations under a name no
 * conversation can have (ids never start with "_"), so the store never reads it as one.
 */

export const DAMAGED_NOTES_FILE = '_damaged-files.json'

const NoteSchema = z.object({
  dismissed: z.boolean().optional(),
  recovered: z
    .object({ conversationId: ConversationIdSchema, messages: z.number().int().min(0) })
    .optional()
})
const NotesSchema = z.object({
  version: z.literal(1),
  files: z.record(z.string(), NoteSchema)
})
export type DamagedNote = z.infer<typeof NoteSchema>

export interface DamagedNotes {
  get(file: string): Promise<DamagedNote>
  /** Changes one file's note, durably; writes run one after another. */
  update(file: string, change: (note: DamagedNote) => DamagedNote): Promise<void>
}

export function createDamagedNotes(options: { folder: string; logger: Logger }): DamagedNotes {
  const path = join(options.folder, DAMAGED_NOTES_FILE)
  let queue: Promise<unknown> = Promise.resolve()

  async function read(): Promise<Record<string, DamagedNote>> {
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') options.logger.warn('damaged-file notes not read', { error })
      return null
    })
    if (text === null) return {}
    try {
      const parsed = NotesSchema.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data.files
    } catch {
      // fall through: unreadable notes only bring the notices back
    }
    options.logger.warn('damaged-file notes unreadable; starting afresh')
    return {}
  }

  return {
    async get(file) {
      await queue.catch(() => undefined)
      return (await read())[file] ?? {}
    },
    update(file, change) {
      const run = queue
        .catch(() => undefined)
        .then(async () => {
          const files = await read()
          files[file] = change(files[file] ?? {})
          await ensurePrivateDir(options.folder)
          await writeFileDurably(path, JSON.stringify({ version: 1, files }) + '\n')
        })
      queue = run
      return run
    }
  }
}
