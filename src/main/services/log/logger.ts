import { appendFileSync } from 'node:fs'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** Masks this value wherever it would appear in a later log line (API keys and the like). */
  redact(secret: string): void
}

/** The logger with the redaction it applies, for text that is about to leave the process. */
export interface RedactingLogger extends Logger {
  /** `text` with every secret passed to redact() masked. */
  scrub(text: string): string
}

export interface LoggerOptions {
  /** File to append JSON lines to (created 0600). Plain Node; tests and the harness use it. */
  file?: string
  /** Where the app writes: electron-log's rotating file (see rotating-file.ts). Gets redacted lines. */
  transport?: (level: LogLevel, line: string) => void
  /** Extra sink, e.g. the console in development or a capture in tests. */
  sink?: (line: string) => void
  clock?: () => Date
}

const MASK = '[redacted]'

export function createLogger({
  file,
  transport,
  sink,
  clock = () => new Date()
}: LoggerOptions): RedactingLogger {
  // Longest first, so a secret that contains another is masked whole, not left with a visible tail.
  let secrets: string[] = []
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    const time = clock().toISOString()
    let line: string
    try {
      line = JSON.stringify({ time, level, message, ...fields }, errorReplacer)
    } catch {
      // Fields that cannot be serialized (a cycle, a BigInt) must not turn logging into a crash.
      line = JSON.stringify({ time, level, message, fields: '[unserializable]' })
    }
    line = scrub(line)
    sink?.(line)
    if (transport) {
      try {
        transport(level, line)
      } catch {
        // Same rule as the file: logging never throws into the caller.
      }
    }
    if (file) {
      try {
        appendFileSync(file, line + '\n', { mode: 0o600 })
      } catch {
        // A log that cannot be written must never take the app down.
      }
    }
  }
  const scrub = (text: string): string => {
    let out = text
    for (const secret of secrets) out = out.split(secret).join(MASK)
    return out
  }
  return {
    scrub,
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    redact: (secret) => {
      if (secret.length < 4) return
      const escaped = JSON.stringify(secret).slice(1, -1) // as it appears inside a JSON line
      secrets = [...new Set([...secrets, secret, escaped])].sort((a, b) => b.length - a.length)
    }
  }
}

function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value
}
