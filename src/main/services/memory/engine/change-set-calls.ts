import { parseCommand, pathsOf, type Command } from '../commands/input'
import { ToolError } from '../core/tool-error'
import type { ChangeSetOutcome, PlannedCommand } from '../service'
import { USER, type Engine } from './engine'
import { inspect } from './inspect-calls'
import { catchUp } from './outside-calls'
import { record, tracked } from './record'
import { guardOutside, mutate } from './run-tool'

// A change set the user reviewed (a tidy of the folder): Claude's commands, each planned before
// and run now under the sha256 it was planned from, all inside one history `tracked` run, so the
// set is ONE activity entry with one undo that brings back every byte. A command whose file
// moved on since its plan is skipped with the reason, never forced over the new bytes.

type Mutating = Exclude<Command, { command: 'view' }>

export function applyChangeSet(
  e: Engine,
  commands: readonly PlannedCommand[],
  message: string
): Promise<ChangeSetOutcome> {
  return inspect(e, async () => {
    const skipped: ChangeSetOutcome['skipped'] = []
    const runnable: Array<{ index: number; command: Mutating; expect: string | null }> = []
    commands.forEach((planned, index) => {
      const parsed = parseCommand(planned.input)
      if (!parsed.ok) skipped.push({ index, reason: parsed.message, conflict: false })
      else if (parsed.command.command === 'view')
        skipped.push({ index, reason: 'view changes nothing.', conflict: false })
      else runnable.push({ index, command: parsed.command, expect: planned.expect })
    })
    const paths = [...new Set(runnable.flatMap((item) => pathsOf(item.command)))]
    await catchUp(e, paths)
    const applied: number[] = []
    const touched = new Set<string>()
    let bytesBefore = 0
    let bytesAfter = 0
    // `read`: texts a delete takes off the disk are kept first, so the undo can bring them back.
    const [, versions] = await tracked(e, e.claudeCtx(USER), paths, 'read', async (ctx) => {
      for (const { index, command, expect } of runnable) {
        try {
          await guardOutside(ctx, command)
          const done = await mutate(e, { ...ctx, intent: { expect } }, command)
          applied.push(index)
          bytesBefore += done.bytesBefore ?? 0
          bytesAfter += done.bytesAfter ?? 0
          for (const path of done.paths) touched.add(path)
        } catch (error) {
          skipped.push({ index, ...reasonOf(e, error) })
        }
      }
    })
    skipped.sort((a, b) => a.index - b.index)
    if (!applied.length) return { applied, skipped, seq: null }
    const written = [...touched]
    const entry = await record(
      e,
      USER,
      'tidy',
      { paths: written, bytesBefore, bytesAfter, content: '' },
      { content: message, isError: false },
      written,
      versions
    )
    return { applied, skipped, seq: entry?.seq ?? null }
  })
}

function reasonOf(e: Engine, error: unknown): { reason: string; conflict: boolean } {
  if (error instanceof ToolError)
    return {
      reason: e.scrub(error.message.replace(/^Error: /, '')),
      conflict: error.kind === 'conflict'
    }
  e.warn('a change of a change set failed', error)
  return { reason: 'it could not be written (the memory folder refused it).', conflict: false }
}
