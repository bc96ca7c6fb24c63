import {
  MemoryActorSchema,
  type ActivityEntry,
  type MemoryActor,
  type MemoryOpRef,
  type ToolResult,
  type VersionRef
} from '@shared/memory/memory'
import type { NewActivity } from '../ledger/activity-log'
import { create } from '../commands/create'
import { remove } from '../commands/delete'
import { MUTATING, parseCommand, pathsOf, verbOf, type Command } from '../commands/input'
import { insert } from '../commands/insert'
import { strReplace } from '../commands/str-replace'
import { view } from '../commands/view'
import type { Ctx, Done } from '../kernel/context'
import { parseMemoryPath } from '../jail/paths'
import type { AskApproval, ExecuteOptions, Preview } from '../service'
import { guardOutsideName, withoutSecrets } from '../secret-guard'
import { ioFailure } from '../jail/io-failure'
import { ToolError } from '../core/tool-error'
import type { Engine } from './engine'
import { askKeepingPlanCurrent } from './live-plan'
import { catchUp } from './outside-calls'
import { renameKeepingPins } from './rename'
import { historyHow, record, tracked } from './record'

// Claude's memory tool: one command as Claude sent it, in the queue; or its dry run (the plan);
// or plan, ask, then run exactly that plan under its sha256 precondition.

/**
 * Runs one memory-tool command as Claude sent it. Never throws, never rejects. `expect`: the
 * sha256 a plan was made from (see `preview`); `ask`: plan first, ask, then run that plan.
 */
export async function execute(
  e: Engine,
  input: unknown,
  actor: MemoryActor,
  options: ExecuteOptions = {}
): Promise<ToolResult> {
  try {
    const who = MemoryActorSchema.safeParse(actor)
    if (!who.success)
      return { content: 'Error: The memory tool was called without a valid actor.', isError: true }
    if (e.closed) return closedResult()
    if (options.ask) return await askThenRun(e, input, who.data, options.ask)
    return (await e.queue.run(() => run(e, input, who.data, options.expect))).result
  } catch (error) {
    e.listing.invalidate()
    e.parts.logger?.error('memory tool failed unexpectedly', { error })
    return { content: 'Error: The memory tool failed unexpectedly. Try again.', isError: true }
  }
}

/**
 * The engine's dry run of one of Claude's commands: the same reading, decoding, matching, guard
 * and caps as `execute`, stopped before the write. The plan names the sha256 it was made from;
 * a command that cannot apply answers the error `execute` would give. Writes nothing.
 */
export function preview(e: Engine, input: unknown, actor: MemoryActor): Promise<Preview> {
  if (e.closed) return Promise.resolve({ ok: false, result: closedResult() })
  return e.queue.run(() => plan(e, input, actor, false))
}

/**
 * Plan, ask, run the approved plan under its precondition. A change that cannot be planned is
 * never run (fail closed). While the question waits the plan is kept current (live-plan.ts); a
 * change in the instant between the answer and the run is planned and asked again.
 */
async function askThenRun(
  e: Engine,
  input: unknown,
  actor: MemoryActor,
  ask: AskApproval
): Promise<ToolResult> {
  let planned = await e.queue.run(() => plan(e, input, actor, true))
  if (!planned.ok) return planned.result
  const parsed = parseCommand(input)
  const paths = parsed.ok ? pathsOf(parsed.command) : []
  const replan = () => e.queue.run(() => plan(e, input, actor, false))
  for (let changed = false; ; changed = true) {
    const answer = await askKeepingPlanCurrent(e, ask, planned, changed, paths, replan)
    if (!answer.go) return answer.result
    const ran = await e.queue.run(() => run(e, input, actor, answer.plan.sha256))
    if (!ran.conflict || e.closed) return ran.result
    planned = await replan()
  }
}

/** One dry run in the queue; `record`: a command that cannot apply is logged as Claude's error. */
async function plan(
  e: Engine,
  input: unknown,
  actor: MemoryActor,
  recordError: boolean
): Promise<Preview> {
  const parsed = parseCommand(input)
  if (!parsed.ok) return { ok: false, result: { content: parsed.message, isError: true } }
  const command = parsed.command
  if (command.command === 'view')
    return {
      ok: false,
      result: { content: 'Error: view changes nothing; there is no plan.', isError: true }
    }
  try {
    await guardOutside(e.claudeCtx(actor), command)
    await catchUp(e, pathsOf(command))
    const ctx = { ...e.claudeCtx(actor), fresh: e.fresh, intent: { dryRun: true } }
    const done = await mutate(e, ctx, command)
    if (done.plan) return { ok: true, plan: done.plan }
    throw new Error('a dry run wrote instead of planning')
  } catch (error) {
    const { result, note } = await failed(e, command, error)
    if (recordError) await record(e, actor, command.command, undefined, note, pathsOf(command))
    const missing = error instanceof ToolError && error.kind === 'not-found'
    return { ok: false, result, ...(missing ? { missing } : {}) }
  } finally {
    e.fresh.clear()
  }
}

async function run(
  e: Engine,
  input: unknown,
  actor: MemoryActor,
  expect?: string | null
): Promise<{ result: ToolResult; conflict: boolean }> {
  const parsed = parseCommand(input)
  if (!parsed.ok) return { result: { content: parsed.message, isError: true }, conflict: false }
  const command = parsed.command
  const ctx: Ctx = {
    ...e.claudeCtx(actor),
    fresh: e.fresh,
    ...(expect !== undefined ? { intent: { expect } } : {})
  }
  let result: ToolResult
  /** What the activity log keeps of a failure (never Claude's input). */
  let note: ToolResult | undefined
  let done: Done | undefined
  let versions: VersionRef[] | undefined
  let conflict = false
  try {
    await guardOutside(ctx, command)
    if (command.command === 'view') {
      await catchUp(e, pathsOf(command), true)
      result = { content: await view(ctx, e.path(command.path), command), isError: false }
      e.scheduleFlush() // access times
    } else {
      await catchUp(e, pathsOf(command))
      ;[done, versions] = await tracked(
        e,
        ctx,
        pathsOf(command),
        historyHow(command.command),
        (c) => mutate(e, c, command)
      )
      result = { content: done.content, isError: false }
    }
  } catch (error) {
    conflict = error instanceof ToolError && error.kind === 'conflict'
    ;({ result, note } = await failed(e, command, error))
  }
  e.fresh.clear()
  if (MUTATING.has(command.command)) {
    const entry = await record(
      e,
      actor,
      command.command as NewActivity['command'],
      done,
      note ?? result,
      pathsOf(command),
      versions
    )
    // The chip of this tool call shows the change and can undo it by this entry.
    if (entry && !result.isError) result = { ...result, activity: entryRef(entry) }
  }
  return { result, conflict }
}

/** Refuses a command on a path another program named after a key (out of memory: scan.ts). */
export async function guardOutside(ctx: Ctx, command: Command): Promise<void> {
  if (command.command === 'create') return // a new name: the command's own guard checks it
  const parsed = parseMemoryPath(command.command === 'rename' ? command.old_path : command.path)
  if (parsed.ok) await guardOutsideName(ctx, parsed.path)
}

/**
 * The tool result for a command that failed (its own message, or an I/O failure in words), and
 * the entry the activity log keeps: the result may quote Claude's input back to Claude, the
 * log never holds file content (issue 35), so a quoting message has its own words for the log.
 */
async function failed(
  e: Engine,
  command: Command,
  error: unknown
): Promise<{ result: ToolResult; note: ToolResult }> {
  const failure =
    error instanceof ToolError ? error : ioFailure(verbOf(command), displayFor(command), error)
  if (!(error instanceof ToolError)) e.warn('memory command failed', error)
  // No secret in an error reaches Claude's saved tool result either.
  const content = await withoutSecrets(e.scrub(failure.message))
  const logged = failure.activity ?? failure.message
  const note = quotesInput(logged, command)
    ? `Error: Could not ${verbOf(command)} ${displayFor(command)} (the reason quoted text, which the activity log does not keep).`
    : await withoutSecrets(e.scrub(logged))
  return {
    result: { content, isError: true, ...(failure.refusal ? { cap: failure.refusal } : {}) },
    note: { content: note, isError: true }
  }
}

/** Whether a message quotes one of the command's texts (outside the paths it names). */
function quotesInput(message: string, command: Command): boolean {
  const texts = [
    'old_str' in command ? command.old_str : '',
    'new_str' in command ? command.new_str : '',
    'file_text' in command ? command.file_text : '',
    'insert_text' in command ? command.insert_text : ''
  ].filter((text) => text.trim().length >= 4)
  const bare = pathsOf(command).reduce((rest, path) => rest.split(path).join(''), message)
  return texts.some((text) => bare.includes(text))
}

export async function mutate(
  e: Engine,
  ctx: Ctx,
  command: Exclude<Command, { command: 'view' }>
): Promise<Done> {
  switch (command.command) {
    case 'create':
      return create(ctx, e.path(command.path), command.file_text)
    case 'str_replace':
      return strReplace(ctx, e.path(command.path), command)
    case 'insert':
      return insert(ctx, e.path(command.path), command)
    case 'delete':
      return remove(ctx, e.path(command.path))
    case 'rename':
      return renameKeepingPins(e, ctx, e.path(command.old_path), e.path(command.new_path))
  }
}

function closedResult(): ToolResult {
  return { content: 'Error: The memory store is closed; the app is shutting down.', isError: true }
}

function displayFor(command: Command): string {
  const raw = command.command === 'rename' ? command.old_path : command.path
  const parsed = parseMemoryPath(raw)
  return parsed.ok ? parsed.path.display : 'the path'
}

function entryRef(entry: ActivityEntry): MemoryOpRef {
  return { seq: entry.seq, versions: entry.versions ?? [] }
}
