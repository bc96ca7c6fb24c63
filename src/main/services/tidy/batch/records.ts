import type Anthropic from '@anthropic-ai/sdk'
import type { SecretGuardSettings } from '@shared/app/settings'
import type { ModelOption } from '@shared/chat/models'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import { Emitter } from '../../events/emitter'
import type { Logger } from '../../log/logger'
import type { MemoryService } from '../../memory'
import { createBatchStore, type BatchRecord } from './store'
import type { TidyService } from '../tidy-service'

// The batch desk's records: each space's batch as last read or saved, the review session open on
// it, one queue per space (a poll, a send, a clear run one at a time), and what the user sees.

export interface TidyBatchDeps {
  tidy: Pick<TidyService, 'adopt' | 'has'>
  memoryIn(space: SpaceId): MemoryService
  client(): Promise<Anthropic | null>
  models(): Promise<ModelOption[]>
  secretGuard(): Partial<SecretGuardSettings>
  /** The space's state folder (throws SPACE_NOT_FOUND for a space that is gone). */
  stateDirOf(space: SpaceId): string
  /** Every space there is now (start-up looks for batches in each). */
  spaces(): SpaceId[]
  /** Where planning a batch's answer keeps its overlay copy. */
  scratchRoot: string
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
  logger: Logger
  pollMs?: number
}

// Short enough for Memory's one line at 1280 wide; Tidy… is the line's own button.
export const NEXT = 'Nothing changed; Tidy… runs it live instead.'
const TEXT = {
  waiting:
    'Tidy running as a batch: ready for review in a few hours (at most a day). Nothing changes until you review it.',
  ready:
    'Tidy ready for review: Claude’s answer to the batch is in. Nothing changes until you review it.'
}

/** The batch as the user sees it (Memory's line). */
export function shown(space: SpaceId, record: BatchRecord | undefined): TidyBatch | null {
  if (!record) return null
  const status = record.status === 'ended' ? 'ready' : record.status
  return {
    space,
    batchId: record.batchId,
    model: record.model,
    focus: record.focus,
    sentAt: record.sentAt,
    status,
    text: status === 'failed' ? (record.failure ?? `The tidy batch failed. ${NEXT}`) : TEXT[status]
  }
}

export function createBatchRecords(deps: Pick<TidyBatchDeps, 'logger' | 'stateDirOf'>) {
  const store = createBatchStore(deps.logger)
  const records = new Map<SpaceId, BatchRecord>()
  /** The review session planned from each space's ready batch. */
  const sessions = new Map<SpaceId, string>()
  const queues = new Map<SpaceId, Promise<unknown>>()
  const changed = new Emitter<{ space: SpaceId; batch: TidyBatch | null }>((error) =>
    deps.logger.warn('tidy batch listener failed', { error })
  )
  return {
    records,
    sessions,
    changed,
    /** One thing at a time per space: a poll, a send, a clear. */
    serial<T>(space: SpaceId, run: () => Promise<T>): Promise<T> {
      const next = (queues.get(space) ?? Promise.resolve()).then(run)
      queues.set(
        space,
        next.catch(() => undefined)
      )
      return next
    },
    /** Writes (or clears) the space's batch file, then tells the listeners. */
    async save(space: SpaceId, record: BatchRecord | null): Promise<void> {
      const dir = deps.stateDirOf(space)
      if (record) await store.write(dir, record)
      else await store.clear(dir)
      if (record) records.set(space, record)
      else records.delete(space)
      sessions.delete(space)
      changed.emit({ space, batch: shown(space, record ?? undefined) })
    },
    /** The space's batch, read from its file the first time. */
    async recordOf(space: SpaceId): Promise<BatchRecord | undefined> {
      if (!records.has(space)) {
        const read = await store.read(deps.stateDirOf(space))
        if (read) records.set(space, read)
      }
      return records.get(space)
    },
    anyWaiting: (): boolean => [...records.values()].some((record) => record.status === 'waiting'),
    /** Every queued job finished. */
    settled: () => Promise.all(queues.values())
  }
}
export type BatchRecords = ReturnType<typeof createBatchRecords>
