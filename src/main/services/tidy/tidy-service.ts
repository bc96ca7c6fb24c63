import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type Anthropic from '@anthropic-ai/sdk'
import type { SecretGuardSettings } from '@shared/app/settings'
import type { ModelOption } from '@shared/chat/models'
import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import { pickTidyModel, tidyModels } from '@shared/tidy/model-pick'
import type {
  TidyEstimate,
  TidyProgress,
  TidyProposal,
  TidyStage,
  TidyStartInput
} from '@shared/tidy/tidy'
import { MEMORY_TOOL } from '../chat/tools/memory/memory-provider'
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory'
import { applyProposal } from './apply'
import { batchMaxTokens, batchParams, countBatch, fitProblem } from './batch'
import { Overlay, readFolder } from './overlay'
import { folderText, TIDY_SYSTEM, tidyRequest } from './prompt'
import { buildProposal } from './proposal'
import { runTidySession, type ReasonedStep } from './session'

// Memory → Tidy…: the estimate, one dry-run session per space at a time, its proposal, and
// applying what the user accepted. Nothing reaches the memory folder before `apply`, whatever
// the approval setting: the session only ever writes to its overlay.

export interface TidyServiceDeps {
  memoryIn(space: SpaceId): MemoryService
  /** The SDK client for the saved key; null when there is none. */
  client(): Promise<Anthropic | null>
  /** The models as the API describes them (the chat's catalog). */
  models(): Promise<ModelOption[]>
  secretGuard(): Partial<SecretGuardSettings>
  /** Where sessions keep their overlay copies (emptied at start: a crash leaves none behind). */
  scratchRoot: string
  logger: Logger
}

interface Session {
  id: string
  space: SpaceId
  model: string
  focus: string
  stage: TidyStage
  turns: number
  changes: number
  abort: AbortController
  done: Promise<void>
  proposal?: TidyProposal
  /** Claude's commands with their plans, kept in main: the proposal shows them, apply runs them. */
  steps?: ReasonedStep[]
  message?: string
  /** After apply (a batch's proposal: its record goes). */
  onApplied?: () => Promise<void>
}

const NOTE =
  'A floor, not a quote: Claude reads files again as it works and writes its changes, so the session costs more than one reading of the folder.'

const BATCH_NOTE =
  'Half the price of a live tidy. Claude’s answer (its changes) costs extra, also at half price.'

export function createTidyService(deps: TidyServiceDeps) {
  const sessions = new Map<string, Session>()
  const progress = new Emitter<TidyProgress>((error) =>
    deps.logger.warn('tidy progress listener failed', { error })
  )
  const cleared = rm(deps.scratchRoot, { recursive: true, force: true })

  async function clientOrRefuse(): Promise<Anthropic> {
    const client = await deps.client()
    if (!client)
      throw new CairnError('TIDY_REFUSED', 'Add your API key in Settings → General to tidy memory.')
    return client
  }

  async function estimate(input: TidyStartInput): Promise<TidyEstimate & { option: ModelOption }> {
    const client = await clientOrRefuse()
    const files = await readFolder(deps.memoryIn(input.space))
    const options = await deps.models()
    const first = pickTidyModel(tidyModels(options, 0), input.model)
    if (!first) throw noModel(input.model)
    const batch = input.mode === 'batch'
    const option = (id: string) => options.find((o) => o.id === id) as ModelOption
    // A batch's one request is counted as it would be sent; a live tidy's first request with the
    // whole folder beside it (what reading the folder once costs).
    const inputTokens = batch
      ? await countBatch(
          client,
          batchParams({
            model: first.id,
            maxTokens: batchMaxTokens(option(first.id)),
            focus: input.focus ?? '',
            files
          })
        )
      : (
          await client.messages.countTokens({
            model: first.id,
            system: TIDY_SYSTEM,
            tools: [MEMORY_TOOL],
            messages: [
              {
                role: 'user',
                content: `${tidyRequest(input.focus ?? '')}\n\n${folderText(files)}`
              }
            ]
          })
        ).input_tokens
    const models = tidyModels(options, inputTokens)
    // A batch too large for every model still says which and why (the live tidy is the way on).
    const chosen = pickTidyModel(models, input.model) ?? (batch && !input.model ? models[0] : null)
    if (!chosen) throw noModel(input.model)
    const problem = batch ? fitProblem(option(chosen.id), inputTokens) : null
    // The Batches API bills every token at half the price.
    const price = chosen.inputPerMTok === null ? null : chosen.inputPerMTok * (batch ? 0.5 : 1)
    let bytes = 0
    for (const file of files.values()) bytes += file.byteLength
    return {
      model: chosen.id,
      models,
      files: files.size,
      bytes,
      inputTokens,
      inputCost: price === null ? null : (inputTokens * price) / 1e6,
      note: batch ? BATCH_NOTE : NOTE,
      ...(problem ? { fitProblem: problem } : {}),
      option: option(chosen.id)
    }
  }

  /** Where a session is, as `tidy:progress` says it. */
  const progressOf = (session: Session): TidyProgress => ({
    space: session.space,
    sessionId: session.id,
    stage: session.stage,
    turns: session.turns,
    changes: session.changes,
    ...(session.message ? { message: session.message } : {})
  })

  function tell(session: Session, stage: TidyStage, message?: string): void {
    session.stage = stage
    if (message) session.message = message
    progress.emit(progressOf(session))
  }

  async function run(session: Session, client: Anthropic, option: ModelOption): Promise<void> {
    await cleared
    const memory = deps.memoryIn(session.space)
    let overlay: Overlay | undefined
    try {
      overlay = await Overlay.open({
        memory,
        scratchDir: join(deps.scratchRoot, session.id),
        secretGuard: deps.secretGuard(),
        actor: { kind: 'claude', conversationId: `tidy-${session.id}` },
        logger: deps.logger
      })
      session.abort.signal.throwIfAborted()
      tell(session, 'working')
      const { steps, summary } = await runTidySession({
        client,
        model: session.model,
        maxTokens: Math.min(option.maxTokens ?? 8192, 16_000),
        clearToolUses: option.caps?.contextManagement.clearToolUses === true,
        focus: session.focus,
        overlay,
        signal: session.abort.signal,
        onTurn: (turns, changes) => {
          session.turns = turns
          session.changes = changes
          tell(session, 'working')
        }
      })
      session.steps = steps
      session.proposal = await buildProposal({
        sessionId: session.id,
        space: session.space,
        model: session.model,
        focus: session.focus,
        summary,
        steps,
        before: overlay.before,
        after: await overlay.after(),
        limits: (await memory.usage()).limits
      })
      // The copy goes before the user hears the proposal is ready: nothing of it outlives it.
      await overlay.dispose()
      overlay = undefined
      tell(session, 'ready')
    } catch (error) {
      if (session.abort.signal.aborted) return
      deps.logger.warn('tidy session failed', { error })
      tell(session, 'failed', failureText(error))
    } finally {
      await overlay?.dispose()
    }
  }

  function find(space: SpaceId, id: string): Session {
    const session = sessions.get(id)
    if (!session || session.space !== space)
      throw new CairnError('TIDY_NOT_FOUND', 'That tidy is no longer open. Start a new one.')
    return session
  }

  return {
    async estimate(input: TidyStartInput): Promise<TidyEstimate> {
      const { option: _option, ...shown } = await estimate(input)
      return shown
    },
    async start(input: TidyStartInput): Promise<{ sessionId: string }> {
      for (const other of sessions.values()) {
        if (other.space !== input.space) continue
        if (!other.proposal && other.stage !== 'failed')
          throw new CairnError('TIDY_REFUSED', 'A tidy of this memory is already running.')
        // A proposal left unreviewed (a window closed on it) gives way to the new tidy.
        sessions.delete(other.id)
      }
      const client = await clientOrRefuse()
      const options = await deps.models()
      const chosen = pickTidyModel(tidyModels(options, 0), input.model)
      if (!chosen) throw noModel(input.model)
      const option = options.find((o) => o.id === chosen.id) as ModelOption
      const session: Session = {
        id: randomUUID(),
        space: input.space,
        model: chosen.id,
        focus: input.focus ?? '',
        stage: 'copying',
        turns: 0,
        changes: 0,
        abort: new AbortController(),
        done: Promise.resolve()
      }
      sessions.set(session.id, session)
      tell(session, 'copying')
      session.done = run(session, client, option)
      return { sessionId: session.id }
    },
    async proposal({ space, sessionId }: { space: SpaceId; sessionId: string }) {
      const session = find(space, sessionId)
      if (session.proposal) return session.proposal
      if (session.stage === 'failed')
        throw new CairnError('TIDY_REFUSED', session.message ?? 'The tidy failed. Start it again.')
      throw new CairnError('TIDY_REFUSED', 'Claude is still working on this tidy; wait for it.')
    },
    async apply(input: { space: SpaceId; sessionId: string; accept: number[] }) {
      const session = find(input.space, input.sessionId)
      if (!session.proposal)
        throw new CairnError('TIDY_REFUSED', 'There is nothing to apply until the tidy is ready.')
      const result = await applyProposal(
        deps.memoryIn(input.space),
        session.proposal,
        session.steps ?? [],
        input.accept
      )
      sessions.delete(session.id)
      await session.onApplied?.()
      return result
    },
    /** The space's open tidy (running or waiting for review), for a window that (re)opens. */
    async current({ space }: { space: SpaceId }): Promise<TidyProgress | null> {
      for (const session of sessions.values())
        if (session.space === space && session.stage !== 'failed') return progressOf(session)
      return null
    },
    /** A proposal made elsewhere (a batch's answer, planned), to review and apply as any other. */
    adopt(input: { proposal: TidyProposal; steps: ReasonedStep[]; onApplied(): Promise<void> }) {
      const { proposal } = input
      sessions.set(proposal.sessionId, {
        id: proposal.sessionId,
        space: proposal.space,
        model: proposal.model,
        focus: proposal.focus,
        stage: 'ready',
        turns: 1,
        changes: proposal.changes.length,
        abort: new AbortController(),
        done: Promise.resolve(),
        proposal,
        steps: input.steps,
        onApplied: input.onApplied
      })
    },
    /** Whether this session's proposal is still open for review. */
    has: (space: SpaceId, sessionId: string) => sessions.get(sessionId)?.space === space,
    async cancel({ space, sessionId }: { space: SpaceId; sessionId: string }) {
      const session = sessions.get(sessionId)
      if (!session || session.space !== space) return { cancelled: false }
      sessions.delete(sessionId)
      session.abort.abort()
      tell(session, 'cancelled')
      await session.done
      return { cancelled: true }
    },
    onProgress: (listener: (event: TidyProgress) => void) => progress.on(listener),
    async dispose(): Promise<void> {
      for (const session of sessions.values()) session.abort.abort()
      await Promise.all([...sessions.values()].map((session) => session.done))
      sessions.clear()
      await rm(deps.scratchRoot, { recursive: true, force: true })
    }
  }
}

export type TidyService = ReturnType<typeof createTidyService>

function noModel(asked: string | undefined): CairnError {
  return new CairnError(
    'TIDY_REFUSED',
    asked
      ? `${asked} cannot run a tidy (the API does not list it as current with context management). Choose another model.`
      : 'No current model the API lists can run a tidy (it needs context management). Check Settings → Models.'
  )
}

export function failureText(error: unknown): string {
  if (error instanceof CairnError) return error.message
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status === 'number')
    return `The API answered ${status}; nothing was changed. Try again later.`
  return 'The tidy stopped on an error; nothing was changed. Try again.'
}
