import Anthropic from '@anthropic-ai/sdk'
import type { ModelOption } from '@shared/chat/models'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import { pickTidyModel, tidyModels } from '@shared/tidy/model-pick'
import type { TidyStartInput } from '@shared/tidy/tidy'
import { batchMaxTokens, batchParams, countBatch, fitProblem, TIDY_CUSTOM_ID } from './request'
import { createBatchPoller } from './poll'
import { createBatchRecords, shown, type TidyBatchDeps } from './records'
import { planReview } from './review'
import type { BatchRecord } from './store'
import { readFolder } from '../overlay'
import { clientOrRefuse, failureText } from '../refusals'

// A suggested tidy as a Message Batch, per space: sent once (refused when the folder does not fit
// one request), polled at start and on a background timer until it ends (poll.ts), then
// Claude's answer is planned through the overlay and handed to the tidy service as a proposal to
// review (review.ts). Nothing is applied without that review. The batch's id lives in the
// space's state folder (store.ts).

export { BATCH_POLL_MS } from './poll'
export type { TidyBatchDeps } from './records'

/**
 * The folder sent as one batch request, on the model the user picked if the folder fits it (else
 * the first that fits): the new batch's record. Refused when no model can take it.
 */
async function sendRequest(
  client: Anthropic,
  options: ModelOption[],
  files: Map<string, Buffer>,
  input: TidyStartInput
): Promise<BatchRecord> {
  const first = pickTidyModel(tidyModels(options, 0), input.model)
  if (!first) throw new CairnError('TIDY_REFUSED', 'No model the API lists can run a tidy.')
  const optionOf = (id: string) => options.find((o) => o.id === id) as ModelOption
  const focus = input.focus ?? ''
  const paramsFor = (id: string) =>
    batchParams({ model: id, maxTokens: batchMaxTokens(optionOf(id)), focus, files })
  const tokens = await countBatch(client, paramsFor(first.id))
  const models = tidyModels(options, tokens)
  const chosen = pickTidyModel(models, input.model) ?? models[0] ?? first
  const problem = fitProblem(optionOf(chosen.id), tokens)
  if (problem) throw new CairnError('TIDY_REFUSED', problem)
  const batch = await client.messages.batches.create({
    requests: [{ custom_id: TIDY_CUSTOM_ID, params: paramsFor(chosen.id) }]
  })
  return {
    version: 1,
    batchId: batch.id,
    model: chosen.id,
    focus,
    sentAt: batch.created_at,
    status: 'waiting'
  }
}

export function createTidyBatches(deps: TidyBatchDeps) {
  const desk = createBatchRecords(deps)
  const { serial, save, recordOf } = desk
  const poller = createBatchPoller(deps, desk)

  return {
    /** Finds the batches sent before this start and asks after the waiting ones at once. */
    async start(): Promise<void> {
      for (const space of deps.spaces())
        await recordOf(space).catch((error: unknown) =>
          deps.logger.warn('tidy batch file not read', { error, space })
        )
      if (desk.anyWaiting()) void poller.poll()
    },
    async batch({ space }: { space: SpaceId }): Promise<TidyBatch | null> {
      return shown(space, await recordOf(space))
    },
    send(input: TidyStartInput): Promise<TidyBatch> {
      return serial(input.space, async () => {
        const existing = await recordOf(input.space)
        if (existing && existing.status !== 'failed')
          throw new CairnError(
            'TIDY_REFUSED',
            'This memory already has a tidy batch. Review it, or Dismiss it in Memory first.'
          )
        const client = await clientOrRefuse(deps)
        const files = await readFolder(deps.memoryIn(input.space))
        const options = await deps.models()
        try {
          const record = await sendRequest(client, options, files, input)
          await save(input.space, record)
          poller.schedule()
          return shown(input.space, record) as TidyBatch
        } catch (error) {
          if (error instanceof CairnError) throw error
          deps.logger.warn('tidy batch not sent', { error })
          throw new CairnError('TIDY_REFUSED', failureText(error))
        }
      })
    },
    /** The ready batch's proposal (planned now, or still open from before): its session id. */
    review({ space }: { space: SpaceId }): Promise<{ sessionId: string }> {
      return serial(space, async () => {
        const record = await recordOf(space)
        if (record?.status !== 'ended')
          throw new CairnError('TIDY_REFUSED', 'This memory has no tidy batch ready for review.')
        const open = desk.sessions.get(space)
        if (open && deps.tidy.has(space, open)) return { sessionId: open }
        const sessionId = await planReview(deps, space, record, () =>
          // Applied: the batch is done with (its record goes, the line with it).
          serial(space, () => save(space, null))
        )
        desk.sessions.set(space, sessionId)
        return { sessionId }
      })
    },
    clear({ space }: { space: SpaceId }): Promise<{ cleared: boolean }> {
      return serial(space, async () => {
        const record = await recordOf(space)
        if (!record) return { cleared: false }
        if (record.status === 'waiting') {
          // Best effort: a batch the API cannot cancel just ends unread.
          const client = await deps.client().catch(() => null)
          await client?.messages.batches.cancel(record.batchId).catch((error: unknown) => {
            deps.logger.warn('tidy batch not canceled at the API', { error })
          })
        }
        await save(space, null)
        return { cleared: true }
      })
    },
    /** Asks after every waiting batch now (the background timer does this on its own). */
    poll: poller.poll,
    onChange: (listener: (event: { space: SpaceId; batch: TidyBatch | null }) => void) =>
      desk.changed.on(listener),
    async dispose(): Promise<void> {
      await poller.dispose()
      await desk.settled()
    }
  }
}

export type TidyBatches = ReturnType<typeof createTidyBatches>
