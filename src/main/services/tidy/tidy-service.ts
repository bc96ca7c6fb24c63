import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
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
import { Emitter } from '../events/emitter'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory'
import { applyProposal } from './apply'
import { estimateTidy } from './estimate'
import { newSession, progressOf, runLive, type TidySession } from './live-session'
import { clientOrRefuse, noModel } from './refusals'
import type { ReasonedStep } from './session'

export { failureText } from './refusals'

// Memory → Tidy…: the estimate (estimate.ts), one dry-run session per space at a time
// (live-session.ts), its proposal, and applying what the user accepted. Nothing reaches the
// memory folder before `apply`, whatever the approval setting: the session only ever writes to
// its overlay.

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

/** A new live tidy: the one running in its space, on the model asked for (or the first fit). */
async function startSession(
  deps: TidyServiceDeps,
  input: TidyStartInput
): Promise<{ session: TidySession; client: Anthropic; option: ModelOption }> {
  const client = await clientOrRefuse(deps)
  const options = await deps.models()
  const chosen = pickTidyModel(tidyModels(options, 0), input.model)
  if (!chosen) throw noModel(input.model)
  const option = options.find((o) => o.id === chosen.id) as ModelOption
  const session = newSession({
    id: randomUUID(),
    space: input.space,
    model: chosen.id,
    focus: input.focus ?? '',
    stage: 'copying'
  })
  return { session, client, option }
}

export function createTidyService(deps: TidyServiceDeps) {
  const sessions = new Map<string, TidySession>()
  const progress = new Emitter<TidyProgress>((error) =>
    deps.logger.warn('tidy progress listener failed', { error })
  )
  const cleared = rm(deps.scratchRoot, { recursive: true, force: true })

  function tell(session: TidySession, stage: TidyStage, message?: string): void {
    session.stage = stage
    if (message) session.message = message
    progress.emit(progressOf(session))
  }

  function find(space: SpaceId, id: string): TidySession {
    const session = sessions.get(id)
    if (!session || session.space !== space)
      throw new CairnError('TIDY_NOT_FOUND', 'That tidy is no longer open. Start a new one.')
    return session
  }

  return {
    async estimate(input: TidyStartInput): Promise<TidyEstimate> {
      const { option: _option, ...shown } = await estimateTidy(deps, input)
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
      const { session, client, option } = await startSession(deps, input)
      sessions.set(session.id, session)
      tell(session, 'copying')
      session.done = cleared.then(() => runLive({ ...deps, tell }, session, client, option))
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
      sessions.set(
        proposal.sessionId,
        newSession({
          id: proposal.sessionId,
          space: proposal.space,
          model: proposal.model,
          focus: proposal.focus,
          stage: 'ready',
          turns: 1,
          changes: proposal.changes.length,
          proposal,
          steps: input.steps,
          onApplied: input.onApplied
        })
      )
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
