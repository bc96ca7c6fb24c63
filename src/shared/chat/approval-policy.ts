import type { ApprovalCommand } from './approval'
import type { MemoryWriteApproval } from '../app/settings'

/*
 * Which of Claude's memory commands wait for the user, per the `memoryWriteApproval` setting.
 * `create` never removes or overwrites anything here: the engine refuses a create over an existing
 * file ("File … already exists", per the memory tool spec), so only "every change" asks for it.
 */

const REMOVES_OR_OVERWRITES: ReadonlySet<string> = new Set([
  'delete',
  'rename',
  'str_replace',
  'insert'
])
const WRITES: ReadonlySet<string> = new Set([...REMOVES_OR_OVERWRITES, 'create'])

export function needsApproval(
  mode: MemoryWriteApproval,
  command: unknown
): command is ApprovalCommand {
  if (typeof command !== 'string') return false
  switch (mode) {
    case 'automatic':
      return false
    case 'ask-destructive':
      return REMOVES_OR_OVERWRITES.has(command)
    case 'ask-all':
      return WRITES.has(command)
  }
}
