import { FsProblem, errnoOf } from './fs-base'
import { ToolError } from '../core/tool-error'

// Friendly words for the errno codes a folder can produce; the raw text (with host paths) never leaves.
const ERRNO_TEXT: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the memory folder is on a read-only disk',
  EMFILE: 'too many files are open; try again',
  ENFILE: 'too many files are open; try again',
  ENAMETOOLONG: 'the name is too long',
  EBUSY: 'the file is busy; try again',
  EIO: 'the disk reported an input/output error',
  ENOTEMPTY: 'the folder is not empty',
  EINVAL: 'the operation is not valid for this path',
  EXDEV: 'it would cross disks',
  ELOOP: 'the path is a symbolic link, which the memory tool never follows'
}

/** Turns an unexpected filesystem error into a message without host paths or errno text. */
export function ioFailure(action: string, display: string, error: unknown): ToolError {
  if (error instanceof ToolError) return error
  if (error instanceof FsProblem)
    return new ToolError('io', `Error: Could not ${action} ${display}.`)
  const reason = ERRNO_TEXT[errnoOf(error) ?? ''] ?? 'an unexpected error occurred'
  return new ToolError('io', `Error: Could not ${action} ${display}: ${reason}.`)
}

/** The message for a link met on the way: names the segment that is one, never its target. */
export function linkRefusal(display: string, linkDisplay: string): ToolError {
  const what =
    linkDisplay === display
      ? `The path ${display} is a symbolic link`
      : `The path ${display} passes through ${linkDisplay}, a symbolic link`
  return new ToolError(
    'refused',
    `Error: ${what}; the memory tool never follows links. Use a path without links.`
  )
}
