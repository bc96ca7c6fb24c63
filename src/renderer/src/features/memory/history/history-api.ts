import { useEffect, useState } from 'react'
import type {
  FindInHistoryResult,
  ForgetAtInput,
  ForgetAtResult,
  ForgetInput,
  ForgetResult,
  ForgetSecretsResult,
  HistoryVersion,
  KeptPlace,
  RevertOverwrite,
  RevertResult
} from '@shared/memory/history'
import type { VersionRef } from '@shared/memory/memory'
import type { SpaceId } from '@shared/memory/spaces'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'

// The one place the UI meets the engine's version history (memory:history, memory:version-text,
// memory:revert, and forgetting): if those channels change shape, only this file follows. Each
// call names the memory space it is for.

const texts = new Map<string, Promise<string>>()

/**
 * The text of a version. Content-addressed, so a hash's text never changes: kept once read (per
 * space: another space's history may not hold it).
 */
export function versionText(space: SpaceId, hash: string): Promise<string> {
  const key = `${space}:${hash}`
  let text = texts.get(key)
  if (!text) {
    text = call((api) => api.memory.versionText({ space, hash })).then((answer) => answer.text)
    text.catch(() => texts.delete(key))
    texts.set(key, text)
  }
  return text
}

export function historyOf(space: SpaceId, path: string): Promise<HistoryVersion[]> {
  return call((api) => api.memory.history({ space, path }))
}

/**
 * Undoes one activity entry; a conflict answer changed nothing and carries both texts.
 * `overwrite`: files changed since that the user chose to undo over (while still as compared).
 */
export function revert(
  space: SpaceId,
  seq: number,
  overwrite?: RevertOverwrite[]
): Promise<RevertResult> {
  return call((api) =>
    api.memory.revert({ space, seq, ...(overwrite?.length ? { overwrite } : {}) })
  )
}

/** Of these entries, the ones a later change undid. */
export async function undoneOf(space: SpaceId, seqs: number[]): Promise<Set<number>> {
  if (!seqs.length) return new Set()
  return new Set((await call((api) => api.memory.undone({ space, seqs }))).seqs)
}

/** Whether a later change undid this one (so an Undo shown again after a reload says "Undone"). */
export async function wasUndone(space: SpaceId, seq: number): Promise<boolean> {
  const { seqs } = await call((api) => api.memory.undone({ space, seqs: [seq] }))
  return seqs.includes(seq)
}

/** Versions in history holding a text the user pasted (masked lines, never the text). */
export function findInHistory(space: SpaceId, text: string): Promise<FindInHistoryResult> {
  return call((api) => api.memory.findInHistory({ space, text }))
}

/** Forgets versions from history for good; texts read before are dropped here too. */
export async function forget(space: SpaceId, what: ForgetInput): Promise<ForgetResult> {
  const result = await call((api) => api.memory.forget({ space, ...what }))
  texts.clear()
  return result
}

/** Takes a forgotten text out of one more place a Forget named; answers where it still is. */
export async function forgetAt(
  space: SpaceId,
  text: string,
  place: ForgetAtInput['place']
): Promise<ForgetAtResult> {
  const result = await call((api) => api.memory.forgetAt({ space, text, place }))
  texts.clear()
  return result
}

/** The secret scan's fix: the file's secrets redacted, and forgotten from history. */
export async function forgetSecrets(space: SpaceId, path: string): Promise<ForgetSecretsResult> {
  const result = await call((api) => api.memory.forgetSecrets({ space, path }))
  texts.clear()
  return result
}

/**
 * What a forget did, in a sentence, and what it could not: a file still holding the text, other
 * places that keep it (named here unless the caller `listed` them).
 */
export function forgotWords(result: ForgetResult, listed = false): string {
  const count = result.forgotten
  const done =
    count === 0
      ? 'History held no version of it; nothing to forget.'
      : `Forgot ${count} ${count === 1 ? 'version' : 'versions'} from history.`
  const still = result.stillInFiles
  const files = still.length
    ? ` ${still.join(', ')} still ${still.length === 1 ? 'holds' : 'hold'} it now: edit ${still.length === 1 ? 'that file' : 'those files'} to remove it.`
    : ''
  const others = result.elsewhere.length
  const where = listed ? 'listed below' : result.elsewhere.map(keptPlaceName).join('; ')
  const elsewhere = others
    ? ` Cairn still keeps it in ${others === 1 ? '1 other place' : `${others} other places`} (${where}).`
    : ''
  return `${done}${files}${elsewhere}`
}

/** A place a Forget named, for the user: what it is and which one (never a host path). */
export function keptPlaceName(place: KeptPlace): string {
  if (place.kind === 'archive') return `Archive: ${place.path}`
  if (place.kind === 'conversation') return `Conversation: ${place.title}`
  if (place.kind === 'log') return `Log: ${place.name}`
  return place.name
}

/** Puts an old version back as the user's own edit (itself in history, so it can be undone). */
export async function restoreVersion(
  space: SpaceId,
  path: string,
  text: string,
  expectedHash: string | null
) {
  return call((api) =>
    api.memory.write({ space, path, content: text, ...(expectedHash ? { expectedHash } : {}) })
  )
}

/** One side of a change: its text, '' for no file, null while loading or when history lacks it. */
export type Side = { state: 'ready'; text: string } | { state: 'loading' } | { state: 'missing' }

function sideOf(space: SpaceId, hash: string | null, unstored: boolean): Side | Promise<Side> {
  if (hash === null) return { state: 'ready', text: '' }
  if (unstored) return { state: 'missing' }
  return versionText(space, hash).then(
    (text): Side => ({ state: 'ready', text }),
    (): Side => ({ state: 'missing' })
  )
}

/** The before and after texts of a version ref, read when `enabled`. */
export function useVersionPair(
  space: SpaceId,
  ref: VersionRef | null | undefined,
  enabled: boolean
): { before: Side; after: Side; error: ShownError | null } {
  const [pair, setPair] = useState<{ key: string; before: Side; after: Side } | null>(null)
  const [error, setError] = useState<ShownError | null>(null)
  const key = ref ? `${space}:${ref.before}:${ref.after}` : ''
  useEffect(() => {
    if (!ref || !enabled) return
    let live = true
    const unstored = new Set(ref.unstored ?? [])
    Promise.all([
      sideOf(space, ref.before, unstored.has('before')),
      sideOf(space, ref.after, unstored.has('after'))
    ]).then(
      ([before, after]) => {
        if (live) setPair({ key, before, after })
      },
      (failure: unknown) => {
        if (live) setError(toShownError(failure))
      }
    )
    return () => {
      live = false
    }
    // The key names the ref's content; the object itself may be new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled])
  if (!pair || pair.key !== key)
    return { before: { state: 'loading' }, after: { state: 'loading' }, error }
  return { before: pair.before, after: pair.after, error }
}
