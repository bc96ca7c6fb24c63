import { z } from 'zod'

// Every failure that crosses the bridge carries one of these codes, so the UI can pick a next step.
export const ErrorCodeSchema = z.enum([
  'BAD_INPUT',
  'FORBIDDEN_SENDER',
  'UNKNOWN_CHANNEL',
  'KEYCHAIN_UNAVAILABLE',
  'SETTINGS_INVALID',
  'SETTINGS_WRITE_FAILED',
  'OPEN_FOLDER_FAILED',
  'OPEN_LINK_FAILED',
  'MEMORY_NOT_FOUND',
  'MEMORY_EXISTS',
  'MEMORY_CONFLICT',
  'MEMORY_CAP',
  /** The text holds a secret (see the secret guard); the message names its kind and line. */
  'MEMORY_SECRET',
  'MEMORY_REFUSED',
  'MEMORY_IO',
  'MEMORY_CLOSED',
  /** The app started with memory off (the memory folder could not be opened). */
  'MEMORY_OFF',
  'CHAT_NOT_FOUND',
  'CHAT_BUSY',
  'CHAT_NOTHING_TO_RETRY',
  'CHAT_NOTHING_TO_CONTINUE',
  'CHAT_WRITE_FAILED',
  'EXPORT_FAILED',
  /** An import archive was refused (damaged, hostile, not ours) or its preview went stale. */
  'IMPORT_REFUSED',
  /** A file that cannot be attached: its type, its size, or the API's limits per request. */
  'ATTACHMENT_REFUSED',
  /** An attachment named by hash that is not (or no longer) stored. */
  'ATTACHMENT_MISSING',
  /** The system refused a global shortcut (another app holds it); the old one stays. */
  'SHORTCUT_TAKEN',
  /** Quick ask cannot act here (no window to show, no desktop session). */
  'QUICK_ASK_UNAVAILABLE',
  /** An MCP server that is not (or no longer) configured. */
  'MCP_NOT_FOUND',
  /** The MCP servers file could not be written; nothing changed. */
  'MCP_WRITE_FAILED',
  /** A server could not answer a prompt or resource request (not connected, refused it). */
  'MCP_REQUEST_FAILED',
  /** An MCP Bundle that cannot be installed (its archive, manifest or platform), with why. */
  'MCP_BUNDLE_REFUSED',
  /** A bundle setting the user gave that does not fit (missing, not a number, out of range). */
  'MCP_BUNDLE_SETTING',
  /** The bundle preview an install names is no longer open. */
  'MCP_BUNDLE_GONE',
  /** The MCP servers file could not be read; nothing is saved over it. */
  'MCP_READ_FAILED',
  /** A memory space (a project's memory) that is not (or no longer) listed. */
  'SPACE_NOT_FOUND',
  /** A folder that cannot be a memory space (a system folder, Cairn's own, inside another). */
  'SPACE_REFUSED',
  /** A tidy session that is not (or no longer) open: finished and applied, cancelled, or gone. */
  'TIDY_NOT_FOUND',
  /** A tidy cannot start or apply as asked (no key, another one running, a set that splits). */
  'TIDY_REFUSED',
  'INTERNAL'
])
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export const AppErrorShapeSchema = z.object({ code: ErrorCodeSchema, message: z.string() })
export type AppErrorShape = z.infer<typeof AppErrorShapeSchema>

/**
 * A failure with a code and a message written for the person reading it (`detail`).
 * `message` carries the code as a `[CODE] ` prefix because Electron's contextBridge copies only an
 * error's message into the page; `CairnError.from` reads it back on the renderer side.
 */
export class CairnError extends Error {
  override readonly name = 'CairnError'
  constructor(
    readonly code: ErrorCode,
    readonly detail: string
  ) {
    super(`[${code}] ${detail}`)
  }

  static from(error: unknown): CairnError {
    if (error instanceof CairnError) return error
    const message = messageOf(error)
    // The first `[CODE] ` that names a real code; whatever wrapped it ("Error: ", "Error invoking
    // remote method ...: ") is dropped, and brackets inside the detail are kept.
    for (const match of message.matchAll(/\[([A-Z_]+)\] /g)) {
      const code = ErrorCodeSchema.safeParse(match[1])
      if (code.success)
        return new CairnError(code.data, message.slice(match.index + match[0].length))
    }
    return new CairnError('INTERNAL', message || 'Something went wrong.')
  }
}

export function isCairnError(value: unknown): value is CairnError {
  return value instanceof CairnError
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return (error as { message: string }).message
  return ''
}
