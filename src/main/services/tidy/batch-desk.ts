import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages/messages'
import type { SecretGuardSettings } from '@shared/app/settings'
import type { ModelOption } from '@shared/chat/models'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyBatch } from '@shared/tidy/batch'
import { pickTidyModel, tidyModels } from '@shared/tidy/model-pick'
import type { TidyStartInput } from '@shared/tidy/tidy'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory'
import {
  batchMaxTokens,
  batchParams,
  countBatch,
  fitProblem,
  planAnswer,
  TIDY_CUSTOM_ID
} from './batch'
import { createBatchStore, type BatchRecord } from './batch-store'
import { Overlay, readFolder } from './overlay'
import { buildProposal } from './proposal'
import { failureText, type TidyService } from './tidy-service'

// A suggested tidy as a Message Batch, per space: sent once (refused when the folder does not fit
// one request), polled at start and on a background timer until it ends, then Claude's answer is
// planned through the overlay and handed to the tidy service as a proposal to review. Nothing is
// applied without that review. The batch's id lives in the space's state folder (batch-store.ts).

/** Batches take minutes to hours: a look every ten minutes is soon enough and cheap. */
export const BATCH_POLL_MS = 10 * 60_000

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
const NEXT = 'Nothing changed; Tidy… runs it live instead.'
const TEXT = {
  waiting:
    'Tidy running as a batch: ready for review in a few hours (at most a day). Nothing changes until you review it.',
  ready:
    'Tidy ready for review: Claude’s answer to the batch is in. Nothing changes until you review it.'
}

export function createTidyBatches(deps: TidyBatchDeps) {
  const store = createBatchStore(deps.logger)
  const records = new Map<SpaceId, BatchRecord>()
  const sessions = new Map<SpaceId, string>()
  const queues = new Map<SpaceId, Promise<unknown>>()
  const changed = new Emitter<{ space: SpaceId; batch: TidyBatch | null }>((error) =>
    deps.logger.warn('tidy batch listener failed', { error })
  )
  let timer: unknown = null
  let polling: Promise<void> | null = null
  let disposed = false

  /** One thing at a time per space: a poll, a send, a clear. */
  function serial<T>(space: SpaceId, run: () => Promise<T>): Promise<T> {
    const next = (queues.get(space) ?? Promise.resolve()).then(run)
    queues.set(
      space,
      next.catch(() => undefined)
    )
    return next
  }

  function shown(space: SpaceId, record: BatchRecord | undefined): TidyBatch | null {
    if (!record) return null
    const status = record.status === 'ended' ? 'ready' : record.status
    return {
      space,
      batchId: record.batchId,
      model: record.model,
      focus: record.focus,
      sentAt: record.sentAt,
      status,
      text:
        status === 'failed' ? (record.failure ?? `The tidy batch failed. ${NEXT}`) : TEXT[status]
    }
  }

  async function save(space: SpaceId, record: BatchRecord | null): Promise<void> {
    const dir = deps.stateDirOf(space)
    if (record) await store.write(dir, record)
    else await store.clear(dir)
    if (record) records.set(space, record)
    else records.delete(space)
    sessions.delete(space)
    changed.emit({ space, batch: shown(space, record ?? undefined) })
  }

  async function clientOrRefuse(): Promise<Anthropic> {
    const client = await deps.client()
    if (!client)
      throw new CairnError('TIDY_REFUSED', 'Add your API key in Settings → General to tidy memory.')
    return client
  }

  function schedule(): void {
    if (disposed || timer !== null) return
    if (![...records.values()].some((record) => record.status === 'waiting')) return
    timer = deps.setTimer(() => {
      timer = null
      void poll()
    }, deps.pollMs ?? BATCH_POLL_MS)
  }

  /** Every waiting batch asked about once; the ended ones' answers kept. */
  function poll(): Promise<void> {
    polling ??= (async () => {
      const client = await deps.client().catch(() => null)
      const waiting = [...records].filter(([, record]) => record.status === 'waiting')
      if (client)
        for (const [space] of waiting)
          await serial(space, () => pollOne(client, space)).catch((error: unknown) =>
            deps.logger.warn('tidy batch poll failed; tried again later', { error, space })
          )
    })().finally(() => {
      polling = null
      schedule()
    })
    return polling
  }

  async function pollOne(client: Anthropic, space: SpaceId): Promise<void> {
    const record = records.get(space)
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
    await save(space, ended)
  }

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

  async function plan(space: SpaceId, record: BatchRecord): Promise<string> {
    const memory = deps.memoryIn(space)
    const sessionId = randomUUID()
    const overlay = await Overlay.open({
      memory,
      scratchDir: join(deps.scratchRoot, sessionId),
      secretGuard: deps.secretGuard(),
      actor: { kind: 'claude', conversationId: `tidy-${sessionId}` },
      logger: deps.logger
    })
    try {
      const content = (record.answer?.content ?? []) as unknown as ContentBlock[]
      const { steps, summary } = await planAnswer(
        content,
        record.answer?.stopReason ?? null,
        overlay
      )
      const proposal = await buildProposal({
        sessionId,
        space,
        model: record.model,
        focus: record.focus,
        summary,
        steps,
        before: overlay.before,
        after: await overlay.after(),
        limits: (await memory.usage()).limits
      })
      deps.tidy.adopt({
        proposal,
        steps,
        // Applied: the batch is done with (its record goes, the line with it).
        onApplied: () => serial(space, () => save(space, null))
      })
      sessions.set(space, sessionId)
      return sessionId
    } finally {
      await overlay.dispose()
    }
  }

  async function recordOf(space: SpaceId): Promise<BatchRecord | undefined> {
    if (!records.has(space)) {
      const read = await store.read(deps.stateDirOf(space))
      if (read) records.set(space, read)
    }
    return records.get(space)
  }

  return {
    /** Finds the batches sent before this start and asks after the waiting ones at once. */
    async start(): Promise<void> {
      for (const space of deps.spaces())
        await recordOf(space).catch((error: unknown) =>
          deps.logger.warn('tidy batch file not read', { error, space })
        )
      if ([...records.values()].some((record) => record.status === 'waiting')) void poll()
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
        const client = await clientOrRefuse()
        const files = await readFolder(deps.memoryIn(input.space))
        const options = await deps.models()
        const first = pickTidyModel(tidyModels(options, 0), input.model)
        if (!first) throw new CairnError('TIDY_REFUSED', 'No model the API lists can run a tidy.')
        const optionOf = (id: string) => options.find((o) => o.id === id) as ModelOption
        const focus = input.focus ?? ''
        const paramsFor = (id: string) =>
          batchParams({ model: id, maxTokens: batchMaxTokens(optionOf(id)), focus, files })
        try {
          const tokens = await countBatch(client, paramsFor(first.id))
          const models = tidyModels(options, tokens)
          const chosen = pickTidyModel(models, input.model) ?? models[0] ?? first
          const problem = fitProblem(optionOf(chosen.id), tokens)
          if (problem) throw new CairnError('TIDY_REFUSED', problem)
          const batch = await client.messages.batches.create({
            requests: [{ custom_id: TIDY_CUSTOM_ID, params: paramsFor(chosen.id) }]
          })
          const record: BatchRecord = {
            version: 1,
            batchId: batch.id,
            model: chosen.id,
            focus,
            sentAt: batch.created_at,
            status: 'waiting'
          }
          await save(input.space, record)
          schedule()
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
        const open = sessions.get(space)
        if (open && deps.tidy.has(space, open)) return { sessionId: open }
        return { sessionId: await plan(space, record) }
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
    poll,
    onChange: (listener: (event: { space: SpaceId; batch: TidyBatch | null }) => void) =>
      changed.on(listener),
    async dispose(): Promise<void> {
      disposed = true
      if (timer !== null) deps.clearTimer(timer)
      timer = null
      await polling
      await Promise.all(queues.values())
    }
  }
}

export type TidyBatches = ReturnType<typeof createTidyBatches>
