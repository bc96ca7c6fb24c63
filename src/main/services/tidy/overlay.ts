import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { PlannedChange } from '@shared/chat/approval'
import type { SecretGuardSettings } from '@shared/app/settings'
import type { MemoryActor, ToolResult } from '@shared/memory/memory'
import { MEMORY_LIST_MAX } from '@shared/memory/memory'
import type { Logger } from '../log/logger'
import { openMemoryStore, type MemoryService, type MemoryStore } from '../memory'

/*
 * The dry-run memory of a tidy: an overlay of planned states. Claude's commands never reach the
 * memory folder. The folder is copied once (through the engine's jail: no link followed) into a
 * private scratch folder with an engine of its own, and each command Claude sends is first
 * PLANNED there by the engine's dry run (`preview`: the same decoding, matching, caps and guard
 * as a real run), recorded, and then applied to the scratch copy under that plan's sha256, so
 * Claude's later `view`s see the folder as if the earlier plans had applied: a rename followed by
 * an edit of the renamed file composes, by the engine's own code rather than a second model of it.
 * Applying the reviewed plans to the real folder later runs the same commands under the same
 * sha256 preconditions (the bytes are identical step by step), so a file changed since is caught.
 */

/** One planned change: Claude's command as sent and the engine's plan of it. */
export interface PlannedStep {
  input: Record<string, unknown>
  plan: PlannedChange
}

export interface OverlayOptions {
  /** The real space: only read (list, and each file's bytes as an export reads them). */
  memory: MemoryService
  /** A fresh private folder for the copy and its engine's state; removed on dispose. */
  scratchDir: string
  secretGuard: Partial<SecretGuardSettings>
  /** Who the scratch engine says acted (never written to the real folder's log). */
  actor: MemoryActor
  logger?: Logger
}

/** Timers that never fire: the scratch engine sweeps nothing and flushes only on dispose. */
const stillTimers = {
  setInterval: () => 0,
  clearInterval: () => undefined,
  setTimeout: () => 0,
  clearTimeout: () => undefined
}

export class Overlay {
  private readonly steps: PlannedStep[] = []

  private constructor(
    private readonly scratch: MemoryStore,
    private readonly options: OverlayOptions,
    /** The real folder's files as copied (display path → bytes), for before/after. */
    readonly before: ReadonlyMap<string, Buffer>
  ) {}

  static async open(options: OverlayOptions): Promise<Overlay> {
    const root = join(options.scratchDir, 'memories')
    await mkdir(root, { recursive: true, mode: 0o700 })
    try {
      const before = await copyFolder(options.memory, root)
      const usage = await options.memory.usage()
      const scratch = await openMemoryStore({
        root,
        stateDir: join(options.scratchDir, 'state'),
        limits: usage.limits,
        expiry: { mode: 'off' },
        history: false,
        secretGuard: options.secretGuard,
        timers: stillTimers,
        ...(options.logger ? { logger: options.logger } : {})
      })
      return new Overlay(scratch, options, before)
    } catch (error) {
      await rm(options.scratchDir, { recursive: true, force: true })
      throw error
    }
  }

  /** The changes planned so far, in the order Claude sent them. */
  planned(): readonly PlannedStep[] {
    return this.steps
  }

  /**
   * One of Claude's commands against the overlay. A view reads the planned state; a change is
   * planned (an error answers what a real run would), recorded, and applied to the overlay only.
   */
  async run(input: unknown): Promise<{ result: ToolResult; step?: PlannedStep }> {
    const actor = this.options.actor
    const command = (input as { command?: unknown } | null)?.command
    if (command === 'view' || typeof input !== 'object' || input === null)
      return { result: await this.scratch.execute(input, actor) }
    const planned = await this.scratch.preview(input, actor)
    if (!planned.ok) return { result: planned.result }
    const result = await this.scratch.execute(input, actor, { expect: planned.plan.sha256 })
    if (result.isError) return { result }
    const step = { input: { ...(input as Record<string, unknown>) }, plan: planned.plan }
    this.steps.push(step)
    const { activity: _activity, ...shown } = result
    return { result: shown, step }
  }

  /** The folder as the plans leave it (display path → bytes). */
  after(): Promise<Map<string, Buffer>> {
    return readFolder(this.scratch)
  }

  async dispose(): Promise<void> {
    await this.scratch.dispose().catch(() => undefined)
    await rm(this.options.scratchDir, { recursive: true, force: true })
  }
}

/** Every file and folder of `memory`, paged, as the list gives them (hidden ones included). */
async function* entriesOf(memory: MemoryService) {
  let cursor: string | undefined
  do {
    const page = await memory.list({
      path: '/memories',
      limit: MEMORY_LIST_MAX,
      ...(cursor ? { cursor } : {})
    })
    for (const entry of page.entries) if (!entry.unreachable) yield entry
    cursor = page.nextCursor
  } while (cursor)
}

/** The files' bytes, read as an export reads them (no access marked, no link followed). */
export async function readFolder(memory: MemoryService): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  for await (const entry of entriesOf(memory)) {
    if (entry.kind !== 'file') continue
    const bytes = await memory.readForExport(entry.path)
    if (bytes) files.set(entry.path, bytes)
  }
  return files
}

async function copyFolder(memory: MemoryService, root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  for await (const entry of entriesOf(memory)) {
    const at = join(root, ...relOf(entry.path))
    if (entry.kind === 'dir') {
      await mkdir(at, { recursive: true, mode: 0o700 })
      continue
    }
    const bytes = await memory.readForExport(entry.path)
    if (!bytes) continue // over 16 MiB: left out of the tidy, as an export leaves it
    await mkdir(dirname(at), { recursive: true, mode: 0o700 })
    await writeFile(at, bytes, { mode: 0o600, flag: 'wx' })
    files.set(entry.path, bytes)
  }
  return files
}

function relOf(display: string): string[] {
  return display
    .replace(/^\/memories\/?/, '')
    .split('/')
    .filter(Boolean)
}
