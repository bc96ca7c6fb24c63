import type { MemoryUsage } from '@shared/memory/memory'
import { needsOf } from '@shared/tidy/change-links'
import { forgottenLines, keysOf } from '@shared/tidy/forgotten'
import type { TidyChange, TidyFile, TidyProposal } from '@shared/tidy/tidy'
import { pacer } from '../memory'
import type { ReasonedStep } from './session'

// The proposal the review screen shows: Claude's planned changes in order, each with its diff,
// reason and needs; the files they change, before → after, with the lines memory would forget;
// and the folder's totals before → after against the space's caps.

export function changesOf(steps: readonly ReasonedStep[]): TidyChange[] {
  const linked = steps.map((step, i) => ({
    id: i + 1,
    command: step.plan.command,
    paths: pathsOf(step)
  }))
  const needs = needsOf(linked)
  return steps.map((step, i) => ({
    id: i + 1,
    command: step.plan.command,
    path: step.plan.path,
    reason: step.reason,
    preview: step.plan.preview,
    needs: needs.get(i + 1) ?? []
  }))
}

export function pathsOf(step: ReasonedStep): string[] {
  return step.plan.preview.to ? [step.plan.path, step.plan.preview.to] : [step.plan.path]
}

/** Diffs of many files are slow: the event loop is handed back between slices (see pacer). */
export async function buildProposal(input: {
  sessionId: string
  space: string
  model: string
  focus: string
  summary: string
  steps: readonly ReasonedStep[]
  before: ReadonlyMap<string, Buffer>
  after: ReadonlyMap<string, Buffer>
  limits: MemoryUsage['limits']
}): Promise<TidyProposal> {
  const pace = pacer()
  const changes = changesOf(input.steps)
  const folderAfter = keysOf([...input.after.values()].map(text))
  const files: TidyFile[] = []
  for (const path of new Set([...input.before.keys(), ...input.after.keys()])) {
    await pace()
    const was = input.before.get(path)
    const now = input.after.get(path)
    if (was && now && was.equals(now)) continue
    const before = was ? text(was) : null
    const after = now ? text(now) : null
    files.push({
      path,
      changeIds: changes
        .filter((_, i) => pathsOf(input.steps[i] as ReasonedStep).some((p) => within(path, p)))
        .map((change) => change.id),
      before,
      after,
      forgotten: forgottenLines(before, after, folderAfter)
    })
  }
  files.sort((a, b) => a.path.localeCompare(b.path))
  return {
    sessionId: input.sessionId,
    space: input.space,
    model: input.model,
    focus: input.focus,
    summary: input.summary,
    changes,
    files,
    totals: { before: totals(input.before, input.limits), after: totals(input.after, input.limits) }
  }
}

function within(path: string, changed: string): boolean {
  return path === changed || path.startsWith(`${changed}/`)
}

function text(bytes: Buffer): string {
  return bytes.toString('utf8')
}

function totals(files: ReadonlyMap<string, Buffer>, limits: MemoryUsage['limits']) {
  let bytes = 0
  for (const file of files.values()) bytes += file.byteLength
  return {
    files: files.size,
    bytes,
    shareOfFiles: limits.maxFiles ? files.size / limits.maxFiles : 0,
    shareOfBytes: limits.maxTotalBytes ? bytes / limits.maxTotalBytes : 0
  }
}
