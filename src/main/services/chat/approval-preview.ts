import type { ApprovalCommand, ApprovalPreview } from '@shared/approval'
import { CairnError } from '@shared/errors'
import type { MemoryFile, MemoryListInput, MemoryListPage } from '@shared/memory'
import { parseCommand } from '../memory/commands/input'
import { withInserted } from '../memory/commands/insert'
import { occurrences } from '../memory/commands/str-replace'
import { parseMemoryPath } from '../memory/paths'

/*
 * What one of Claude's memory commands would do, computed from a read of the folder, without
 * writing anything. A command that cannot apply (a missing file, an old_str that is not unique, a
 * create over an existing file) has no preview: the engine answers its error and nothing changes,
 * so there is nothing to approve.
 */

/** The reads the preview needs (the memory service has both; each goes through its queue). */
export interface MemoryPeek {
  read(path: string): Promise<MemoryFile>
  list(input?: MemoryListInput): Promise<MemoryListPage>
}

export interface PlannedChange {
  command: ApprovalCommand
  path: string
  preview: ApprovalPreview
}

/** Longer texts are not sent to the card: the diff would be unreadable and slow to compute. */
export const PREVIEW_MAX_CHARS = 100_000

type Look =
  | { kind: 'file'; file: MemoryFile }
  | { kind: 'folder'; items: number }
  | { kind: 'missing' }
  | { kind: 'unreadable'; message: string }

async function look(peek: MemoryPeek, path: string): Promise<Look> {
  try {
    return { kind: 'file', file: await peek.read(path) }
  } catch (readError) {
    try {
      const page = await peek.list({ path, limit: 1 })
      return { kind: 'folder', items: page.total }
    } catch {
      const error = CairnError.from(readError)
      return error.code === 'MEMORY_NOT_FOUND'
        ? { kind: 'missing' }
        : { kind: 'unreadable', message: error.detail }
    }
  }
}

const items = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`

function textChange(before: string | null, after: string | null): ApprovalPreview {
  if ((before?.length ?? 0) > PREVIEW_MAX_CHARS || (after?.length ?? 0) > PREVIEW_MAX_CHARS)
    return {
      before: null,
      after: null,
      note: 'The file is too large to show the change here. Open it in Memory to read it.'
    }
  return { before, after }
}

/** The text of a file that an edit can change, or null when the engine would refuse the edit. */
function editable(found: Look): string | null {
  return found.kind === 'file' && !found.file.truncated ? found.file.content : null
}

export async function previewChange(
  input: unknown,
  peek: MemoryPeek
): Promise<PlannedChange | null> {
  const parsed = parseCommand(input)
  if (!parsed.ok) return null
  const command = parsed.command
  if (command.command === 'view') return null
  const target = parseMemoryPath(command.command === 'rename' ? command.old_path : command.path)
  if (!target.ok) return null
  const path = target.path.display
  const planned = (preview: ApprovalPreview): PlannedChange => ({
    command: command.command as ApprovalCommand,
    path,
    preview
  })
  if (target.path.isRoot) return null
  const found = await look(peek, path)
  if (found.kind === 'unreadable')
    return planned({
      before: null,
      after: null,
      note: `Cairn could not read ${path} to show this change: ${found.message}`
    })
  switch (command.command) {
    case 'create':
      return found.kind === 'missing' ? planned(textChange(null, command.file_text)) : null
    case 'str_replace': {
      const text = editable(found)
      if (text === null || command.old_str === '') return null
      const at = occurrences(text, command.old_str)
      if (at.length !== 1) return null
      const start = at[0] as number
      const next =
        text.slice(0, start) + command.new_str + text.slice(start + command.old_str.length)
      return planned(textChange(text, next))
    }
    case 'insert': {
      const text = editable(found)
      const next =
        text === null ? null : withInserted(text, command.insert_line, command.insert_text)
      return next === null ? null : planned(textChange(text, next))
    }
    case 'delete':
      if (found.kind === 'missing') return null
      if (found.kind === 'folder')
        return planned({
          before: null,
          after: null,
          note: `Deletes the folder ${path} and everything in it (${items(found.items)}).`
        })
      return planned(
        found.file.truncated
          ? { before: null, after: null, note: `Deletes ${path}, a file too large to show here.` }
          : textChange(found.file.content, null)
      )
    case 'rename': {
      const to = parseMemoryPath(command.new_path)
      if (found.kind === 'missing' || !to.ok || to.path.isRoot) return null
      if ((await look(peek, to.path.display)).kind !== 'missing') return null
      const moved = { before: null, after: null, to: to.path.display }
      return planned(
        found.kind === 'folder'
          ? { ...moved, note: `Moves the folder and everything in it (${items(found.items)}).` }
          : { ...moved, note: 'Moves the file; its text is unchanged.' }
      )
    }
  }
}
