import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { ensurePrivateDir, writeFileDurably } from '../../fs/durable'
import { firstIssue, readJsonOrMoveAside, type JsonParse } from '../../fs/json-file'
import type { Logger } from '../../log/logger'

// A space's tidy batch, kept in the space's state folder (beside its index and settings, so it
// goes where the space goes), written durably: a batch sent before a quit or a crash is polled
// again at the next start. Claude's answer is kept once fetched, so a review closed unapplied can
// be opened again without asking the API.

export const TIDY_BATCH_FILE = 'tidy-batch.json'

export const BatchRecordSchema = z.object({
  version: z.literal(1),
  batchId: z.string().min(1).max(200),
  model: z.string().min(1).max(200),
  focus: z.string().max(1000),
  sentAt: z.string(),
  /** waiting: not ended at the last poll; ended: `answer` holds Claude's answer; failed: `failure`. */
  status: z.enum(['waiting', 'ended', 'failed']),
  answer: z
    .object({
      content: z.array(z.record(z.string(), z.unknown())),
      stopReason: z.string().nullable()
    })
    .optional(),
  failure: z.string().optional()
})
export type BatchRecord = z.infer<typeof BatchRecordSchema>

const parse: JsonParse<BatchRecord> = (raw) => {
  const parsed = BatchRecordSchema.safeParse(raw)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: firstIssue(parsed.error.issues, 'invalid values') }
}

export function createBatchStore(logger: Logger) {
  return {
    /** The space's batch (null: none, or a bad file, which is moved aside). */
    async read(stateDir: string): Promise<BatchRecord | null> {
      const read = await readJsonOrMoveAside({
        file: join(stateDir, TIDY_BATCH_FILE),
        label: 'tidy batch file',
        parse,
        logger
      })
      return read.kind === 'read' ? read.value : null
    },
    async write(stateDir: string, record: BatchRecord): Promise<void> {
      await ensurePrivateDir(stateDir)
      await writeFileDurably(join(stateDir, TIDY_BATCH_FILE), JSON.stringify(record) + '\n')
    },
    async clear(stateDir: string): Promise<void> {
      await rm(join(stateDir, TIDY_BATCH_FILE), { force: true })
    }
  }
}

export type BatchStore = ReturnType<typeof createBatchStore>
