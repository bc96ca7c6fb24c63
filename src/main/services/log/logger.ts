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

export interface LoggerOptions {
  /** File to append JSON lines to (created 0600). */
  file?: string
  /** Extra sink, e.g. the console in development or a capture in tests. */
  sink?: (line: string) => void
  clock?: () => Date
}

const MASK = '[redacted]'

export function createLogger({ file, sink, clock = () => new Date() }: LoggerOptions): Logger {
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
    for (const secret of secrets) line = line.split(secret).join(MASK)
    sink?.(line)
    if (file) {
      try {
        appendFileSync(file, line + '\n', { mode: 0o600 })
      } catch {
        // A log that cannot be written must never take the app down.
      }
    }
  }
  return {
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
