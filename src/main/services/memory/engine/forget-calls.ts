import { dirname } from 'node:path'
import { lstat, rm } from 'node:fs/promises'
import type { ActivityActor } from '@shared/memory/memory'
import type { ForgetResult } from '@shared/memory/history'
import { pacer } from '../core/pace'
import { archivedFile, pruneEmpty } from '../expiry/archive'
import { FORGOTTEN_MASK, keptText, type KeptText } from '../inspector/kept-text'
import { ToolError } from '../core/tool-error'
import type { Engine } from './engine'
import { append } from './record'

// Forgetting a text everywhere the memory engine keeps it (issue 35): history's versions, the
// activity log's messages, and then a search of the memory folder, the archive and the state
// folder that names every place still holding it. Runs inside the queue (undo.ts `inspect`).

/** Every place the engine keeps `text`, history's packs apart (history's own search reads those). */
export function keptIn(e: Engine, text: string, forgotten = false): Promise<KeptText> {
  const folders = { root: e.parts.fs.realRoot, stateDir: e.parts.stateDir }
  return keptText(folders, text, pacer(), forgotten)
}

export async function forgetText(
  e: Engine,
  text: string,
  current: ReadonlySet<string>,
  actor: ActivityActor
): Promise<ForgetResult> {
  const history = e.parts.history
  let forgotten = 0
  if (history) {
    const hashes = await history.versionsNamed({ what: 'text', text }, current, pacer())
    if (hashes.size) forgotten = await history.forget(hashes, actor)
  }
  // Entries from before issue 35 may quote file content (a failed edit's old_str).
  const entries = await e.parts.log.redact(text, FORGOTTEN_MASK)
  if (entries)
    await append(e, {
      actor,
      command: 'forget',
      paths: [],
      bytesBefore: null,
      bytesAfter: null,
      outcome: 'ok',
      message: `Took a forgotten text out of ${entries} activity ${entries === 1 ? 'entry' : 'entries'}`
    })
  const kept = await keptIn(e, text, true)
  e.emit([], actor)
  return { forgotten, stillInFiles: kept.files, elsewhere: kept.elsewhere }
}

/** Removes one archived copy for good (the user chose it after a Forget named it). */
export async function forgetArchived(
  e: Engine,
  archiveId: string,
  path: string,
  actor: ActivityActor
): Promise<ForgetResult> {
  const at = e.path(path)
  const file = archivedFile(e.parts.archiveRoot, archiveId, at.segments)
  const info = await lstat(file).catch(() => null)
  if (!info?.isFile())
    throw new ToolError('not-found', `Error: The archive ${archiveId} holds no ${at.display}.`)
  await rm(file)
  await pruneEmpty(dirname(file), e.parts.archiveRoot)
  await append(e, {
    actor,
    command: 'forget',
    paths: [at.display],
    bytesBefore: info.size,
    bytesAfter: 0,
    outcome: 'ok',
    message: `Removed the archived copy from ${archiveId} for good`
  })
  e.emit([], actor)
  return { forgotten: 0, stillInFiles: [], elsewhere: [] }
}
