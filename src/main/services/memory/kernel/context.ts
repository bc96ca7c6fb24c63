import type { PlannedChange } from '@shared/chat/approval'
import type {
  ActivityActor,
  ActivityCommand,
  ExpiryPolicy,
  MemoryLimits
} from '@shared/memory/memory'
import type { MemoryIndex } from '../ledger/index-store'
import type { FreshReads } from './fresh-reads'
import type { LineIndexer } from '../jail/line-index'
import type { SafeFs } from '../jail/safe-fs'

/**
 * How a write meets the guard. Claude's writes (the memory tool) refuse or redact as the
 * settings say; the user's saves refuse with a warning the inspector can answer ("Save anyway",
 * "Redact and save"), or were let through or redacted by that answer.
 * It sits here, beside the Ctx that carries it, and not in secret-guard/ (which reads Ctx): the
 * context floor stays below the guard.
 */
export interface WriteGuard {
  mode: 'refuse' | 'redact' | 'allow'
  audience: 'claude' | 'user'
}

/** What a command needs: the folder, the index, the settings in force now, who acts. */
export interface Ctx {
  fs: SafeFs
  index: MemoryIndex
  /** Line indexes of big files, built off the main thread (see line-index.ts). */
  lines: LineIndexer
  limits: MemoryLimits
  expiry: ExpiryPolicy
  actor: ActivityActor
  now(): number
  /** Caps bind the memory tool here; the inspector's saves check them in user-ops (worded for the user). */
  enforceCaps: boolean
  /** The secret guard for this write (absent: not checked, e.g. the engine's own moves). */
  guard?: WriteGuard
  /**
   * A dry run (stop at the checkpoint with the plan), or a run that must find on disk the bytes
   * it was planned from (`expect`: their sha256, null for nothing there). See commands/plan.ts.
   */
  intent?: { dryRun?: boolean; expect?: string | null }
  /** Files just read and hashed in this command, for its own read of them (fresh-reads.ts). */
  fresh?: FreshReads
  /** History's hook: every version a mutation reads or writes, by hash (see history/). */
  keep?: (hash: string, data: string | Uint8Array, read?: boolean) => void
  /**
   * A catch-up scan's reads: a file read again and found as the index had it is not kept, only
   * what changed (engine/outside-calls.ts).
   */
  keepChangesOnly?: boolean
}

/** A successful command, with what the activity log records about it. */
export interface Done {
  content: string
  paths: string[]
  bytesBefore: number | null
  bytesAfter: number | null
  /** A dry run's plan (set only then: nothing was written). */
  plan?: PlannedChange
}

/** What an inspector call (or an undo) did: a Done without Claude's text, and its own command name. */
export type UserDone = Omit<Done, 'content'> & { command?: ActivityCommand }
