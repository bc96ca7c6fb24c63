import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages/messages'
import type { SpaceId } from '@shared/memory/spaces'
import { planAnswer } from './request'
import type { BatchRecord } from './store'
import type { TidyBatchDeps } from './records'
import { Overlay } from '../overlay'
import { buildProposal } from '../proposal'

/**
 * A ready batch's answer planned through the overlay and handed to the tidy service as a
 * proposal to review (nothing applied before that review): the review session's id.
 */
export async function planReview(
  deps: Pick<TidyBatchDeps, 'memoryIn' | 'scratchRoot' | 'secretGuard' | 'logger' | 'tidy'>,
  space: SpaceId,
  record: BatchRecord,
  onApplied: () => Promise<void>
): Promise<string> {
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
    const { steps, summary } = await planAnswer(content, record.answer?.stopReason ?? null, overlay)
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
    deps.tidy.adopt({ proposal, steps, onApplied })
    return sessionId
  } finally {
    await overlay.dispose()
  }
}
