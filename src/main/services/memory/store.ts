import type {
  ActivityActor,
  ExpiryPolicy,
  ExpiryPolicyPatch,
  MemoryChange,
  MemoryLimits,
  MemoryLimitsPatch
} from '@shared/memory/memory'
import type { SweepResult } from '@shared/memory/expiry'
import type { HistoryRetention, SecretGuardSettings } from '@shared/app/settings'
import { Engine, type StoreParts } from './engine/engine'
import { inspect } from './engine/inspect-calls'
import * as outside from './engine/outside-calls'
import * as tool from './engine/run-tool'
import * as undo from './engine/undo'
import * as upkeep from './engine/upkeep'
import * as calls from './engine/user-calls'
import * as backup from './engine/import-calls'
import * as sweeps from './engine/sweep-calls'
import * as changeSets from './engine/change-set-calls'
import type { Ctx } from './kernel/context'
import type { StatIdentity } from './ledger/stat-trust'
import type { MemoryService } from './service'

// The memory engine's facade: every method hands the shared state (engine/engine.ts) to the room
// that does the work. Floors, lowest first: core ← jail ← ledger ← kernel ← caps, expiry,
// secret-guard, outside ← commands ← inspector, history ← engine ← this file (docs/architecture.md).
export type { StoreParts, Timers } from './engine/engine'
export { EXTERNAL_COALESCE_MS } from './engine/outside-calls'

/** Each call's types come from the interface (service.ts), so they are written once. */
type S = MemoryService

export class MemoryStore implements MemoryService {
  readonly enabled = true
  readonly offReason = null
  private readonly e: Engine

  constructor(parts: StoreParts) {
    this.e = new Engine(parts)
  }

  // ---- Claude's memory tool (engine/run-tool.ts)
  readonly execute: S['execute'] = (input, actor, options) =>
    tool.execute(this.e, input, actor, options)
  readonly preview: S['preview'] = (input, actor) => tool.preview(this.e, input, actor)

  // ---- the inspector (engine/user-calls.ts)
  readonly list: S['list'] = (input) => calls.list(this.e, input)
  readonly read: S['read'] = (path, how) => calls.read(this.e, path, how)
  readonly write: S['write'] = (input) => calls.write(this.e, input)
  readonly create: S['create'] = (input) => calls.create(this.e, input)
  readonly putExact: S['putExact'] = (input, actor) => calls.putExact(this.e, input, actor)
  readonly rename: S['rename'] = (input) => calls.rename(this.e, input)
  readonly delete: S['delete'] = (path) => calls.deleteFile(this.e, path)
  readonly scanSecrets: S['scanSecrets'] = () => calls.scanSecrets(this.e)
  readonly search: S['search'] = (query, page) => calls.search(this.e, query, page)
  readonly usage: S['usage'] = () => inspect(this.e, async () => this.e.usage())
  readonly activity: S['activity'] = (query) => calls.activity(this.e, query)
  readonly undone: S['undone'] = (seqs) => calls.undone(this.e, seqs)
  readonly expiryPreview: S['expiryPreview'] = (days, draft) =>
    calls.expiryPreview(this.e, days, draft)
  readonly capImpact: S['capImpact'] = (input) => calls.capImpact(this.e, input)
  readonly archive: S['archive'] = (input) => calls.archive(this.e, input)
  readonly listArchived: S['listArchived'] = () => calls.listArchived(this.e)
  readonly restoreArchived: S['restoreArchived'] = (input) => calls.restoreArchived(this.e, input)
  readonly restoreArchivedAll: S['restoreArchivedAll'] = (input) =>
    sweeps.restoreArchivedAll(this.e, input)

  // ---- history (engine/undo.ts over memory/history/)
  readonly history: S['history'] = (path) => undo.history(this.e, path)
  readonly versionText: S['versionText'] = (hash) => undo.versionText(this.e, hash)
  readonly revert: S['revert'] = (seq, actor, overwrite) =>
    undo.revert(this.e, seq, actor, overwrite)
  readonly findInHistory: S['findInHistory'] = (text) => undo.findInHistory(this.e, text)
  readonly forget: S['forget'] = (input, actor) => undo.forget(this.e, input, actor)
  readonly forgetSecrets: S['forgetSecrets'] = (path) => undo.forgetSecrets(this.e, path)

  // ---- export and import (engine/import-calls.ts)
  readonly readForExport: S['readForExport'] = (path) => backup.readForExport(this.e, path)
  readonly historyPaths: S['historyPaths'] = () => backup.historyPaths(this.e)
  readonly importPreview: S['importPreview'] = (files, versions) =>
    backup.importPreview(this.e, files, versions)
  readonly importFiles: S['importFiles'] = (files, versions, label, onProgress) =>
    backup.importFiles(this.e, files, versions, label, onProgress)

  // ---- a reviewed change set, e.g. a tidy (engine/change-set-calls.ts)
  readonly applyChangeSet: S['applyChangeSet'] = (commands, message) =>
    changeSets.applyChangeSet(this.e, commands, message)

  // ---- settings: each policy changes through its owner (engine/state/policy.ts, history)
  updateLimits(patch: MemoryLimitsPatch): MemoryLimits {
    return this.e.policy.setLimits(patch)
  }
  updateExpiry(patch: ExpiryPolicyPatch): ExpiryPolicy {
    return this.e.policy.setExpiry(patch)
  }
  updateHistory(patch: Partial<HistoryRetention>): HistoryRetention | undefined {
    return this.e.parts.history?.setRetention(patch)
  }
  updateSecretGuard(patch: Partial<SecretGuardSettings>): SecretGuardSettings {
    return this.e.policy.setSecretGuard(patch)
  }

  // ---- other programs' changes (engine/outside-calls.ts)
  applyExternal(touched?: Iterable<string>): Promise<MemoryChange | undefined> {
    return outside.applyExternal(this.e, touched)
  }
  applyStartScan(seen: ReadonlyMap<string, StatIdentity>): Promise<MemoryChange | undefined> {
    return outside.applyStartScan(this.e, seen)
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
  readonly sweep: S['sweep'] = (only) => upkeep.sweep(this.e, only)
  expire(): Promise<SweepResult> {
    return upkeep.expire(this.e)
  }
  flush(): Promise<void> {
    return upkeep.flush(this.e)
  }
  readonly dispose: S['dispose'] = () => upkeep.dispose(this.e)

  // ---- listeners, and the context the open and tests build on
  readonly onChange: S['onChange'] = (listener) => this.e.listeners.on(listener)
  /** Pinned patterns the engine changed (a rename keeps its pin): the settings save them. */
  onPinnedChange(listener: (pinned: string[]) => void): () => void {
    return this.e.policy.onPinnedChange(listener)
  }
  ctx(actor: ActivityActor, enforceCaps: boolean): Ctx {
    return this.e.ctx(actor, enforceCaps)
  }
}
