import type { KeptPlace } from '@shared/memory/history'
import { filesHolding } from '../../fs/find-text'
import type { Pace } from '../core/pace'
import { displayOf } from '../jail/paths'

// Where the memory engine still keeps a text besides history's versions (issue 35): the memory
// files, the archive, and the state folder (activity log, index, history's list). Forget says
// each place by name (never a host path), with the text masked in any name shown.

export const FORGOTTEN_MASK = '[forgotten]'

export interface KeptText {
  /** Memory files that hold the text now (`/memories/...`). */
  files: string[]
  elsewhere: KeptPlace[]
}

/** `forgotten`: asked after a Forget, which took the text out of the activity log's messages. */
export async function keptText(
  folders: { root: string; stateDir: string },
  text: string,
  pace: Pace,
  forgotten: boolean
): Promise<KeptText> {
  const mask = (name: string) => name.split(text).join('•••')
  const files = (await filesHolding(folders.root, text, { pace })).map(displayOf)
  const elsewhere: KeptPlace[] = []
  const other = new Map<string, string>()
  for (const rel of await filesHolding(folders.stateDir, text, { pace })) {
    const [top, archiveId, ...rest] = rel.split('/')
    if (top === 'archive' && archiveId && rest.length) {
      elsewhere.push({ kind: 'archive', archiveId, path: mask(displayOf(rest.join('/'))) })
      continue
    }
    const [name, advice] = stateName(rel, forgotten)
    other.set(mask(name), advice)
  }
  for (const [name, advice] of other) elsewhere.push({ kind: 'other', name, advice })
  return { files: files.map(mask), elsewhere }
}

/** A state file's name for the user, and what would take the text out of it. */
function stateName(rel: string, forgotten: boolean): [string, string] {
  const inName = 'A file or folder name holds it: rename or delete that file, then forget again.'
  if (/^activity(\.\d+)?\.jsonl$/.test(rel))
    return ['Activity log', forgotten ? inName : 'Forget takes it out of the log.']
  if (rel === 'memory-index.json') return ['Memory index', inName]
  if (rel.startsWith('history/')) return ["History's list of versions", inName]
  return [`Memory state: ${rel}`, 'Cairn does not know this file; remove it by hand.']
}
