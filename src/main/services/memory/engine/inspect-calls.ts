import { ZodError } from 'zod'
import { CairnError, type ErrorCode } from '@shared/errors'
import { ToolError, type ToolErrorKind } from '../core/tool-error'
import type { Engine } from './engine'

// The inspector's calls run in the queue and fail as CairnErrors with a code.

const KIND_CODES: Record<ToolErrorKind, ErrorCode> = {
  invalid: 'BAD_INPUT',
  'not-found': 'MEMORY_NOT_FOUND',
  exists: 'MEMORY_EXISTS',
  refused: 'MEMORY_REFUSED',
  cap: 'MEMORY_CAP',
  conflict: 'MEMORY_CONFLICT',
  io: 'MEMORY_IO',
  secret: 'MEMORY_SECRET'
}

/** Runs an inspector call in the queue; failures become CairnErrors with a code. */
export async function inspect<T>(e: Engine, task: () => Promise<T>): Promise<T> {
  if (e.closed) throw e.closedError()
  try {
    return await e.queue.run(task)
  } catch (error) {
    // A call that failed part-way may have changed what it did not get to report.
    e.listing.invalidate()
    throw toCairn(e, error)
  }
}

export function toCairn(e: Engine, error: unknown): CairnError {
  if (error instanceof CairnError) return error
  if (error instanceof ToolError) {
    return new CairnError(KIND_CODES[error.kind], e.scrub(error.message.replace(/^Error: /, '')))
  }
  if (error instanceof ZodError) return toCairn(e, badInput(error))
  e.parts.logger?.error('memory inspector call failed', { error })
  return new CairnError('INTERNAL', 'The memory folder could not be read or written.')
}

export function badInput(error: ZodError): ToolError {
  const issue = error.issues[0]
  const field = issue?.path.map(String).join('.') || 'input'
  return new ToolError('invalid', `Error: Invalid ${field}: ${issue?.message ?? 'not valid'}.`)
}
