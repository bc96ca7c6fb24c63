import { CairnError } from '@shared/errors'
import type { ActivityActor } from '@shared/memory/memory'
import type {
  FindInHistoryResult,
  ForgetInput,
  ForgetResult,
  ForgetSecretsResult,
  HistoryVersion,
  KeptPlace,
  RevertOverwrite,
  RevertResult
} from '@shared/memory/history'
import type { History } from '../history'
import { pacer } from '../core/pace'
import { displayOf } from '../jail/paths'
import { findSecrets, redact } from '../secret-guard'
import { USER, type Engine } from './engine'
import { inspect } from './inspect-calls'
import { forgetArchived, forgetText, keptIn } from './forget-calls'
import { catchUp, isOutsideBatch, undoOutsideBatch } from './outside-calls'
import { record, tracked } from './record'
import { isSweep, undoSweep } from './sweep-calls'
import { read, write } from './user-calls'

// History as the user reaches it (memory/history/ keeps it): versions of a path, undo of an
// entry, and forgetting versions for good.

/** Versions of one path, newest first, including those from before a rename or a delete. */
export function history(e: Engine, path: string): Promise<HistoryVersion[]> {
  return inspect(e, async () => historyOn(e).list(e.path(path).display))
}

/** The text of a version (UTF-8; other bytes are replaced). */
export function versionText(e: Engine, hash: string): Promise<string> {
  return inspect(e, () => historyOn(e).text(hash))
}

/**
 * Undoes one activity entry, only if its paths still hold what it left; otherwise answers a
 * conflict (both texts) and changes nothing. The undo is an entry of its own (revertible too).
 */
export function revert(
  e: Engine,
  seq: number,
  actor: ActivityActor = USER,
  overwrite: readonly RevertOverwrite[] = []
): Promise<RevertResult> {
  return inspect(e, async () => {
    const kept = historyOn(e).recordOf(seq)
    if (isSweep(kept)) return undoSweep(e, kept, actor)
    if (isOutsideBatch(kept)) return undoOutsideBatch(e, kept, actor)
    // "Delete anyway": paths the user compared and chose to undo over, by their display names.
    const over = new Map(overwrite.map((o) => [e.path(o.path).display, o.hash] as const))
    const undo = historyOn(e).undoOf(seq, over)
    await catchUp(e, undo.paths)
    const [done, versions] = await tracked(
      e,
      // What comes back meets the guard as the user's own saves do.
      e.userGuarded(e.ctx(actor, false), undefined),
      undo.paths,
      undo.how,
      undo.run
    )
    if ('status' in done) return done
    await record(
      e,
      actor,
      'revert',
      { ...done, content: '' },
      { content: `reverted entry ${seq}`, isError: false },
      done.paths,
      versions,
      seq
    )
    return { status: 'reverted', seq, paths: done.paths, usage: e.usage() }
  })
}

/**
 * Versions in history holding `text` (file, entry, masked line), for "Find and forget", and the
 * other places the engine keeps it (archive, state). Works with history off too.
 */
export function findInHistory(e: Engine, text: string): Promise<FindInHistoryResult> {
  return inspect(e, async () => {
    const found = e.parts.history
      ? await e.parts.history.find(text, currentHashes(e), pacer())
      : { hits: [], searched: 0 }
    return { ...found, elsewhere: (await keptIn(e, text)).elsewhere }
  })
}

/**
 * Forgets versions from history for good (issue 23): the packs are rewritten without them and a
 * record says that something was forgotten, when and by whom. The files themselves are not
 * touched: `stillInFiles` names those whose current text was among the versions. A text is also
 * taken out of the activity log, and every other place still holding it is named (issue 35);
 * an archived copy the user chose goes whole.
 */
export function forget(
  e: Engine,
  input: ForgetInput,
  actor: ActivityActor = USER
): Promise<ForgetResult> {
  return inspect(e, async () => {
    if (input.what === 'text') return forgetText(e, input.text, currentHashes(e), actor)
    if (input.what === 'archived') return forgetArchived(e, input.archiveId, input.path, actor)
    const history = historyOn(e)
    const current = currentHashes(e)
    const what = input.what === 'file' ? { ...input, path: e.path(input.path).display } : input
    const hashes = await history.versionsNamed(what, current, pacer())
    if (!hashes.size) return { forgotten: 0, stillInFiles: [], elsewhere: [] }
    const forgotten = await history.forget(hashes, actor)
    const stillInFiles: string[] = []
    for (const [rel, entry] of e.parts.index.entries())
      if (hashes.has(entry.hash)) stillInFiles.push(displayOf(rel))
    e.emit([], actor)
    return { forgotten, stillInFiles, elsewhere: [] }
  })
}

/**
 * The secret scan's one-click fix: the file's secrets become `[redacted: kind]` (a user save,
 * so it is undoable like any other and refused if the file moved on), then every version in
 * history holding one of them is forgotten, that save's undo text included.
 */
export async function forgetSecrets(e: Engine, path: string): Promise<ForgetSecretsResult> {
  const file = await read(e, path)
  if (file.truncated)
    throw new CairnError('MEMORY_REFUSED', `${file.path} is too large to fix here; edit it.`)
  const findings = await findSecrets(file.content)
  const secrets = new Set(findings.map((found) => file.content.slice(found.start, found.end)))
  if (!secrets.size) return { removed: 0, forgotten: 0, stillInFiles: [], elsewhere: [] }
  const content = redact(file.content, findings)
  await write(e, { path, content, expectedHash: file.hash, secrets: 'allow' })
  const forgotten = { forgotten: 0, stillInFiles: [] as string[], elsewhere: [] as KeptPlace[] }
  for (const text of secrets) {
    const one = await forget(e, { what: 'text', text })
    forgotten.forgotten += one.forgotten
    forgotten.stillInFiles.push(
      ...one.stillInFiles.filter((p) => !forgotten.stillInFiles.includes(p))
    )
    const named = new Set(forgotten.elsewhere.map((place) => JSON.stringify(place)))
    forgotten.elsewhere.push(...one.elsewhere.filter((p) => !named.has(JSON.stringify(p))))
  }
  return { removed: findings.length, ...forgotten }
}

function currentHashes(e: Engine): Set<string> {
  const hashes = new Set<string>()
  for (const [, entry] of e.parts.index.entries()) hashes.add(entry.hash)
  return hashes
}

function historyOn(e: Engine): History {
  if (!e.parts.history) throw new CairnError('MEMORY_REFUSED', 'Version history is off.')
  return e.parts.history
}
