import { CairnError } from '@shared/errors'
import { unmetNeed } from '@shared/tidy/change-links'
import type { TidyApplyResult, TidyProposal } from '@shared/tidy/tidy'
import type { MemoryService } from '../memory'
import type { ReasonedStep } from './session'

// Applying a reviewed tidy: the accepted changes, in Claude's order, through the memory engine's
// one write path, each under the sha256 its plan was made from (engine/change-set-calls.ts).
// A file changed since the proposal is skipped and listed, never overwritten; a change whose
// need was skipped goes with it. One activity entry, one Undo.

/** How a tidy's one activity entry starts (suggest.ts finds the last tidy by it). */
export const TIDY_ENTRY_PREFIX = 'Tidied memory:'

export async function applyProposal(
  memory: MemoryService,
  proposal: TidyProposal,
  steps: readonly ReasonedStep[],
  accept: readonly number[]
): Promise<TidyApplyResult> {
  const accepted = new Set(accept)
  const unknown = accept.find((id) => !proposal.changes.some((change) => change.id === id))
  if (unknown !== undefined)
    throw new CairnError('BAD_INPUT', `The proposal has no change ${unknown}.`)
  // Dependent changes go together: the review screen accepts a change with what it needs.
  const unmet = unmetNeed(proposal.changes, accepted)
  if (unmet)
    throw new CairnError(
      'TIDY_REFUSED',
      `Change ${unmet.id} needs change ${unmet.need.id}, which was not accepted: ${unmet.need.why} Accept both or neither.`
    )
  const chosen = proposal.changes.filter((change) => accepted.has(change.id))
  if (!chosen.length) return { applied: [], skipped: [], seq: null }
  const commands = chosen.map((change) => {
    const step = steps[change.id - 1] as ReasonedStep
    return { input: step.input, expect: step.plan.sha256 }
  })
  const n = chosen.length
  const files = new Set(proposal.files.filter((f) => f.changeIds.some((id) => accepted.has(id))))
  const outcome = await memory.applyChangeSet(
    commands,
    `${TIDY_ENTRY_PREFIX} ${n} ${n === 1 ? 'change' : 'changes'} to ${files.size} ${files.size === 1 ? 'file' : 'files'}, as Claude proposed and you accepted`
  )
  const skippedIds = new Set<number>()
  const skipped = outcome.skipped.map(({ index, reason, conflict }) => {
    const change = chosen[index] as TidyProposal['changes'][number]
    const lost = change.needs.find((need) => skippedIds.has(need.id))
    skippedIds.add(change.id)
    return {
      id: change.id,
      path: change.path,
      reason: lost
        ? `It needs change ${lost.id}, which was skipped.`
        : conflict
          ? `${change.path} changed since the proposal, so it was left as it is.`
          : reason
    }
  })
  return {
    applied: outcome.applied.map((index) => (chosen[index] as TidyProposal['changes'][number]).id),
    skipped,
    seq: outcome.seq
  }
}
