import Anthropic from '@anthropic-ai/sdk'
import type { Logger } from '../../log/logger'

/** How the SDK client is built; tests point `baseURL` at the fake server. */
export interface AnthropicOptions {
  /** Default https://api.anthropic.com. */
  baseURL?: string
  /** Per-request timeout (default the SDK's 10 minutes). */
  timeoutMs?: number
  fetch?: typeof fetch
}

export const DEFAULT_BASE_URL = 'https://api.anthropic.com'

/*
 * The SDK's own retries are off: Cairn retries itself so it can show the countdown and stop at
 * once. The key is passed in explicitly, so the SDK never reads credentials from the
 * environment or a profile on its own.
 */
export function createAnthropicClient(
  apiKey: string,
  options: AnthropicOptions,
  logger: Logger
): Anthropic {
  const log =
    (level: 'warn' | 'error' | 'info' | 'debug') =>
    (message: string, ...rest: unknown[]) =>
      logger[level](`anthropic sdk: ${message}`, rest.length > 0 ? { detail: brief(rest[0]) } : {})
  return new Anthropic({
    apiKey,
    baseURL: options.baseURL ?? DEFAULT_BASE_URL,
    maxRetries: 0,
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    logger: { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') },
    logLevel: 'warn',
    openTelemetry: false
  })
}

function brief(value: unknown): string {
  const text = typeof value === 'string' ? value : value instanceof Error ? value.message : ''
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

export interface AnthropicClients {
  /** The client for `apiKey`, or for the saved key; null when there is none. */
  get(apiKey?: string): Promise<Anthropic | null>
}

/** One client per key: building one per turn costs time on every message. */
export function createAnthropicClients(deps: {
  apiKey: () => Promise<string | null>
  options: AnthropicOptions
  logger: Logger
}): AnthropicClients {
  let cached: { key: string; client: Anthropic } | null = null
  return {
    async get(apiKey) {
      const key = apiKey ?? (await deps.apiKey())
      if (!key) {
        cached = null // a cleared key leaves no client holding it
        return null
      }
      if (cached?.key !== key)
        cached = { key, client: createAnthropicClient(key, deps.options, deps.logger) }
      return cached.client
    }
  }
}
