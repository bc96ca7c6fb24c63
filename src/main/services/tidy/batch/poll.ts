import Anthropic from '@anthropic-ai/sdk'
import type { SpaceId } from '@shared/memory/spaces'
import { TIDY_CUSTOM_ID } from './request'
import type { BatchRecord } from './store'
import { NEXT, type BatchRecords, type TidyBatchDeps } from './records'

// Waiting batches asked after: at start, on demand and on a background timer while any waits.

/** Batches take minutes to hours: a look every ten minutes is soon enough and cheap. */
export const BATCH_POLL_MS = 10 * 60_000

/** An ended batch's record: Claude's answer kept, or why there is none. */
async function outcome(client: Anthropic, record: BatchRecord): Promise<BatchRecord> {
  let line: Anthropic.Messages.MessageBatchIndividualResponse | undefined
  for await (const result of await client.messages.batches.results(record.batchId))
    if (result.custom_id === TIDY_CUSTOM_ID) line = result
  const result = line?.result
  if (result?.type === 'succeeded') {
    const { content, stop_reason: stopReason } = result.message
    return {
      ...record,
      status: 'ended',
      answer: { content: content as unknown as Record<string, unknown>[], stopReason }
    }
  }
  const failure =
    result?.type === 'expired'
      ? `The tidy batch expired before Claude answered. ${NEXT}`
      : result?.type === 'canceled'
        ? `The tidy batch was canceled before Claude answered. ${NEXT}`
        : `The tidy batch failed (${result?.type === 'errored' ? result.error.error.message : 'no answer in its results'}). ${NEXT}`
  return { ...record, status: 'failed', failure }
}

async function pollOne(desk: BatchRecords, client: Anthropic, space: SpaceId): Promise<void> {
  const record = desk.records.get(space)
  if (!record || record.status !== 'waiting') return
  let ended: BatchRecord
  try {
    const batch = await client.messages.batches.retrieve(record.batchId)
    if (batch.processing_status !== 'ended') return
    ended = await outcome(client, record)
  } catch (error) {
    // The API does not know it (another key, or deleted): waiting longer will not help.
    if (!(error instanceof Anthropic.APIError) || error.status !== 404) throw error
    ended = {
      ...record,
      status: 'failed',
      failure: `The API no longer knows this tidy batch (was the key changed?). ${NEXT}`
    }
  }
  await desk.save(space, ended)
}

export function createBatchPoller(
  deps: Pick<TidyBatchDeps, 'client' | 'setTimer' | 'clearTimer' | 'logger' | 'pollMs'>,
  desk: BatchRecords
) {
  let timer: unknown = null
  let polling: Promise<void> | null = null
  let disposed = false

  /** The next look, while any batch waits. */
  function schedule(): void {
    if (disposed || timer !== null) return
    if (!desk.anyWaiting()) return
    timer = deps.setTimer(() => {
      timer = null
      void poll()
    }, deps.pollMs ?? BATCH_POLL_MS)
  }

  /** Every waiting batch asked about once; the ended ones' answers kept. */
  function poll(): Promise<void> {
    polling ??= (async () => {
      const client = await deps.client().catch(() => null)
      const waiting = [...desk.records].filter(([, record]) => record.status === 'waiting')
      if (client)
        for (const [space] of waiting)
          await desk
            .serial(space, () => pollOne(desk, client, space))
            .catch((error: unknown) =>
              deps.logger.warn('tidy batch poll failed; tried again later', { error, space })
            )
    })().finally(() => {
      polling = null
      schedule()
    })
    return polling
  }

  return {
    schedule,
    poll,
    /** No more looks; resolves when the running one ends. */
    async dispose(): Promise<void> {
      disposed = true
      if (timer !== null) deps.clearTimer(timer)
      timer = null
      await polling
    }
  }
}
