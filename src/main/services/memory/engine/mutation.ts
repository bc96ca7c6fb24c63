import { ZodError } from 'zod'
import type { ActivityActor, MemoryMutation, VersionRef } from '@shared/memory/memory'
import type { NewActivity } from '../ledger/activity-log'
import type { Ctx, UserDone } from '../kernel/context'
import { parseMemoryPath } from '../jail/paths'
import { withoutSecrets } from '../secret-guard'
import { ioFailure } from '../jail/io-failure'
import { ToolError } from '../core/tool-error'
import { USER, type Engine } from './engine'
import { badInput, inspect } from './inspect-calls'
import { catchUp } from './outside-calls'
import { historyHow, record, tracked } from './record'

// A user's change is recorded like Claude's: an entry, history around it, failed or not. Sync's
// exact writes come this way too, recorded as the other device's (`actor`).

export function inspectMutation(
  e: Engine,
  command: NewActivity['command'],
  input: unknown,
  task: (ctx: Ctx) => Promise<UserDone>,
  actor: ActivityActor = USER
): Promise<MemoryMutation> {
  return inspect(e, async () => {
    let done: UserDone | undefined
    let versions: VersionRef[] | undefined
    try {
      await catchUp(e, inputPaths(input))
      ;[done, versions] = await tracked(
        e,
        e.ctx(actor, false),
        inputPaths(input),
        historyHow(command),
        task
      )
    } catch (error) {
      const failure =
        error instanceof ToolError
          ? error
          : error instanceof ZodError
            ? badInput(error)
            : ioFailure(command, 'the memory folder', error)
      await record(
        e,
        actor,
        command,
        undefined,
        // As Claude's: a message may quote the input (a path with a key in it).
        { content: await withoutSecrets(e.scrub(failure.message)), isError: true },
        inputPaths(input)
      )
      throw failure
    }
    const kind = done.command ?? command
    await record(
      e,
      actor,
      kind,
      { ...done, content: '' },
      { content: `${kind} ok`, isError: false },
      done.paths,
      versions
    )
    return { paths: done.paths, usage: e.usage() }
  })
}

/** Paths named by an inspector call's input, for the log of a call that failed. */
function inputPaths(input: unknown): string[] {
  const record = (input ?? {}) as Record<string, unknown>
  return ['path', 'from', 'to']
    .map((key) => record[key])
    .flatMap((raw) => {
      if (typeof raw !== 'string') return []
      const parsed = parseMemoryPath(raw)
      return parsed.ok ? [parsed.path.display] : []
    })
}
