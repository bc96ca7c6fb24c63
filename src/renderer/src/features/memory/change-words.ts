import {
  HISTORY_KEEPS_UP_TO,
  type ActivityActor,
  type ActivityEntry,
  type NotKept
} from '@shared/memory/memory'
import type { HistoryVersion } from '@shared/memory/history'
import { formatBytes } from '../../lib/format'
import type { ShownError } from '../../lib/errors'

// Memory changes in words for people: "Claude edited about-me.md", "You renamed a.md → b.md",
// "Deleted outside Cairn: notes.md". No internal command names reach the screen.

/** `/memories/people/me.md` → `people/me.md`. */
export function fileName(path: string): string {
  return path.replace(/^\/memories\/?/, '') || 'the memory folder'
}

export function errorText(error: ShownError): string {
  return error.nextStep ? `${error.message} ${error.nextStep}` : error.message
}

type Outside = 'created' | 'edited' | 'deleted' | 'renamed'

/**
 * An outside change is a creation, an edit, a deletion or a rename: what the versions (or sizes)
 * say. A rename names two paths (old, new) of one file.
 */
export function outsideKind(entry: ActivityEntry): Outside {
  const v = entry.versions?.[0]
  if (v?.from || (!v && entry.message.startsWith('renamed outside'))) return 'renamed'
  const before = v ? v.before : entry.bytesBefore
  const after = v ? v.after : entry.bytesAfter
  if (before === null && after !== null) return 'created'
  if (after === null && before !== null) return 'deleted'
  return 'edited'
}

function actorWord(actor: ActivityActor): string {
  if (actor.kind === 'claude') return 'Claude'
  if (actor.kind === 'user') return 'You'
  if (actor.kind === 'system') return 'Expiry'
  // Sync brings another device's changes in through the engine, named as such.
  if (actor.device) return 'Another device (sync)'
  return 'Outside Cairn'
}

/** What an entry changed, named for people: one file, or `a.md → b.md` for a rename. */
export function entryTarget(entry: ActivityEntry): string {
  if (entry.command === 'rename' || (isOutsideRename(entry) && !isOutsideBatch(entry))) {
    const from = entry.versions?.[0]?.from ?? entry.paths[0]
    const to = entry.versions?.[0]?.path ?? entry.paths[1]
    return `${fileName(from ?? '?')} → ${fileName(to ?? '?')}`
  }
  return namesText(entry.paths)
}

/** A few names, then how many more: "a.md, b.md, c.md and 38 more" (a sweep names 41). */
export function namesText(paths: readonly string[], shown = 3): string {
  const names = paths.map(fileName)
  if (names.length <= shown + 1) return names.join(', ')
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`
}

/**
 * One batch of outside changes (issue 36): many files in one entry, one Undo, its files listed.
 * A single file's change, or a single rename (old and new path), is not.
 */
export function isOutsideBatch(entry: ActivityEntry): boolean {
  if (entry.command !== 'external' || entry.outcome !== 'ok') return false
  if (entry.versions) return entry.versions.length > 1
  return entry.paths.length > 1 && outsideKind(entry) !== 'renamed'
}

function isOutsideRename(entry: ActivityEntry): boolean {
  return entry.command === 'external' && outsideKind(entry) === 'renamed'
}

/** The files a batch changed, as they are named now (a renamed file by its new name). */
export function batchFiles(entry: ActivityEntry): string[] {
  return entry.versions ? entry.versions.map((v) => v.path) : entry.paths
}

/** One sweep's entry (issue 36): many files, one entry, one Undo. A one-file entry is not. */
export function isSweepEntry(entry: ActivityEntry): boolean {
  return entry.command === 'expire' && entry.paths.length > 1
}

const VERBS: Record<string, [done: string, tried: string]> = {
  create: ['created', 'create'],
  str_replace: ['edited', 'edit'],
  insert: ['edited', 'edit'],
  write: ['edited', 'edit'],
  delete: ['deleted', 'delete'],
  rename: ['renamed', 'rename'],
  mkdir: ['created the folder', 'create the folder'],
  restore: ['restored', 'restore'],
  revert: ['undid a change to', 'undo a change to'],
  expire: ['expired', 'expire'],
  archive: ['archived', 'archive'],
  import: ['imported', 'import']
}

/** One human sentence for an activity entry (the conversation, if any, is added by the UI). */
export function entrySentence(entry: ActivityEntry): string {
  // History's own pruning: the engine's message says how many versions of how many files, and why.
  if (entry.command === 'prune') return entry.message || 'History pruned old versions'
  if (entry.command === 'forget') return entry.message || 'You had history forget versions'
  // An import names its archive and count ("Imported 3 files from x.cairnmem"), not every file.
  if (entry.command === 'import-history') return entry.message
  // A tidy is one entry for every change the user accepted; its message counts them.
  if (entry.command === 'tidy' && entry.outcome === 'ok' && entry.message) return entry.message
  if (entry.command === 'import' && entry.outcome === 'ok' && entry.message)
    return `You ${entry.message.charAt(0).toLowerCase()}${entry.message.slice(1)}`
  const target = entryTarget(entry)
  if (isOutsideBatch(entry)) {
    const files = batchFiles(entry)
    return `${files.length} files changed outside Cairn: ${namesText(files)}`
  }
  if (entry.command === 'external') {
    const kind = outsideKind(entry)
    return `${kind[0]?.toUpperCase()}${kind.slice(1)} outside Cairn: ${target}`
  }
  if (isSweepEntry(entry) && entry.outcome === 'ok') {
    const how = entry.archiveId ? 'moved to the archive' : 'deleted'
    return `Expiry swept ${entry.paths.length} files (${how}): ${target}`
  }
  if (entry.command === 'expire' && entry.outcome === 'ok') return `${target} expired`
  const [done, tried] = VERBS[entry.command] ?? [entry.command, entry.command]
  const who = actorWord(entry.actor)
  if (entry.outcome === 'error') return `${who} tried to ${tried} ${target}, refused`
  if (entry.command === 'restore') return `${who} ${done} ${target} from the archive`
  // The undo of a whole sweep (engine/sweep-calls.ts words its message so).
  if (entry.command === 'revert' && entry.message.startsWith('Undid the sweep'))
    return `${who} undid a sweep, bringing back ${target}`
  return `${who} ${done} ${target}`
}

/** Sizes before → after: "1.2 KB → 1.4 KB", "new, 300 B", "was 2 KB". Null when neither is known. */
export function sizeText(before: number | null, after: number | null): string | null {
  if (before === null && after === null) return null
  if (before === null) return `new, ${formatBytes(after as number)}`
  if (after === null) return `was ${formatBytes(before)}`
  if (before === after) return formatBytes(after)
  return `${formatBytes(before)} → ${formatBytes(after)}`
}

/** Deletions and expiries are undone by bringing the file back; a whole sweep by Undo. */
export function undoWord(entry: ActivityEntry): 'Undo' | 'Restore' {
  if (isSweepEntry(entry) || isOutsideBatch(entry)) return 'Undo'
  const gone =
    entry.command === 'delete' ||
    entry.command === 'expire' ||
    entry.command === 'archive' ||
    (entry.command === 'external' && outsideKind(entry) === 'deleted')
  return gone ? 'Restore' : 'Undo'
}

/** Whether an entry can be offered for undo: it worked and history knows what it changed. */
export function canUndo(entry: ActivityEntry): boolean {
  return (
    entry.outcome === 'ok' &&
    (entry.versions?.length ?? 0) > 0 &&
    entry.command !== 'mkdir' &&
    // Earlier versions an import added to history: no file changed, nothing to undo.
    entry.command !== 'import-history'
  )
}

/** A version in the History list: who made it and how ("Claude edited", "Outside Cairn"). */
export function versionWords(version: HistoryVersion): string {
  const who = actorWord(version.actor)
  if (version.command === 'external')
    return version.from
      ? `Renamed outside Cairn from ${fileName(version.from)}`
      : 'Changed outside Cairn'
  if (version.command === 'expire') return 'Expired'
  if (version.command === 'import-history') return 'Earlier version, from an import'
  const [done] = VERBS[version.command] ?? [version.command]
  if (version.command === 'revert') return `${who} undid a change`
  if (version.command === 'rename' && version.from)
    return `${who} renamed it from ${fileName(version.from)}`
  return `${who} ${done} it`
}

/** A version history did not keep, in a few words: "Not kept: too large (17 MB)". */
export function notKeptLabel(why: NotKept, size: number | null): string {
  const bytes = size === null ? '' : ` (${formatBytes(size)})`
  if (why === 'forgotten') return 'Forgotten'
  return why === 'too-large'
    ? `Not kept: too large${bytes}`
    : `Not kept: larger than the history limit${bytes}`
}

/** Why there is no text to show for a version history did not keep. */
export function notKeptWhy(why: NotKept, size: number | null): string {
  const bytes = size === null ? '' : ` (${formatBytes(size)})`
  if (why === 'forgotten')
    return 'Forgotten: you had history forget this version, so its text is gone for good.'
  return why === 'too-large'
    ? `Not kept: it is too large${bytes}. History keeps versions up to 16 MB; it knows this one only by its size and time.`
    : `Not kept: this version alone${bytes} is larger than the whole history size limit, so history did not keep its text.`
}

/** What is true after a delete: history keeps the text (Activity offers Restore) unless too big. */
export function deleteWords(size: number): string {
  const gone = 'Claude will no longer remember what it holds.'
  return size > HISTORY_KEEPS_UP_TO
    ? `${gone} It is larger than history keeps (${formatBytes(HISTORY_KEEPS_UP_TO)}), so Cairn cannot bring it back.`
    : `${gone} Memory → Activity can restore it while history keeps its last version.`
}
