import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { MCP_STDERR_TAIL_LINES } from '@shared/mcp/servers'

/*
 * A stdio server's stderr: kept in its own file under the logs folder (so the user can open it)
 * and its last lines in memory for the status. The file is bounded: past the cap it is moved to
 * `<id>.old.log` and started again, so a chatty server costs at most twice the cap on disk.
 */

export const MCP_LOG_MAX_BYTES = 512 * 1024
/** A line longer than this is cut in the tail (the file keeps it whole, within its cap). */
const TAIL_LINE_MAX = 500

export interface StderrLog {
  readonly file: string
  write(chunk: Buffer | string): void
  /** The last lines, oldest first. */
  tail(): string[]
  /** A line of Cairn's own (a start, an exit), stamped, in the file only. */
  note(text: string): void
  close(): void
}

export function openStderrLog(
  logDir: string,
  serverId: string,
  clock: () => Date,
  maxBytes = MCP_LOG_MAX_BYTES
): StderrLog {
  mkdirSync(logDir, { recursive: true })
  const file = join(logDir, `mcp-${serverId}.log`)
  // Plain synchronous appends on one descriptor (as the app's own logger does): a stderr chunk
  // is small, and a rotation then never races a write still in flight.
  let fd: number | null = null
  // What an earlier run left counts toward the cap too.
  let written = sizeOf(file)
  const lines: string[] = []
  let partial = ''

  const close = (): void => {
    if (fd !== null) closeSync(fd)
    fd = null
  }
  const append = (text: string): void => {
    try {
      const bytes = Buffer.byteLength(text)
      if (written + bytes > maxBytes) {
        close()
        try {
          renameSync(file, join(logDir, `mcp-${serverId}.old.log`))
        } catch {
          // Nothing to move (the file was removed meanwhile): start the fresh one anyway.
        }
        written = 0
      }
      fd ??= openSync(file, 'a', 0o600)
      writeSync(fd, text)
      written += bytes
    } catch {
      // A log that cannot be written must not take the server down with it.
    }
  }
  const pushLine = (line: string): void => {
    lines.push(line.length > TAIL_LINE_MAX ? `${line.slice(0, TAIL_LINE_MAX)}…` : line)
    if (lines.length > MCP_STDERR_TAIL_LINES) lines.splice(0, lines.length - MCP_STDERR_TAIL_LINES)
  }

  return {
    file,
    write(chunk) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8')
      append(text)
      const parts = (partial + text).split(/\r?\n/)
      partial = parts.pop() ?? ''
      // A line that never ends must not grow without bound either.
      if (partial.length > TAIL_LINE_MAX * 4) {
        parts.push(partial)
        partial = ''
      }
      for (const line of parts) if (line.trim() !== '') pushLine(line)
    },
    tail: () =>
      partial.trim() !== ''
        ? [...lines, partial.slice(0, TAIL_LINE_MAX)].slice(-MCP_STDERR_TAIL_LINES)
        : [...lines],
    note(text) {
      append(`[cairn ${clock().toISOString()}] ${text}\n`)
    },
    close
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}
