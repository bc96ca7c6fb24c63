import { withoutSecrets } from '../../memory'
import { keptCopyOrigin, localPathOf } from '../store/paths'
import { Round } from './round-context'
import type { EngineDeps, RoundReport } from './round'
import { linkedFile, onlyHere, onlyThere, renamedHere, renamedThere, untracked } from './steps'

// One sync round: compare the store (listed with hashes only) with the folder and the last
// synced state, then move each difference one way. Content is fetched only for what changed,
// every local change goes through the memory engine, every remote change carries a precondition.
// A round stopped half-way (offline, crash, quit) leaves links that are true; the next round
// finishes the job by comparing hashes, so nothing is sent or created twice.

export type { EngineDeps, RoundReport, Waiting } from './round'

export async function syncRound(deps: EngineDeps): Promise<RoundReport> {
  const { memories, bad } = await deps.remote.listAll()
  const round = new Round(deps, memories, await deps.local.list(), bad)
  const step = async (run: () => Promise<void>) => {
    deps.signal?.throwIfAborted()
    await run()
  }
  for (const item of bad)
    round.skip(
      item.path === null ? `the store's memory ${item.id ?? '(no id)'}` : localPathOf(item.path),
      `not synced: ${item.reason}`
    )

  for (const [path, old] of Object.entries(deps.state.links))
    await step(() => renamedThere(round, path, old))
  for (const [path, old] of Object.entries(deps.state.links))
    await step(() => renamedHere(round, path, old))
  for (const [path, old] of Object.entries(deps.state.links))
    await step(() => linkedFile(round, path, old))

  const linkedIds = new Set(Object.values(deps.state.links).map((l) => l.memoryId))
  const unlinkedByPath = new Map(
    [...round.remotes.values()]
      .filter((r) => !linkedIds.has(r.id))
      .map((r) => [localPathOf(r.path), r])
  )
  for (const path of untracked(round)) await step(() => onlyHere(round, path, unlinkedByPath))
  const folded = new Map([...round.files.keys()].map((p) => [p.toLowerCase(), p]))
  for (const [path, r] of unlinkedByPath) await step(() => onlyThere(round, path, r, folded))

  forgetWhatIsGone(round)
  await hideSecretNames(round)
  let bytes = 0
  for (const r of round.remotes.values()) bytes += r.size
  deps.state.storeSize = { count: round.remotes.size, bytes }
  deps.state.lastSyncAt = deps.now()
  return round.report
}

/**
 * What the sidecar remembers only while it holds: refusals of versions no longer listed, unsent
 * files no longer here, kept copies answered (deleted) here or on another device.
 */
function forgetWhatIsGone(round: Round): void {
  const { state } = round
  for (const [id, refused] of Object.entries(state.refused))
    if (round.remotes.get(id)?.sha256 !== refused.sha256) delete state.refused[id]
  for (const path of Object.keys(state.unsent))
    if (!round.files.has(path)) delete state.unsent[path]
  state.conflicts = state.conflicts.filter(
    (c) => c.kind !== 'kept-both' || !c.copy || !keptCopyOrigin(c.copy) || round.files.has(c.copy)
  )
}

/** A store name can hold a token (another client wrote it): never shown as it is. */
async function hideSecretNames(round: Round): Promise<void> {
  for (const item of round.report.skipped) item.path = await withoutSecrets(item.path)
}
