import type { PlannedChange } from '@shared/chat/approval'
import type { ArchiveInput, CapImpact, CapImpactInput } from '@shared/memory/caps'
import type {
  ActivityActor,
  ActivityPage,
  ActivityQuery,
  ExpiryPolicyPatch,
  MemoryActor,
  MemoryChange,
  MemoryCreateInput,
  MemoryFile,
  MemoryLimitsPatch,
  MemoryListInput,
  MemoryListPage,
  MemoryMutation,
  MemoryRenameInput,
  MemoryUsage,
  MemoryWriteInput,
  ToolResult
} from '@shared/memory/memory'
import type {
  ArchivedItem,
  ExpiryPreviewItem,
  RestoreAllInput,
  RestoreAllResult,
  RestoreInput,
  SweepResult
} from '@shared/memory/expiry'
import type {
  FindInHistoryResult,
  ForgetInput,
  ForgetResult,
  ForgetSecretsResult,
  HistoryVersion,
  RevertOverwrite,
  RevertResult
} from '@shared/memory/history'
import type { MemorySearchPage, MemorySearchResult } from '@shared/memory/search'
import type { SecretScanResult } from '@shared/memory/secret-scan'
import type { HistoryRetention, SecretGuardSettings } from '@shared/app/settings'

// The memory engine as the rest of the app sees it: reads apart from writes (as Signal Desktop's
// ts/sql/Interface.ts separates its readable and writable halves), implemented by the store and by
// memory-off. Chat, IPC and settings depend on this file, never on the engine's rooms.

/** Why the user's read happens: `refresh` is a view keeping up with a change, not an access. */
export interface ReadHow {
  refresh?: boolean
}

/**
 * The user's answer: go with the plan they saw (it runs under that plan's sha256), or the result
 * Claude gets instead (a decline).
 */
export type Approval = { go: true; plan: PlannedChange } | { go: false; result: ToolResult }
/**
 * A planned change put to the user, kept current while it waits: a change on disk to a path it
 * names is planned again at once, so the user never approves a plan the disk has left behind.
 */
export interface ApprovalQuestion {
  /** The plan now; not ok: the command can no longer apply (its file changed or went), and why. */
  readonly plan: Preview
  /** An approved plan was overtaken in the instant before it ran; this one is new. */
  readonly changed: boolean
  /** Called with each new plan (or why none applies) after its file changed while it waited. */
  onReplan(listener: (plan: Preview) => void): void
}
export type AskApproval = (question: ApprovalQuestion) => Promise<Approval>

export interface ExecuteOptions {
  /** The sha256 the command's plan was made from (null: nothing was there). */
  expect?: string | null
  /** Ask before running: the engine plans, asks, and runs exactly that plan. */
  ask?: AskApproval
}

/** A dry run's answer: the plan, or the error the command would give. */
export type Preview =
  | { ok: true; plan: PlannedChange }
  /** `missing`: the file or folder the command names is not there. */
  | { ok: false; result: ToolResult; missing?: boolean }

/** One file an import writes: its text, and what the preview saw there (null: nothing). */
export interface ImportFile {
  path: string
  content: string
  expect: string | null
}
/** An earlier version an archive carries for a path, oldest first per path; `bytes` null: hash only. */
export interface ImportedVersion {
  path: string
  hash: string
  size: number
  bytes: Buffer | null
}
export interface ImportOutcome {
  imported: string[]
  skipped: Array<{ path: string; reason: string }>
  historyVersions: number
  /** The one activity entry the import made (undo it to undo the import); null: nothing written. */
  seq: number | null
}
export interface ImportCheck {
  items: Array<{
    path: string
    status: 'new' | 'changed' | 'same' | 'refused'
    /** What is there now (for `changed`): the import writes only if it still is. */
    hash?: string
    reason?: string
  }>
  /** Archive versions local history does not list for their path yet. */
  newVersions: number
}

/** One reviewed command of a change set: Claude's input, and the sha256 its plan was made from. */
export interface PlannedCommand {
  input: unknown
  /** What the plan found at its path (null: nothing there); a different state skips it. */
  expect: string | null
}
export interface ChangeSetOutcome {
  /** Indexes into the commands given, of those written. */
  applied: number[]
  /** Those not written, with why (changed since they were planned, a cap, the guard...). */
  skipped: Array<{ index: number; reason: string; conflict: boolean }>
  /** The one activity entry (undo it to undo the whole set); null: nothing was written. */
  seq: number | null
}

/** What only looks: nothing here changes a file, a history version or the activity log. */
export interface MemoryReads {
  /** The engine's dry run of one of Claude's commands (see `MemoryStore.preview`). */
  preview(input: unknown, actor: MemoryActor): Promise<Preview>
  /** One page of the files and folders under a path, depth-first, names sorted. */
  list(input?: MemoryListInput): Promise<MemoryListPage>
  /**
   * A file's text for the user. Opening it marks an access (it resets the file's idle-expiry
   * clock); a `refresh` (a view re-reading what it already shows) does not.
   */
  read(path: string, how?: ReadHow): Promise<MemoryFile>
  usage(): Promise<MemoryUsage>
  activity(query?: ActivityQuery): Promise<ActivityPage>
  /** Of these activity entries, the ones a later entry undid (its `revertOf`). */
  undone(seqs: readonly number[]): Promise<number[]>
  /** Files that will expire within `days` (0 = due now) under a draft policy, soonest first. */
  expiryPreview(days: number, draft?: ExpiryPolicyPatch): Promise<ExpiryPreviewItem[]>
  listArchived(): Promise<ArchivedItem[]>
  /** Usage against these caps (or those in force), with the files that could make room. */
  capImpact(input?: CapImpactInput): Promise<CapImpact>
  history(path: string): Promise<HistoryVersion[]>
  versionText(hash: string): Promise<string>
  findInHistory(text: string): Promise<FindInHistoryResult>
  scanSecrets(): Promise<SecretScanResult>
  /** Matching files a page at a time (the first page without `page`). */
  search(query: string, page?: MemorySearchPage): Promise<MemorySearchResult>
  /** A file's bytes as they are, for an export (no access is marked); null: over 16 MiB. */
  readForExport(path: string): Promise<Buffer | null>
  /** Every path history holds versions of, for an export. */
  historyPaths(): Promise<string[]>
  /** What importing these files and versions would do (new, changed, same, refused). */
  importPreview(
    files: ReadonlyArray<{ path: string; sha256: string }>,
    versions: readonly ImportedVersion[]
  ): Promise<ImportCheck>
  /** Every change, whoever made it; returns the unsubscribe. */
  onChange(listener: (change: MemoryChange) => void): () => void
}

/** What changes the folder or its history; each goes through the engine's one serial queue. */
export interface MemoryWrites {
  /** One memory-tool command as Claude sent it; never throws, never rejects. */
  execute(input: unknown, actor: MemoryActor, options?: ExecuteOptions): Promise<ToolResult>
  write(input: MemoryWriteInput): Promise<MemoryMutation>
  create(input: MemoryCreateInput): Promise<MemoryMutation>
  /**
   * Sync's write: the file's bytes become exactly `content` (UTF-8; no BOM or line ending is
   * re-applied), if it still holds what `expect` names (its sha256; null: nothing there).
   * Caps, the guard, history and activity apply; anything else there fails with MEMORY_CONFLICT.
   */
  putExact(
    input: { path: string; content: string; expect: string | null },
    actor: MemoryActor
  ): Promise<MemoryMutation>
  rename(input: MemoryRenameInput): Promise<MemoryMutation>
  delete(path: string): Promise<MemoryMutation>
  /** Re-reads the folder into the index, then expires what is due (only `only`, when given). */
  sweep(only?: readonly string[]): Promise<SweepResult>
  archive(input: ArchiveInput): Promise<MemoryMutation>
  restoreArchived(input: RestoreInput): Promise<MemoryMutation>
  /** Every file of one archive folder back where it was (one entry); a taken path is skipped. */
  restoreArchivedAll(input: RestoreAllInput): Promise<RestoreAllResult>
  /** `overwrite`: paths changed since that the user chose to undo over (as long as unchanged). */
  revert(
    seq: number,
    actor?: ActivityActor,
    overwrite?: readonly RevertOverwrite[]
  ): Promise<RevertResult>
  forget(input: ForgetInput, actor?: ActivityActor): Promise<ForgetResult>
  forgetSecrets(path: string): Promise<ForgetSecretsResult>
  /**
   * Merges an archive's files (one activity entry, undone as one) and adds its earlier versions to
   * history. `onProgress` hears after each file, written or skipped, how many of `files` are done.
   */
  /**
   * Runs reviewed plans of Claude's commands, in order, each under its precondition, as ONE
   * activity entry (`message`) with one undo. A command whose file moved on is skipped, never
   * forced; the others still run.
   */
  applyChangeSet(commands: readonly PlannedCommand[], message: string): Promise<ChangeSetOutcome>
  importFiles(
    files: readonly ImportFile[],
    versions: readonly ImportedVersion[],
    label: string,
    onProgress?: (done: number, total: number) => void
  ): Promise<ImportOutcome>
}

/** Settings changes; they apply to the next operation. */
export interface MemorySettings {
  updateLimits(patch: MemoryLimitsPatch): void
  updateExpiry(patch: ExpiryPolicyPatch): void
  updateHistory(patch: Partial<HistoryRetention>): void
  updateSecretGuard(patch: Partial<SecretGuardSettings>): void
}

export interface MemoryService extends MemoryReads, MemoryWrites, MemorySettings {
  /** False when the app started with memory off: chat then offers Claude no memory tool. */
  readonly enabled: boolean
  /** Why memory is off, when it is. */
  readonly offReason: string | null
  dispose(): Promise<void>
}
