import { CairnError } from '@shared/errors'
import { MEMORY_ROOT } from '@shared/memory/memory'
import { toShownError } from '../../lib/errors'
import { baseName } from './memory-paths'

// The engine words its refusals for Claude (docs: the memory tool's result strings are fixed by
// spec), and the inspector gets the same words. This is the one place that turns them into plain
// words for the person who typed a name in New file or Rename, each with what to do next.

/** What the user asked for: a new file at `to`, or `from` renamed (or moved) to `to`. */
export interface NameAttempt {
  to: string
  from?: string
  /** Whether a path in memory is a file or a folder, when the inspector has it listed. */
  kindAt?(path: string): 'file' | 'folder' | undefined
}

const CHOOSE = 'Choose another name.'

/** Why the typed path reads as no name at all ("" or "/"), checked before anything is sent. */
export function emptyNameProblem(to: string): string | null {
  return to === `${MEMORY_ROOT}/` || to.endsWith('/')
    ? 'Type a file name, such as notes.md or work/notes.md.'
    : null
}

/** A failed New file or Rename, in plain words with a next step. */
export function explainNameFailure(failure: unknown, attempt: NameAttempt): string {
  const { code, detail } = CairnError.from(failure)
  const plain = plainWords(code, detail, attempt)
  if (plain) return plain
  // Caps, secrets, a full disk: main's message already says what to do.
  const shown = toShownError(failure)
  return shown.nextStep ? `${shown.message} ${shown.nextStep}` : shown.message
}

function plainWords(code: string, detail: string, attempt: NameAttempt): string | null {
  const { to, from } = attempt
  const name = baseName(to)
  const folder = parentOf(to)
  if (code === 'MEMORY_EXISTS') {
    const twin = /already exists, and the two names differ only in letter case/.test(detail)
      ? /Use (\S+), or choose another name/.exec(detail)?.[1]
      : undefined
    if (twin)
      return `${folder} already has ${baseName(twin)}, a name that differs from ${name} only in capitals or accents; many disks treat the two as one. ${CHOOSE}`
    const kind = attempt.kindAt?.(to)
    const what = kind === 'folder' ? 'A folder' : kind === 'file' ? 'A file' : 'Something'
    return `${what} named ${name} already exists in ${folder}. ${CHOOSE}`
  }
  if (code === 'MEMORY_NOT_FOUND' && from)
    return `${from} is no longer in memory: it may have been renamed or deleted. Press Cancel and choose it again in the list on the left.`
  if (code !== 'MEMORY_REFUSED') return null
  const blocked = /: (\/memories\S*) is a file, not a folder/.exec(detail)?.[1]
  if (blocked)
    return `${blocked} is a file, so nothing can go inside it. Choose another folder, or another name.`
  const reason = /is not allowed: (.*?)\.?$/.exec(detail)?.[1]
  if (reason === undefined) return null
  return refusedName(reason, name)
}

/** The engine's reason a path is not allowed ("it contains …"), said for a person naming a file. */
function refusedName(reason: string, name: string): string {
  if (/"\." and "\.\." segments/.test(reason))
    return 'A path cannot contain "." or ".." parts: every file stays inside the memory folder. Type a name such as notes.md, or a folder and a name such as work/notes.md.'
  if (/backslash/.test(reason))
    return 'Use / to separate folders, not \\. Type a path such as work/notes.md.'
  if (/invisible|control|surrogate/.test(reason))
    return `The name has hidden or invisible characters (often pasted along with text). Retype it by hand.`
  if (/look-alikes/.test(reason))
    return 'The name has characters that look like . or / but are not. Retype it with a plain . and /.'
  if (/":"|< > "/.test(reason))
    return `${name} has a character files cannot have on every computer (: < > " | ? or *). ${CHOOSE}`
  if (/end with a dot or a space/.test(reason))
    return `A name cannot end with a dot or a space. Remove it at the end of ${name}.`
  if (/longer than|deeper than/.test(reason)) return `That path is too long. Choose a shorter name.`
  if (/percent-encoded/.test(reason))
    return 'Write the name in plain letters, without %-codes such as %20. Type it again.'
  // A reserved name (a Windows device, the app's temporary files): the reason says which.
  return `${name} cannot be used: ${reason}. ${CHOOSE}`
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut > 0 ? path.slice(0, cut) : MEMORY_ROOT
}
