import type { ArchiveInput, CapImpact, CapImpactInput } from '@shared/caps'
import type {
  ActivityActor,
  ActivityPage,
  ActivityQuery,
  ExpiryPolicy,
  ExpiryPolicyPatch,
  MemoryActor,
  MemoryChange,
  MemoryCreateInput,
  MemoryFile,
  MemoryLimits,
  MemoryLimitsPatch,
  MemoryListInput,
  MemoryListPage,
  MemoryMutation,
  MemoryRenameInput,
  MemoryUsage,
  MemoryWriteInput,
  ToolResult
} from '@shared/memory'
import type {
  ArchivedItem,
  ExpiryPreviewItem,
  RestoreInput,
  SweepResult
} from '@shared/memory-expiry'
import type {
  FindInHistoryResult,
  ForgetInput,
  ForgetResult,
  ForgetSecretsResult,
  HistoryVersion,
  RevertResult
} from '@shared/memory-history'
import type { MemorySearchResult } from '@shared/memory-search'
import type { SecretScanResult } from '@shared/secret-scan'
import type { HistoryRetention, SecretGuardSettings } from '@shared/settings'
import { Engine, type StoreParts } from './engine/engine'
import { inspect } from './engine/inspect'
import * as outside from './engine/outside'
import * as policy from './engine/policy'
import * as tool from './engine/run-tool'
import * as undo from './engine/undo'
import * as upkeep from './engine/upkeep'
import * as calls from './engine/user-calls'
import * as backup from './engine/import-calls'
import type { Ctx } from './kernel/context'
import type {
  ExecuteOptions,
  ImportCheck,
  ImportedVersion,
  ImportFile,
  ImportOutcome,
  MemoryService,
  Preview,
  ReadHow
} from './service'

// The memory engine's facade: every method hands the shared state (engine/engine.ts) to the room
// that does the work. Floors, lowest first: core ← jail ← ledger ← kernel ← caps, expiry,
// secret-guard, outside ← commands ← inspector, history ← engine ← this file (docs/architecture.md).
export type { StoreParts, Timers } from './engine/engine'
export { EXTERNAL_COALESCE_MS } from './engine/outside'

export class MemoryStore implements MemoryService {
  readonly enabled = true
  readonly offReason = null
  private readonly e: Engine

  constructor(parts: StoreParts) {
    this.e = new Engine(parts)
  }

  // ---- Claude's memory tool (engine/run-tool.ts)
  execute(input: unknown, actor: MemoryActor, options?: ExecuteOptions): Promise<ToolResult> {
    return tool.execute(this.e, input, actor, options)
  }
  preview(input: unknown, actor: MemoryActor): Promise<Preview> {
    return tool.preview(this.e, input, actor)
  }

  // ---- the inspector (engine/user-calls.ts)
  list(input?: MemoryListInput): Promise<MemoryListPage> {
    return calls.list(this.e, input)
  }
  read(path: string, how?: ReadHow): Promise<MemoryFile> {
    return calls.read(this.e, path, how)
  }
  write(input: MemoryWriteInput): Promise<MemoryMutation> {
    return calls.write(this.e, input)
  }
  create(input: MemoryCreateInput): Promise<MemoryMutation> {
    return calls.create(this.e, input)
  }
  rename(input: MemoryRenameInput): Promise<MemoryMutation> {
    return calls.rename(this.e, input)
  }
  delete(path: string): Promise<MemoryMutation> {
    return calls.deleteFile(this.e, path)
  }
  scanSecrets(): Promise<SecretScanResult> {
    return calls.scanSecrets(this.e)
  }
  search(query: string): Promise<MemorySearchResult> {
    return calls.search(this.e, query)
  }
  usage(): Promise<MemoryUsage> {
    return inspect(this.e, async () => this.e.usage())
  }
  activity(query?: ActivityQuery): Promise<ActivityPage> {
    return calls.activity(this.e, query)
  }
  undone(seqs: readonly number[]): Promise<number[]> {
    return calls.undone(this.e, seqs)
  }
  expiryPreview(days: number, draft?: ExpiryPolicyPatch): Promise<ExpiryPreviewItem[]> {
    return calls.expiryPreview(this.e, days, draft)
  }
  capImpact(input?: CapImpactInput): Promise<CapImpact> {
    return calls.capImpact(this.e, input)
  }
  archive(input: ArchiveInput): Promise<MemoryMutation> {
    return calls.archive(this.e, input)
  }
  listArchived(): Promise<ArchivedItem[]> {
    return calls.listArchived(this.e)
  }
  restoreArchived(input: RestoreInput): Promise<MemoryMutation> {
    return calls.restoreArchived(this.e, input)
  }

  // ---- history (engine/undo.ts over memory/history/)
  history(path: string): Promise<HistoryVersion[]> {
    return undo.history(this.e, path)
  }
  versionText(hash: string): Promise<string> {
    return undo.versionText(this.e, hash)
  }
  revert(seq: number, actor?: ActivityActor): Promise<RevertResult> {
    return undo.revert(this.e, seq, actor)
  }
  findInHistory(text: string): Promise<FindInHistoryResult> {
    return undo.findInHistory(this.e, text)
  }
  forget(input: ForgetInput, actor?: ActivityActor): Promise<ForgetResult> {
    return undo.forget(this.e, input, actor)
  }
  forgetSecrets(path: string): Promise<ForgetSecretsResult> {
    return undo.forgetSecrets(this.e, path)
  }

  // ---- export and import (engine/import-calls.ts)
  readForExport(path: string): Promise<Buffer | null> {
    return backup.readForExport(this.e, path)
  }
  historyPaths(): Promise<string[]> {
    return backup.historyPaths(this.e)
  }
  importPreview(
    files: ReadonlyArray<{ path: string; sha256: string }>,
    versions: readonly ImportedVersion[]
  ): Promise<ImportCheck> {
    return backup.importPreview(this.e, files, versions)
  }
  importFiles(
    files: readonly ImportFile[],
    versions: readonly ImportedVersion[],
    label: string
  ): Promise<ImportOutcome> {
    return backup.importFiles(this.e, files, versions, label)
  }

  // ---- settings (engine/policy.ts)
  updateLimits(patch: MemoryLimitsPatch): MemoryLimits {
    return policy.updateLimits(this.e, patch)
  }
  updateExpiry(patch: ExpiryPolicyPatch): ExpiryPolicy {
    return policy.updateExpiry(this.e, patch)
  }
  updateHistory(patch: Partial<HistoryRetention>): HistoryRetention | undefined {
    return policy.updateHistory(this.e, patch)
  }
  updateSecretGuard(patch: Partial<SecretGuardSettings>): SecretGuardSettings {
    return policy.updateSecretGuard(this.e, patch)
  }

  // ---- other programs' changes (engine/outside.ts)
  applyExternal(touched?: Iterable<string>): Promise<MemoryChange | undefined> {
    return outside.applyExternal(this.e, touched)
  }
  reportExternalProblem(message: string): Promise<void> {
    return outside.reportExternalProblem(this.e, message)
  }
  recreateRoot(): Promise<void> {
    return outside.recreateRoot(this.e)
  }
  refresh(): Promise<void> {
    return outside.refresh(this.e)
  }
  reconcileNow(ctx: Ctx, removeTemps: boolean, logChanges: boolean): Promise<void> {
    return outside.reconcileNow(this.e, ctx, removeTemps, logChanges)
  }

  // ---- upkeep (engine/upkeep.ts)
  startSweeping(intervalMs: number): void {
    upkeep.startSweeping(this.e, intervalMs)
  }
  sweep(only?: readonly string[]): Promise<SweepResult> {
    return upkeep.sweep(this.e, only)
  }
  expire(): Promise<SweepResult> {
    return upkeep.expire(this.e)
  }
  flush(): Promise<void> {
    return upkeep.flush(this.e)
  }
  dispose(): Promise<void> {
    return upkeep.dispose(this.e)
  }

  // ---- listeners, and the context the open and tests build on
  onChange(listener: (change: MemoryChange) => void): () => void {
    return this.e.listeners.on(listener)
  }
  /** Pinned patterns the engine changed (a rename keeps its pin): the settings save them. */
  onPinnedChange(listener: (pinned: string[]) => void): () => void {
    return this.e.pinListeners.on(listener)
  }
  ctx(actor: ActivityActor, enforceCaps: boolean): Ctx {
    return this.e.ctx(actor, enforceCaps)
  }
}
