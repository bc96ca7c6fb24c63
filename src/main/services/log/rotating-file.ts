import { open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import electronLog from 'electron-log/node'
import type { LogLevel } from './logger'

/*
 * The app's log file: electron-log's file transport (size-based rotation to main.old.log) in the
 * user log folder. The Node entry point, not electron-log/main: that one would open its own IPC
 * channel for renderer logging, a path into main that bypasses the contract's registry.
 */

export const LOG_FILE_NAME = 'main.log'
/** One active file and one rotated file, so at most twice this on disk. */
export const LOG_MAX_BYTES = 1024 * 1024

export interface RotatingLogFile {
  readonly file: string
  write(level: LogLevel, line: string): void
}

export function createRotatingLogFile(
  logsDir: string,
  options: { maxBytes?: number } = {}
): RotatingLogFile {
  const file = join(logsDir, LOG_FILE_NAME)
  const log = electronLog.create({ logId: `cairn:${file}` })
  log.transports.console.level = false
  if (log.transports.ipc) log.transports.ipc.level = false
  if (log.transports.remote) log.transports.remote.level = false
  const transport = log.transports.file
  transport.level = 'silly'
  transport.resolvePathFn = () => file
  transport.maxSize = options.maxBytes ?? LOG_MAX_BYTES
  // Our lines are already formatted JSON (and redacted): written as they are.
  transport.format = '{text}'
  transport.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  return {
    file,
    write: (level, line) => log[level](line)
  }
}

/** The last `count` lines of the log (the rotated file first when the current one is short). */
export async function readLogTail(logsDir: string, count: number): Promise<string[]> {
  const lines: string[] = []
  for (const name of [LOG_FILE_NAME, LOG_FILE_NAME.replace(/\.log$/, '.old.log')]) {
    if (lines.length >= count) break
    const text = await readTail(join(logsDir, name), 256 * 1024)
    const fileLines = text.split('\n').filter((line) => line.trim() !== '')
    lines.unshift(...fileLines.slice(-(count - lines.length)))
  }
  return lines.slice(-count)
}

async function readTail(file: string, maxBytes: number): Promise<string> {
  try {
    const handle = await open(file, 'r')
    try {
      const { size } = await handle.stat()
      if (size <= maxBytes) return await readFile(handle, 'utf8')
      const buffer = Buffer.alloc(maxBytes)
      await handle.read(buffer, 0, maxBytes, size - maxBytes)
      // Drop the first, probably partial, line.
      const text = buffer.toString('utf8')
      return text.slice(text.indexOf('\n') + 1)
    } finally {
      await handle.close()
    }
  } catch {
    return ''
  }
}
