import { join } from 'node:path'
import type Anthropic from '@anthropic-ai/sdk'
import type { SecretGuardSettings } from '@shared/app/settings'
import type { ModelOption } from '@shared/chat/models'
import type { SpaceId } from '@shared/memory/spaces'
import type { TidyProgress, TidyProposal, TidyStage } from '@shared/tidy/tidy'
import type { Logger } from '../log/logger'
import type { MemoryService } from '../memory'
import { Overlay } from './overlay'
import { buildProposal } from './proposal'
import { failureText } from './refusals'
import { runTidySession, type ReasonedStep } from './session'

// One tidy as the service holds it, and a live one's run: Claude works on an overlay copy of
// the folder, and what it did becomes the proposal (nothing reaches the folder here).

export interface TidySession {
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

/** A session at its first stage: no turns, no changes, nothing running yet. */
export function newSession(
  fields: Pick<TidySession, 'id' | 'space' | 'model' | 'focus' | 'stage'> & Partial<TidySession>
): TidySession {
  return {
    turns: 0,
    changes: 0,
    abort: new AbortController(),
    done: Promise.resolve(),
    ...fields
  }
}

/** Where a session is, as `tidy:progress` says it. */
export const progressOf = (session: TidySession): TidyProgress => ({
  space: session.space,
  sessionId: session.id,
  stage: session.stage,
  turns: session.turns,
  changes: session.changes,
  ...(session.message ? { message: session.message } : {})
})

export interface LiveRunDeps {
  memoryIn(space: SpaceId): MemoryService
  secretGuard(): Partial<SecretGuardSettings>
  scratchRoot: string
  logger: Logger
  /** The session moved to `stage` (the service tells its listeners). */
  tell(session: TidySession, stage: TidyStage, message?: string): void
}

/** Runs the live session to its proposal ('ready') or its failure; a cancel ends it quietly. */
export async function runLive(
  deps: LiveRunDeps,
  session: TidySession,
  client: Anthropic,
  option: ModelOption
): Promise<void> {
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
    deps.tell(session, 'working')
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
        deps.tell(session, 'working')
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
    deps.tell(session, 'ready')
  } catch (error) {
    if (session.abort.signal.aborted) return
    deps.logger.warn('tidy session failed', { error })
    deps.tell(session, 'failed', failureText(error))
  } finally {
    await overlay?.dispose()
  }
}
